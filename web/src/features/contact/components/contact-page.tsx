import '@/features/contact/contact.css';
import '@/features/contact/product-question.css';

import { lazy, Suspense } from 'react';

import { StatusMessage } from '@/components/ui/status-message';
import { ContactDetails } from '@/features/contact/components/contact-details';
import { GuesthouseMap, WithGuesthouse } from '@/features/contact/components/with-guesthouse';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { getDocumentLocale } from '@/lib/i18n/locale';
import { loadDictionary } from '@/lib/i18n/messages';
import { loadChunk } from '@/lib/load-chunk';

/** The form's text when its code did not come (the generic notification has been raised). */
function InquiryNotLoaded() {
  const { t } = useI18n();
  return <StatusMessage kind="error">{t('inquiry.failed')}</StatusMessage>;
}

/**
 * The inquiry form's code (its rules, react-hook-form) and texts (the
 * product question's, in the shop's part of the dictionary) load beside
 * the page's, not with it.
 */
const InquiryForm = lazy(() =>
  loadChunk(
    () =>
      Promise.all([
        import('@/features/contact/components/product-question-form'),
        loadDictionary(getDocumentLocale(), 'shop'),
      ]),
    getDocumentLocale(),
  ).then(
    ([{ ProductQuestionForm }]) => ({ default: ProductQuestionForm }),
    () => ({ default: InquiryNotLoaded }),
  ),
);

/**
 * The contact page (spec 2.4): phones, address, reception, the
 * customer-service office, the map and route planning, as the guesthouse's
 * administrators set them, and the inquiry form (name, e-mail, phone,
 * message; sent as a question about no product), there even when the
 * details could not be loaded. The newsletter sign-up is in the footer.
 */
export function ContactPage() {
  const { t } = useI18n();
  return (
    <article className="page contact">
      <header className="page__header">
        <h1>{t('nav.contact')}</h1>
        <p className="page__lead">{t('contact.lead')}</p>
      </header>
      <WithGuesthouse>
        {(guesthouse) => (
          <>
            <ContactDetails guesthouse={guesthouse} />
            <section className="contact__map" aria-labelledby="contact-map">
              <h2 id="contact-map">{t('contact.map')}</h2>
              <GuesthouseMap guesthouse={guesthouse} />
            </section>
          </>
        )}
      </WithGuesthouse>
      <section className="contact__card contact__inquiry" aria-labelledby="contact-inquiry">
        <h2 id="contact-inquiry">{t('contact.inquiry')}</h2>
        <Suspense fallback={<StatusMessage kind="loading">{t('contact.inquiry.loading')}</StatusMessage>}>
          <InquiryForm />
        </Suspense>
      </section>
    </article>
  );
}
