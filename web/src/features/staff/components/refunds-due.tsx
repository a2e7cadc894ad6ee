import { useId, useRef, useState } from 'react';

import { useRefundsDue } from '@/features/staff/api/get-refunds';
import { staffFailure } from '@/features/staff/api/staff-errors';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Refund } from '@/types/api';

import { RefundItem } from './refund-item';

type Props = {
  /** Shows a refund's order on the desk. */
  onLookUp: (code: string) => void;
};

/**
 * "Payments to give back": money that came for an order no longer awaiting
 * it (cancelled while its guest paid, or paid twice), oldest first, each
 * until it is marked refunded. Who may not see them is told by the desk.
 */
export function RefundsDue({ onLookUp }: Props) {
  const { t, locale } = useI18n();
  const query = useRefundsDue(locale);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [marked, setMarked] = useState<Refund | null>(null);
  const failure = query.isError && !query.isFetching ? staffFailure(query.error) : null;
  if (failure === 'login' || failure === 'forbidden') return null;
  const items = failure ? undefined : query.data?.items;

  const refunded = (refund: Refund) => {
    setMarked(refund);
    // Its form is gone with it: focus goes to the list's heading, not nowhere.
    heading.current?.focus();
  };

  return (
    <section className="staff-refunds" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {items && items.length > 0 ? t('staff.refunds.headingCount', { count: items.length }) : t('staff.refunds.heading')}
      </h2>
      <p className="staff-refunds__intro">{t('staff.refunds.intro')}</p>
      <div className="staff-refunds__status" role="status">
        {query.isPending && !failure && (
          <p className="status status--loading">
            <span className="spinner" aria-hidden="true" />
            <span className="status__text">{t('staff.refunds.loading')}</span>
          </p>
        )}
        {marked && (
          <p className="staff-notice staff-notice--success">
            {t('staff.refunds.marked', { code: marked.bookingCode, reference: marked.refundReference ?? '' })}
          </p>
        )}
      </div>
      {failure && (
        <div className="status status--error" role="alert">
          <p className="status__text">{t('staff.refunds.loadError')}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </button>
        </div>
      )}
      {items?.length === 0 && <p className="staff-refunds__empty">{t('staff.refunds.empty')}</p>}
      {items && items.length > 0 && (
        <ul className="staff-refunds__list">
          {items.map((refund) => (
            <li key={refund.paymentId}>
              <RefundItem refund={refund} onLookUp={onLookUp} onRefunded={refunded} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
