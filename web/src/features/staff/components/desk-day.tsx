import { useId } from 'react';
import { Link } from 'react-router';

import { staffPaths } from '@/config/staff-paths';
import { useDeskDay } from '@/features/staff/api/get-bookings';
import { guestName, orderStays, owed } from '@/features/staff/utils/order';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { formatLongDate } from '@/lib/i18n/format';
import type { StaffOrder } from '@/types/api';
import { isIsoDate, todayIso } from '@/utils/calendar-date';

import '@/features/staff/staff.css';

import { DaySteps } from './day-steps';
import { DeskStatus, deskFailure } from './desk-status';

type Props = {
  /** The day shown (the page's `?date=`); '' for today. */
  date: string;
  onDate: (date: string) => void;
  loginHref: string;
};

/** One arriving or departing order: who, which stays, what they booked, their notes, what they owe. */
function Guest({ order }: { order: StaffOrder }) {
  const { t, locale, formatMoney } = useI18n();
  const headingId = useId();
  const due = owed(order);
  const phone = order.guest.customer.phone;
  return (
    <li className="staff-day__guest">
      <article aria-labelledby={headingId}>
        <h3 id={headingId}>{guestName(order)}</h3>
        <p className="staff-day__code">
          <Link to={staffPaths.staffOrders.href(locale, { code: order.bookingCode })}>{order.bookingCode}</Link>
          {phone && (
            <>
              {' · '}
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </>
          )}
        </p>
        <ul className="staff-day__stays">
          {orderStays(order).map((stay) => (
            <li key={stay.id}>
              <strong>{stay.room}</strong>
              {': '}
              {t('staff.day.stay', {
                from: formatLongDate(stay.from, locale),
                to: formatLongDate(stay.to, locale),
                nights: stay.nights,
              })}
              {', '}
              {t('staff.day.guests', { adults: stay.adults, children: stay.children, babies: stay.babies })}
              {stay.packages.map((pack) => (
                <span key={pack.name} className="staff-bookings__sub">
                  {pack.treatments.length > 0 ? `${pack.name}: ${pack.treatments.join(', ')}` : pack.name}
                </span>
              ))}
            </li>
          ))}
        </ul>
        {order.guest.notes && <p className="staff-day__notes">{t('staff.day.notes', { notes: order.guest.notes })}</p>}
        <p className={due > 0 ? 'staff-day__owed staff-day__owed--due' : 'staff-day__owed'}>
          {due > 0 ? t('staff.day.owed', { amount: formatMoney(due, order.totals.currency) }) : t('staff.day.settled')}
        </p>
      </article>
    </li>
  );
}

/**
 * The front desk's day (`/backend/arrivals`): who arrives and who leaves,
 * today or any day, with their stays, packages and treatments, notes and
 * what they still owe; refreshed every minute.
 */
export function DeskDayView({ date, onDate, loginHref }: Props) {
  const { t, locale } = useI18n();
  const day = isIsoDate(date) ? date : todayIso();
  const query = useDeskDay(day, locale);
  const failure = deskFailure(query);
  const data = failure ? undefined : query.data;
  const arrivingId = useId();
  const departingId = useId();

  return (
    <div className="staff-desk staff-day">
      <DaySteps day={day} step={1} onDay={onDate} words={{ group: 'staff.day.choose', previous: 'staff.day.previous', today: 'staff.day.today', next: 'staff.day.next', date: 'staff.day.date' }} />
      {/* The day the lists are of: the last one until the next has come. */}
      <p className="staff-day__date">{formatLongDate(data?.date ?? day, locale)}</p>

      <DeskStatus
        query={query}
        loading="staff.day.loading"
        loadError="staff.day.loadError"
        words={{ login: 'staff.desk.loginNeeded', forbidden: 'staff.desk.forbidden' }}
        loginHref={loginHref}
      />

      {data && (
        <div className="staff-day__lists" aria-busy={query.isFetching}>
          <section aria-labelledby={arrivingId}>
            <h2 id={arrivingId}>{t('staff.day.arriving', { count: data.arriving.length })}</h2>
            {data.arriving.length === 0 ? (
              <p className="staff-notice">{t('staff.day.noArrivals')}</p>
            ) : (
              <ul className="staff-day__guests">
                {data.arriving.map((order) => (
                  <Guest key={order.bookingCode} order={order} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby={departingId}>
            <h2 id={departingId}>{t('staff.day.departing', { count: data.departing.length })}</h2>
            {data.departing.length === 0 ? (
              <p className="staff-notice">{t('staff.day.noDepartures')}</p>
            ) : (
              <ul className="staff-day__guests">
                {data.departing.map((order) => (
                  <Guest key={order.bookingCode} order={order} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
