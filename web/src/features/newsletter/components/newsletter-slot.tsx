/**
 * The footer's place for the newsletter sign-up. The form, its texts (the
 * `site` part of the dictionary) and its code are not part of the first
 * page load: they load when the footer comes within 400 px of the viewport
 * (at once without IntersectionObserver). Until then, and while they load,
 * an empty block of the form's height holds its place (styles.css
 * `.newsletter-slot`), so nothing moves when the form arrives. Should they
 * not come, the place stays empty (the generic notification has been raised).
 */
import { lazy, Suspense } from 'react';

import { useInView } from '@/hooks/use-in-view';
import { getDocumentLocale } from '@/lib/i18n/locale';
import { loadDictionary } from '@/lib/i18n/messages';
import { loadChunk } from '@/lib/load-chunk';

const Placeholder = () => <div className="newsletter-slot" />;

const NewsletterSignUp = lazy(async () => {
  const locale = getDocumentLocale();
  try {
    const [{ NewsletterSignUp: SignUp }] = await loadChunk(
      () => Promise.all([import('./newsletter-sign-up'), loadDictionary(locale, 'site')]),
      locale,
    );
    return { default: SignUp };
  } catch {
    return { default: Placeholder };
  }
});

export function NewsletterSlot() {
  const [ref, near] = useInView<HTMLDivElement>({ rootMargin: '400px' });
  if (!near) return <div ref={ref} className="newsletter-slot" />;
  return (
    <Suspense fallback={<Placeholder />}>
      <NewsletterSignUp />
    </Suspense>
  );
}
