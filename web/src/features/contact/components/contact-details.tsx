import { guesthouse, telHref, type OpeningHours } from '@/config/guesthouse';
import { useI18n } from '@/lib/i18n/i18n-provider';

function Hours({ hours }: { hours: readonly OpeningHours[] }) {
  const { t, locale } = useI18n();
  return (
    <>
      <h3 className="contact__subheading">{t('contact.hours')}</h3>
      <dl className="contact__hours">
        {hours.map((line) => (
          <div key={line.days.en_GB} className="contact__hours-line">
            <dt>{line.days[locale]}</dt>
            <dd>
              <time>{line.from}</time>–<time>{line.to}</time>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function EmailLink({ address }: { address: string }) {
  const { t } = useI18n();
  return (
    <p className="contact__line">
      {t('contact.email')}: <a href={`mailto:${address}`}>{address}</a>
    </p>
  );
}

/** The guesthouse's address, phones, reception and customer-service office (config/guesthouse.ts). */
export function ContactDetails() {
  const { t, locale } = useI18n();
  const { address, phones, reception, office } = guesthouse;
  return (
    <div className="contact__details">
      <section className="contact__card" aria-labelledby="contact-address">
        <h2 id="contact-address">{t('contact.address')}</h2>
        <address className="contact__address">
          {t('app.name')}
          <br />
          {address.street}
          <br />
          {address.postcode} {address.city}
          <br />
          {address.country[locale]}
        </address>
      </section>
      <section className="contact__card" aria-labelledby="contact-phones">
        <h2 id="contact-phones">{t('contact.phones')}</h2>
        <ul className="contact__list">
          {phones.map((phone) => (
            <li key={phone.number}>
              {phone.label[locale]}: <a href={telHref(phone.number)}>{phone.number}</a>
            </li>
          ))}
        </ul>
      </section>
      <section className="contact__card" aria-labelledby="contact-reception">
        <h2 id="contact-reception">{t('contact.reception')}</h2>
        <Hours hours={reception.hours} />
        <p className="contact__line">{reception.note[locale]}</p>
        <EmailLink address={reception.email} />
      </section>
      <section className="contact__card" aria-labelledby="contact-office">
        <h2 id="contact-office">{t('contact.office')}</h2>
        <p className="contact__line">{office.where[locale]}</p>
        <Hours hours={office.hours} />
        <p className="contact__line">
          {t('contact.phone')}: <a href={telHref(office.phone)}>{office.phone}</a>
        </p>
        <EmailLink address={office.email} />
      </section>
    </div>
  );
}
