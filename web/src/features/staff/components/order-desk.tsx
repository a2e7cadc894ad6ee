import { useStaffOrder } from '@/features/staff/api/get-order';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import { useMe } from '@/lib/api/use-me';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { atFrontDesk, recordsPayments } from '@/lib/rules/roles';

import '@/features/staff/staff.css';

import { AccessNotice } from './access-notice';
import { LookupForm } from './lookup-form';
import { OrderDetails } from './order-details';
import { useOrderWords } from './order-words';
import { RefundsDue } from './refunds-due';

type Props = {
  /** The booking code looked up (the page's `?code=`, normalized); '' before any. */
  code: string;
  /** Looks another code up (the page puts it into its query). */
  onLookUp: (code: string) => void;
  /** Where a visitor who is not logged in logs in, coming back here. */
  loginHref: string;
};

/**
 * The staff's order desk (`/backend/orders`): an order by its booking code
 * and, while it awaits a bank transfer, the transfer to record; below, the
 * payments to give back. The front desk (reception and administrators)
 * looks orders up; only administrators record payments and see the money
 * to give back. The server decides (401, 403); the desk says it once.
 */
export function OrderDesk({ code, onLookUp, loginHref }: Props) {
  const { t, locale } = useI18n();
  const words = useOrderWords();
  const query = useStaffOrder(code, locale);
  // Asking again ("try again", the same code) shows the wait, not the last failure.
  const failure = query.isError && !query.isFetching ? staffFailure(query.error) : null;
  const order = failure ? undefined : query.data;
  const loading = code !== '' && !order && !failure;
  // Who is asking, before any lookup: the front desk sees orders, administrators also record money.
  const me = useMe();
  const customer = me.status === 'success' ? me.customer : undefined;
  const who = me.status !== 'success' ? null : !customer ? 'login' : !atFrontDesk(customer) ? 'forbidden' : null;
  const access = failure === 'login' || failure === 'forbidden' ? failure : who;
  const admin = recordsPayments(customer);

  // The same code again asks afresh: a payment may have come meanwhile.
  const lookUp = (next: string) => (next === code ? void query.refetch() : onLookUp(next));

  return (
    <div className="staff-desk">
      <LookupForm
        code={code}
        error={failure === 'invalid' ? serverMessage(query.error, 'bookingCode') : undefined}
        onLookUp={lookUp}
      />

      {/* The lookup's outcome, announced politely; the order itself is read at will. */}
      <div className="staff-desk__status" role="status">
        {loading && (
          <p className="status status--loading">
            <span className="spinner" aria-hidden="true" />
            <span className="status__text">{t('staff.loading', { code })}</span>
          </p>
        )}
        {failure === 'notFound' && <p className="staff-notice">{t('staff.notFound', { code })}</p>}
        {order && (
          <p className="sr-only">
            {t('staff.found', { code: order.bookingCode, state: words.state(order), payment: words.payment(order) })}
          </p>
        )}
      </div>

      {access && <AccessNotice failure={access} loginHref={loginHref} />}
      {failure === 'other' && (
        <div className="status status--error" role="alert">
          <p className="status__text">{t('staff.loadError')}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </button>
        </div>
      )}
      {/* Keyed: another order starts without the last one's outcome. */}
      {order && <OrderDetails key={code} order={order} code={code} loginHref={loginHref} />}
      {!access && admin && <RefundsDue onLookUp={lookUp} />}
    </div>
  );
}
