import { useEffect, useId, useRef, useState } from 'react';

import { FormAlert } from '@/components/ui/form-fields';
import { laterAmount, orderLines, transferDesk, type TransferDesk } from '@/features/staff/utils/order';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import type { StaffOrder } from '@/types/api';

import { AccessNotice } from './access-notice';
import type { PaymentKind } from '@/features/staff/api/record-payment';

import { PAYMENT_TEXTS, PaymentForm, type TransferProblem } from './payment-form';
import { Fact, Moment } from './facts';
import { GuestDetails } from './guest-details';
import { useOrderWords } from './order-words';

type Props = {
  order: StaffOrder;
  /** The booking code the order was looked up by. */
  code: string;
  loginHref: string;
  /** Whether the one looking records payments (administrators); otherwise the desk says who does. */
  recordsPayments: boolean;
};

/** Why there is no transfer to record. */
const NOTES: Record<Exclude<TransferDesk, 'record' | 'recordRest'>, MessageKey> = {
  paid: 'staff.transfer.paid',
  cancelled: 'staff.transfer.cancelled',
  otherMethod: 'staff.transfer.otherMethod',
};

/**
 * An order as the staff see it: its state and payment in words, its
 * amounts and dates, its lines, and the bank transfer to record while the
 * order awaits one (or why there is none).
 */
export function OrderDetails({ order, code, loginHref, recordsPayments }: Props) {
  const { t, formatMoney, formatDate } = useI18n();
  const words = useOrderWords();
  const headingId = useId();
  const linesId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [recorded, setRecorded] = useState<PaymentKind | null>(null);
  const [problem, setProblem] = useState<TransferProblem | null>(null);
  const desk = transferDesk(order);
  const awaiting = order.state === 'new' && order.paymentState === 'awaiting_payment';
  const paying: PaymentKind | null = desk === 'record' ? 'transfer' : desk === 'recordRest' ? 'rest' : null;

  // When the form goes or changes (recorded, or the order moved on
  // meanwhile), focus would be left nowhere: it goes to the order's heading.
  const offered = useRef(paying);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (offered.current && offered.current !== paying && lost) heading.current?.focus();
    offered.current = paying;
  }, [paying]);

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
        {/* Once paid or cancelled nothing awaits: the amount was the first payment's. */}
        <Fact label={t(awaiting ? 'staff.order.dueNow' : 'staff.order.firstPayment')}>{money(order.dueNow)}</Fact>
        <Fact label={t('staff.order.later')}>{money(laterAmount(order))}</Fact>
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
        {recorded && (
          <p className="staff-notice staff-notice--success">{t(PAYMENT_TEXTS[recorded].recorded, { code: order.bookingCode })}</p>
        )}
      </div>
      {paying && !recordsPayments ? (
        <p className="staff-notice">{t('staff.payment.adminOnly')}</p>
      ) : paying ? (
        <PaymentForm key={paying} order={order} kind={paying} code={code} onRecorded={() => setRecorded(paying)} onProblem={setProblem} />
      ) : (
        !recorded && desk !== 'record' && desk !== 'recordRest' && (
          <p className="staff-notice">{t(NOTES[desk], { method: words.method(order) })}</p>
        )
      )}
      {problem && <TransferRefusal problem={problem} code={code} loginHref={loginHref} />}
    </section>
  );
}

/** Why the transfer was not recorded: the server's words where it gave them. */
function TransferRefusal({ problem, code, loginHref }: { problem: TransferProblem; code: string; loginHref: string }) {
  const { t } = useI18n();
  const { kind, failure, message } = problem;
  if (failure === 'login' || failure === 'forbidden') return <AccessNotice failure={failure} loginHref={loginHref} />;
  if (failure === 'other') {
    return (
      <FormAlert>
        <p>{t(PAYMENT_TEXTS[kind].error)}</p>
      </FormAlert>
    );
  }
  return (
    <FormAlert>
      <p>
        <strong>{t(PAYMENT_TEXTS[kind].refused)}</strong>
      </p>
      <p>{failure === 'notFound' ? t('staff.notFound', { code }) : message}</p>
    </FormAlert>
  );
}
