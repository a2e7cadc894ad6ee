import { useId } from 'react';
import { Link } from 'react-router';

import { StatusMessage } from '@/components/ui/status-message';
import { externalPaths, paths } from '@/config/paths';
import { useMyOrders } from '@/features/account/api/get-my-orders';
import {
  bookingState,
  groupBookings,
  leftToPay,
  otherLinesOf,
  paidAmount,
  staysOf,
  type OrderLine,
  type Stay,
} from '@/features/account/utils/bookings';
import { formatDate, formatMoney } from '@/lib/i18n/format';
import { useI18n, type I18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import type { PlacedOrder } from '@/types/api';
import { todayIso } from '@/utils/calendar-date';

import '@/features/account/bookings.css';

/**
 * The customer's orders and bookings as cards: upcoming stays first (the
 * soonest on top), then past stays, cancelled orders and orders without a
 * stay. The order's page (payment, bank transfer details) is a full page
 * load outside the app. Those of the customer `email` (logged in): the
 * cache keeps each customer's apart.
 */
export function MyBookings({ email }: { email: string }) {
  const { t, locale } = useI18n();
  const orders = useMyOrders(email);

  if (orders.isPending) return <StatusMessage kind="loading">{t('account.bookings.loading')}</StatusMessage>;
  if (orders.isError) {
    return (
      <StatusMessage
        kind="error"
        onRetry={() => void orders.refetch()}
      >
        {t('account.bookings.error')}
      </StatusMessage>
    );
  }
  if (orders.data.items.length === 0) {
    return (
      <StatusMessage
        kind="empty"
        action={
          <Link className="button button--primary" to={paths.reservationSearch.href(locale)}>
            {t('account.bookings.searchRooms')}
          </Link>
        }
      >
        {t('account.profile.bookingsEmpty')}
      </StatusMessage>
    );
  }

  const { upcoming, other } = groupBookings(orders.data.items, todayIso());
  return (
    <div className="bookings">
      <BookingGroup titleKey="account.bookings.upcoming" orders={upcoming} />
      <BookingGroup titleKey="account.bookings.other" orders={other} />
    </div>
  );
}

function BookingGroup({ titleKey, orders }: { titleKey: MessageKey; orders: PlacedOrder[] }) {
  const { t } = useI18n();
  const titleId = useId();
  if (orders.length === 0) return null;
  return (
    <div className="bookings__group">
      <h3 id={titleId} className="bookings__title">
        {t(titleKey)}
      </h3>
      <ul className="bookings__list" aria-labelledby={titleId}>
        {orders.map((order) => (
          <li key={order.bookingCode}>
            <BookingCard order={order} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function BookingCard({ order }: { order: PlacedOrder }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const state = bookingState(order);
  const stays = staysOf(order);
  const others = otherLinesOf(order);
  const left = leftToPay(order);
  const money = (amount: number) => formatMoney(amount, order.totals.currency, locale);
  const code = order.bookingCode;

  return (
    <article className="booking-card" aria-labelledby={headingId}>
      <div className="booking-card__head">
        <h4 id={headingId} className="booking-card__code">
          {t('account.bookings.code', { code })}
        </h4>
        {/* The state is said in words; its colour only repeats it. */}
        <p className={`booking-state booking-state--${state}`}>
          <span className="sr-only">{t('account.bookings.stateLabel')} </span>
          {t(`account.bookings.status.${state}`)}
        </p>
      </div>
      {order.createdAt ? (
        <p className="booking-card__placed">{t('account.bookings.placed', { date: formatDate(new Date(order.createdAt)) })}</p>
      ) : null}

      {stays.length > 0 ? (
        <ul className="booking-card__stays" aria-label={t('account.bookings.stays')}>
          {stays.map((stay) => (
            <StayItem key={`${stay.line.id}-${stay.line.code}`} stay={stay} />
          ))}
        </ul>
      ) : null}
      {others.length > 0 ? (
        <ul className="booking-card__items" aria-label={t('account.bookings.items')}>
          {others.map((line) => (
            <li key={`${line.id}-${line.code}`}>{lineText(t, line)}</li>
          ))}
        </ul>
      ) : null}

      <dl className="booking-card__amounts">
        <div>
          <dt>{t('account.bookings.total')}</dt>
          <dd>{money(order.totals.total)}</dd>
        </div>
        {order.totals.vouchers > 0 ? (
          <div>
            <dt>{t('account.bookings.vouchers')}</dt>
            <dd>{money(order.totals.vouchers)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('account.bookings.paid')}</dt>
          <dd>{money(paidAmount(order))}</dd>
        </div>
        <div className={left > 0 ? 'booking-card__due' : undefined}>
          <dt>{t('account.bookings.left')}</dt>
          <dd>{money(left)}</dd>
        </div>
      </dl>

      {order.tokenValue ? (
        <a
          className={`button booking-card__open${left > 0 ? ' button--primary' : ''}`}
          href={externalPaths.orderPayment(order.tokenValue)}
        >
          {left > 0 ? t('account.bookings.open', { code }) : t('account.bookings.details', { code })}
        </a>
      ) : null}
    </article>
  );
}

type Translate = I18n['t'];

const lineName = (line: OrderLine) => line.product?.name ?? line.code;

const lineText = (t: Translate, line: OrderLine) =>
  t('account.bookings.units', { name: lineName(line), quantity: line.quantity });

/** Adults, children and babies as far as the order says; '' when it says none. */
function guestsText(t: Translate, line: OrderLine): string {
  const parts: string[] = [];
  if (line.adults) parts.push(t('account.bookings.adults', { count: line.adults }));
  if (line.children) parts.push(t('account.bookings.children', { count: line.children }));
  if (line.babies) parts.push(t('account.bookings.babies', { count: line.babies }));
  return parts.join(', ');
}

function StayItem({ stay }: { stay: Stay }) {
  const { t } = useI18n();
  const guests = guestsText(t, stay.line);
  return (
    <li className="booking-stay">
      <p className="booking-stay__room">{lineName(stay.line)}</p>
      <dl className="booking-stay__facts">
        <div>
          <dt>{t('account.bookings.dates')}</dt>
          <dd>{t('account.bookings.dateRange', { from: formatDate(stay.from), to: formatDate(stay.to) })}</dd>
        </div>
        <div>
          <dt>{t('account.bookings.nights')}</dt>
          <dd>{stay.nights}</dd>
        </div>
        {guests ? (
          <div>
            <dt>{t('account.bookings.guests')}</dt>
            <dd>{guests}</dd>
          </div>
        ) : null}
      </dl>
      {stay.extras.length > 0 ? (
        <ul className="booking-stay__extras" aria-label={t('account.bookings.extras')}>
          {stay.extras.map((line) => (
            <li key={`${line.id}-${line.code}`}>{lineText(t, line)}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
