import { useId } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';
import type { StaffOrder } from '@/types/api';

import { Moment } from './facts';
import { useOrderWords } from './order-words';

/** What happened to the order, oldest first: placed, then each change with who made it. */
export function OrderHistory({ order }: { order: StaffOrder }) {
  const { t, formatMoney } = useI18n();
  const words = useOrderWords();
  const headingId = useId();
  return (
    <section className="staff-history" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('staff.history.heading')}</h3>
      <ol className="staff-history__list">
        {order.createdAt && (
          <li>
            <Moment iso={order.createdAt} /> {t('staff.history.placed', { email: order.email })}
          </li>
        )}
        {order.history.map((change, index) => (
          <li key={`${change.at}-${index}`}>
            {change.at && <Moment iso={change.at} />} {words.changeOf(change.action)}
            {change.amount !== 0 && ` · ${formatMoney(change.amount, order.totals.currency)}`}
            {change.note && ` · ${change.note}`} · {change.staff ?? t('staff.history.guest')}
          </li>
        ))}
      </ol>
    </section>
  );
}
