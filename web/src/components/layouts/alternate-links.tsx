import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { toLanguageTag } from '@/lib/i18n/locale';
import { usePageAlternates } from '@/lib/i18n/page-alternates';
import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * <link rel="canonical"> and rel="alternate" hreflang links of the page in
 * the document head (React places them there), from the route table: the
 * canonical form of a path, e.g. /oferta/zabiegi/ with its trailing slash,
 * without the query. Polish, the default language, is also x-default.
 * Only links known to be this very page are written.
 */
export function AlternateLinks() {
  useServerHead();
  const { locale } = useI18n();
  const exact = usePageAlternates().links.filter((link) => link.exact);
  const canonical = exact.find((link) => link.locale === locale);
  if (!canonical) return null;
  const polish = exact.find((link) => link.locale === 'pl');

  return (
    <>
      <link rel="canonical" href={canonical.href} />
      {exact.length > 1 &&
        exact.map((link) => (
          <link key={link.locale} rel="alternate" hrefLang={toLanguageTag(link.locale)} href={link.href} />
        ))}
      {exact.length > 1 && polish && <link rel="alternate" hrefLang="x-default" href={polish.href} />}
    </>
  );
}

/**
 * The head tags the server wrote into the page it sent (`data-head`, see
 * gateway/src/head.rs): its canonical and hreflang links give way to the
 * app's at once, the rest (Open Graph, JSON-LD) once the visitor leaves
 * that page, which they describe.
 */
function useServerHead() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    const tags = document.head.querySelectorAll(pathname === first.current ? 'link[data-head]' : '[data-head]');
    tags.forEach((tag) => tag.remove());
  }, [pathname]);
}
