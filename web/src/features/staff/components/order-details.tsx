import { useEffect, useId, useRef, useState } from 'react';

import { changeablePackages, movableStays, orderLines } from '@/features/staff/utils/order';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { StaffOrder } from '@/types/api';

import { Fact, Moment } from './facts';
import { GuestDetails } from './guest-details';
import { OrderCancel } from './order-cancel';
import { OrderHistory } from './order-history';
import { OrderMailsList } from './order-mails';
import { OrderMoney } from './order-money';
import { OrderStayMove } from './order-stay-move';
import { OrderTreatments } from './order-treatments';
import { useOrderWords } from './order-words';

type Props = {
  order: StaffOrder;
  /** The booking code the order was looked up by. */
  code: string;
  /** Where a session that ended logs in again, coming back here. */
  loginHref: string;
};

/**
 * An order as the front desk sees it: its state and payment in words, its
 * amounts and dates, the guest, its lines, its money (every record, and
 * the form for money received), its stays' changes, its cancellation, its
 * history and the e-mails it sent.
 */
export function OrderDetails({ order, code, loginHref }: Props) {
  const { t, formatMoney, formatDate } = useI18n();
  const words = useOrderWords();
  const headingId = useId();
  const linesId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const awaiting = order.state === 'new' && order.paymentState === 'awaiting_payment';
  const cancelled = order.state === 'cancelled';

  // Cancelled, the forms go: focus would be left nowhere, so it goes to the order's heading.
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (cancelled && lost) heading.current?.focus();
  }, [cancelled]);

  const money = (amount: number) => formatMoney(amount, order.totals.currency);
  const moment = (iso: string) => <Moment iso={iso} />;

  return (
    <section className="staff-order" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('staff.order.heading', { code: order.bookingCode })}
      </h2>
      <dl className="staff-order__facts">
        <Fact label={t('staff.order.state')}>{words.state(order)}</Fact>
        <Fact label={t('staff.order.paymentState')}>{words.payment(order)}</Fact>
        <Fact label={t('staff.order.paymentMethod')}>{words.method(order)}</Fact>
        <Fact label={t('staff.order.total')}>{money(order.totals.total)}</Fact>
        {order.totals.vouchers > 0 && <Fact label={t('staff.order.vouchers')}>{money(order.totals.vouchers)}</Fact>}
        {awaiting && <Fact label={t('staff.order.dueNow')}>{money(order.dueNow)}</Fact>}
        <Fact label={t('staff.order.received')}>{money(order.received)}</Fact>
        <Fact label={t('staff.order.open')}>{money(order.open)}</Fact>
        {cancelled && order.cancellationFee > 0 && <Fact label={t('staff.order.cancellationFee')}>{money(order.cancellationFee)}</Fact>}
        {awaiting && order.holdExpiresAt && <Fact label={t('staff.order.holdExpires')}>{moment(order.holdExpiresAt)}</Fact>}
        <Fact label={t('staff.order.email')}>
          <a href={`mailto:${order.email}`}>{order.email}</a>
        </Fact>
        {order.createdAt && <Fact label={t('staff.order.placed')}>{moment(order.createdAt)}</Fact>}
      </dl>

      <GuestDetails guest={order.guest} />

      <h3 id={linesId}>{t('staff.order.lines')}</h3>
      <div className="staff-order__table">
        <table className="staff-order__lines" aria-labelledby={linesId}>
          <thead>
            <tr>
              <th scope="col">{t('staff.order.line.name')}</th>
              <th scope="col">{t('staff.order.line.stay')}</th>
              <th scope="col">{t('staff.order.line.quantity')}</th>
              <th scope="col">{t('staff.order.line.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {orderLines(order).map(({ line, attached }) => (
              <tr key={`${line.id}-${line.code}`} className={attached ? 'staff-order__line--attached' : undefined}>
                <th scope="row">{line.product?.name ?? line.code}</th>
                <td>
                  {line.dateFrom && line.dateTo
                    ? t('staff.order.line.dates', { from: formatDate(line.dateFrom), to: formatDate(line.dateTo) })
                    : null}
                </td>
                <td>{line.quantity}</td>
                <td>{money(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {/* Always there, so that what is put in it is announced. */}
      <div className="staff-order__outcome" role="status">
        {outcome && <p className="staff-notice staff-notice--success">{outcome}</p>}
      </div>
      <OrderMoney order={order} code={code} loginHref={loginHref} onRecorded={setOutcome} />
      {movableStays(order).map((line) => (
        <OrderStayMove key={line.id} order={order} code={code} line={line} onMoved={setOutcome} />
      ))}
      {changeablePackages(order).map((line) => (
        <OrderTreatments key={line.id} order={order} code={code} line={line} onChanged={setOutcome} />
      ))}
      <OrderCancel order={order} code={code} onCancelled={setOutcome} />
      <OrderHistory order={order} />
      <OrderMailsList code={code} />
    </section>
  );
}
