import '@/features/contact/contact.css';

import { ContactDetails } from '@/features/contact/components/contact-details';
import { ContactMap } from '@/features/contact/components/contact-map';
import { DirectionsForm } from '@/features/contact/components/directions-form';
import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * The contact page (spec 2.4): phones, address, reception, the
 * customer-service office, the map and route planning. (The product inquiry
 * form comes with its server; the newsletter sign-up is in the footer.)
 */
export function ContactPage() {
  const { t } = useI18n();
  return (
    <article className="page contact">
      <header className="page__header">
        <h1>{t('nav.contact')}</h1>
        <p className="page__lead">{t('contact.lead')}</p>
      </header>
      <ContactDetails />
      <section className="contact__map" aria-labelledby="contact-map">
        <h2 id="contact-map">{t('contact.map')}</h2>
        <ContactMap />
        <DirectionsForm />
      </section>
    </article>
  );
}
