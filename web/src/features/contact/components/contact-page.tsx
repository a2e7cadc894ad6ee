import '@/features/contact/contact.css';

import { StatusMessage } from '@/components/ui/status-message';
import { locationOf } from '@/config/guesthouse';
import { useGuesthouse } from '@/features/contact/api/get-guesthouse';
import { ContactDetails } from '@/features/contact/components/contact-details';
import { ContactMap } from '@/features/contact/components/contact-map';
import { DirectionsForm } from '@/features/contact/components/directions-form';
import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * The contact page (spec 2.4): phones, address, reception, the
 * customer-service office, the map and route planning, as the guesthouse's
 * administrators set them. (The product inquiry form comes with its server;
 * the newsletter sign-up is in the footer.)
 */
export function ContactPage() {
  const { t } = useI18n();
  const query = useGuesthouse();
  const guesthouse = query.data;
  return (
    <article className="page contact">
      <header className="page__header">
        <h1>{t('nav.contact')}</h1>
        <p className="page__lead">{t('contact.lead')}</p>
      </header>
      {guesthouse ? (
        <>
          <ContactDetails guesthouse={guesthouse} />
          <section className="contact__map" aria-labelledby="contact-map">
            <h2 id="contact-map">{t('contact.map')}</h2>
            <ContactMap guesthouse={guesthouse} />
            <DirectionsForm location={locationOf(guesthouse)} />
          </section>
        </>
      ) : query.isError && !query.isFetching ? (
        <StatusMessage
          kind="error"
          action={
            <button type="button" className="button" onClick={() => void query.refetch()}>
              {t('errors.retry')}
            </button>
          }
        >
          {t('contact.error')}
        </StatusMessage>
      ) : (
        <StatusMessage kind="loading">{t('contact.loading')}</StatusMessage>
      )}
    </article>
  );
}
