import { telHref } from '@/config/guesthouse';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Guesthouse, GuesthouseDesk, OpeningHours } from '@/types/api';

function Hours({ hours }: { hours: readonly OpeningHours[] }) {
  const { t } = useI18n();
  if (hours.length === 0) return null;
  return (
    <>
      <h3 className="contact__subheading">{t('contact.hours')}</h3>
      <dl className="contact__hours">
        {hours.map((line, index) => (
          <div key={index} className="contact__hours-line">
            <dt>{line.days}</dt>
            <dd>
              <time>{line.from}</time>–<time>{line.to}</time>
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** A desk's place, hours, note, phone and e-mail: each only when set. */
function Desk({ desk }: { desk: GuesthouseDesk }) {
  const { t } = useI18n();
  return (
    <>
      {desk.place && <p className="contact__line">{desk.place}</p>}
      <Hours hours={desk.hours} />
      {desk.note && <p className="contact__line">{desk.note}</p>}
      {desk.phone && (
        <p className="contact__line">
          {t('contact.phone')}: <a href={telHref(desk.phone)}>{desk.phone}</a>
        </p>
      )}
      {desk.email && (
        <p className="contact__line">
          {t('contact.email')}: <a href={`mailto:${desk.email}`}>{desk.email}</a>
        </p>
      )}
    </>
  );
}

const isEmpty = (desk: GuesthouseDesk) =>
  !desk.place && !desk.phone && !desk.email && !desk.note && desk.hours.length === 0;

/** The guesthouse's address, phones, reception and customer-service office, as its administrators set them. */
export function ContactDetails({ guesthouse }: { guesthouse: Guesthouse }) {
  const { t } = useI18n();
  return (
    <div className="contact__details">
      <section className="contact__card" aria-labelledby="contact-address">
        <h2 id="contact-address">{t('contact.address')}</h2>
        <address className="contact__address">
          {guesthouse.name}
          <br />
          {guesthouse.street}
          <br />
          {guesthouse.postcode} {guesthouse.city}
          <br />
          {guesthouse.country}
        </address>
      </section>
      {guesthouse.phones.length > 0 && (
        <section className="contact__card" aria-labelledby="contact-phones">
          <h2 id="contact-phones">{t('contact.phones')}</h2>
          <ul className="contact__list">
            {guesthouse.phones.map((phone) => (
              <li key={phone.number}>
                {phone.label}: <a href={telHref(phone.number)}>{phone.number}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="contact__card" aria-labelledby="contact-reception">
        <h2 id="contact-reception">{t('contact.reception')}</h2>
        <Desk desk={guesthouse.reception} />
      </section>
      {!isEmpty(guesthouse.office) && (
        <section className="contact__card" aria-labelledby="contact-office">
          <h2 id="contact-office">{t('contact.office')}</h2>
          <Desk desk={guesthouse.office} />
        </section>
      )}
    </div>
  );
}
