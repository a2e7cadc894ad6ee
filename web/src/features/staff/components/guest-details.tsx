import { useId } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Guest } from '@/types/api';

import { Fact } from './facts';

/** `tel:` wants digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The guest as they gave their details at checkout: name, e-mail and phone
 * (each a link the desk can use at once), the invoice details when they
 * asked for an invoice, and their notes.
 */
export function GuestDetails({ guest }: { guest: Guest }) {
  const { t } = useI18n();
  const headingId = useId();
  const { customer, billingAddress: billing } = guest;
  const name = `${customer.firstName ?? ''} ${customer.lastName ?? ''}`.trim();
  const address = [billing.street, `${billing.postcode} ${billing.city}`.trim(), billing.countryCode].filter(Boolean).join(', ');
  return (
    <section className="staff-guest" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('staff.guest.heading')}</h3>
      <dl className="staff-order__facts">
        <Fact label={t('staff.guest.name')}>{name || '–'}</Fact>
        <Fact label={t('staff.guest.email')}>
          {customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '–'}
        </Fact>
        <Fact label={t('staff.guest.phone')}>{customer.phone ? <a href={telHref(customer.phone)}>{customer.phone}</a> : '–'}</Fact>
        {billing.invoiceRequired && (
          <Fact label={t('staff.guest.invoice')}>
            {billing.company}
            {billing.vatNumber && (
              <>
                <br />
                {t('staff.guest.vatNumber', { number: billing.vatNumber })}
              </>
            )}
            {address && (
              <>
                <br />
                {address}
              </>
            )}
          </Fact>
        )}
        <Fact label={t('staff.guest.notes')}>{guest.notes || t('staff.guest.noNotes')}</Fact>
      </dl>
    </section>
  );
}
