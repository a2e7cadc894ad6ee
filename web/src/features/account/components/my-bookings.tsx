import { StatusMessage } from '@/components/ui/status-message';
import { useMyOrders } from '@/features/account/api/get-my-orders';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { formatDate, formatMoney } from '@/lib/i18n/format';
import type { PlacedOrder } from '@/types/api';

const STATUSES = ['awaiting_payment', 'partially_paid', 'paid', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];

/** The order's state as the guest reads it: cancelled wins over payment. */
function status(order: PlacedOrder): Status {
  if (order.state === 'cancelled') return 'cancelled';
  return (STATUSES as readonly string[]).includes(order.paymentState) ? (order.paymentState) : 'awaiting_payment';
}

/** What has been paid: all, the advance, or nothing yet. */
function paid(order: PlacedOrder): number {
  switch (status(order)) {
    case 'paid':
      return order.totals.total - order.totals.vouchers;
    case 'partially_paid':
      return order.totals.total - order.totals.vouchers - order.totals.leftToPay;
    default:
      return 0;
  }
}

/**
 * The customer's orders and bookings (issue: profile with bookings): each
 * with its booking code, its stays (room and dates) and other lines, its
 * state, and the amounts paid and left to pay; the order's page (payment,
 * bank transfer details) is a full page load. Those of the customer
 * `email` (logged in): the cache keeps each customer's apart.
 */
export function MyBookings({ email }: { email: string }) {
  const { t, locale } = useI18n();
  const orders = useMyOrders(email);

  if (orders.isPending) return <StatusMessage kind="loading">{t('account.bookings.loading')}</StatusMessage>;
  if (orders.isError) {
    return (
      <StatusMessage
        kind="error"
        action={
          <button type="button" className="button" onClick={() => void orders.refetch()}>
            {t('errors.retry')}
          </button>
        }
      >
        {t('account.bookings.error')}
      </StatusMessage>
    );
  }
  if (orders.data.items.length === 0) return <p className="profile__empty">{t('account.profile.bookingsEmpty')}</p>;

  const money = (amount: number, order: PlacedOrder) => formatMoney(amount, order.totals.currency, locale);
  return (
    <ul className="bookings">
      {orders.data.items.map((order) => {
        const lines = order.items.flatMap((item) => [item, ...item.childItems]);
        const left = status(order) === 'cancelled' ? 0 : order.totals.total - order.totals.vouchers - paid(order);
        return (
          <li key={order.bookingCode} className="bookings__order">
            <article aria-labelledby={`booking-${order.bookingCode}`}>
              <h3 id={`booking-${order.bookingCode}`}>{t('account.bookings.code', { code: order.bookingCode })}</h3>
              <p className="bookings__status">
                {t(`account.bookings.status.${status(order)}`)}
                {order.createdAt ? ` · ${t('account.bookings.placed', { date: formatDate(new Date(order.createdAt)) })}` : null}
              </p>
              <ul className="bookings__lines">
                {lines.map((line) => (
                  <li key={`${line.id}-${line.code}`}>
                    {line.dateFrom && line.dateTo
                      ? t('account.bookings.stay', {
                          room: line.product?.name ?? line.code,
                          from: formatDate(line.dateFrom),
                          to: formatDate(line.dateTo),
                        })
                      : t('account.bookings.units', { name: line.product?.name ?? line.code, quantity: line.quantity })}
                  </li>
                ))}
              </ul>
              <dl className="bookings__amounts">
                <dt>{t('account.bookings.total')}</dt>
                <dd>{money(order.totals.total, order)}</dd>
                <dt>{t('account.bookings.paid')}</dt>
                <dd>{money(paid(order), order)}</dd>
                <dt>{t('account.bookings.left')}</dt>
                <dd>{money(left, order)}</dd>
              </dl>
              {status(order) !== 'cancelled' ? (
                <a href={`/order/${order.tokenValue}/pay`}>{t('account.bookings.open', { code: order.bookingCode })}</a>
              ) : null}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
