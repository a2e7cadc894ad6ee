import { useState } from 'react';
import { Link } from 'react-router';

import { StatusMessage } from '@/components/ui/status-message';
import { guestSummaryLabel } from '@/components/ui/guest-picker';
import { BOOKING_HORIZON_DAYS, STAY_MAX_NIGHTS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useRoomSearch } from '@/features/rooms/api/search-rooms';
import { queryFromSearch, type RoomSearch } from '@/features/rooms/utils/search-query';
import { type ApiError, isRefusal } from '@/lib/api-client';
import { useBasketActions } from '@/lib/basket-actions';
import { type I18n, useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import type { RoomSearchEmptyReason } from '@/types/api';
import { addDays, diffDays, type IsoDate } from '@/utils/calendar-date';

import { RoomResultCard } from './room-result-card';

type Props = {
  /** The search from the page query; both dates are set (the route sees to it). */
  search: RoomSearch & { dateFrom: IsoDate; dateTo: IsoDate };
  today: IsoDate;
};

type EmptyKind = RoomSearchEmptyReason | 'none';

const EMPTY_TEXT: Record<EmptyKind, { title: MessageKey; body: MessageKey; action: MessageKey }> = {
  no_rooms_for_dates: {
    title: 'rooms.empty.dates.title',
    body: 'rooms.empty.dates.body',
    action: 'rooms.empty.dates.action',
  },
  no_room_for_guests: {
    title: 'rooms.empty.guests.title',
    body: 'rooms.empty.guests.body',
    action: 'rooms.empty.guests.action',
  },
  none: { title: 'rooms.empty.none.title', body: 'rooms.empty.none.body', action: 'rooms.empty.dates.action' },
};

/**
 * A refused search in the visitor's language, by the field the server
 * names; for a refused check-out, which of the stay's rules these dates
 * break (the server decides; the page says why): check-out not after
 * check-in, beyond the booking horizon (with its last day), longer than
 * a stay may be, or else the general rule.
 */
function invalidSearchMessage(
  { t, formatDate }: Pick<I18n, 't' | 'formatDate'>,
  error: ApiError,
  { dateFrom, dateTo }: { dateFrom: IsoDate; dateTo: IsoDate },
  today: IsoDate,
): string {
  const field = error.errors[0]?.field;
  if (field === 'from') return t('rooms.invalid.from');
  if (field === 'to') {
    const horizon = addDays(today, BOOKING_HORIZON_DAYS);
    if (dateTo <= dateFrom) return t('rooms.invalid.order');
    if (dateTo > horizon) return t('rooms.invalid.horizon', { date: formatDate(horizon) });
    if (diffDays(dateFrom, dateTo) > STAY_MAX_NIGHTS) return t('rooms.invalid.long', { max: STAY_MAX_NIGHTS });
    return t('rooms.invalid.to', { max: STAY_MAX_NIGHTS });
  }
  if (field === 'adults' || field === 'children' || field === 'babies') return t('rooms.invalid.guests');
  return t('rooms.invalid.other');
}

/**
 * The search results (spec 2.3, 8): the rooms that fit, or why none does
 * with a way to change the dates or the guests; loading and error states.
 */
export function RoomResults({ search, today }: Props) {
  const i18n = useI18n();
  const { t, locale, formatDate } = i18n;
  // With the basket's token the rooms left count the stays already in the basket: the basket as
  // the page found it (a cart created by "reserve" here does not search again).
  const basketToken = useBasketActions()?.cartToken ?? null;
  const [orderToken] = useState(basketToken);
  const result = useRoomSearch({ locale, from: search.dateFrom, to: search.dateTo, ...search.guests, orderToken });
  const changeHref = paths.reservationSearch.href(locale, queryFromSearch(search));

  const nights = diffDays(search.dateFrom, search.dateTo);
  const summary = (
    <div className="room-results__summary" data-testid="search-summary">
      <p>
        {/* Dates out of order have no nights to count (the refusal below says why). */}
        {t(nights > 0 ? 'rooms.summary' : 'rooms.summaryDates', {
          from: formatDate(search.dateFrom),
          to: formatDate(search.dateTo),
          nights,
          guests: guestSummaryLabel(i18n, search.guests),
        })}
      </p>
      <Link className="button button--small" to={changeHref}>
        {t('rooms.changeSearch')}
      </Link>
    </div>
  );

  if (result.isPending) {
    return (
      <>
        {summary}
        <StatusMessage kind="loading">{t('rooms.loading')}</StatusMessage>
      </>
    );
  }

  if (result.isError) {
    const invalid = isRefusal(result.error) ? result.error : null;
    return (
      <>
        {summary}
        <StatusMessage
          kind="error"
          action={
            invalid ? (
              <Link className="button button--small" to={changeHref}>
                {t('rooms.changeSearch')}
              </Link>
            ) : (
              <button type="button" className="button button--small" onClick={() => void result.refetch()}>
                {t('errors.retry')}
              </button>
            )
          }
        >
          {invalid ? invalidSearchMessage(i18n, invalid, search, today) : t('rooms.error')}
        </StatusMessage>
      </>
    );
  }

  const { items, emptyReason } = result.data;
  if (items.length === 0) {
    const text = EMPTY_TEXT[emptyReason ?? 'none'];
    return (
      <>
        {summary}
        <section className="status status--empty room-results__empty" data-testid="rooms-empty" data-reason={emptyReason ?? 'none'}>
          <h2>{t(text.title)}</h2>
          <p className="status__text">{t(text.body)}</p>
          <Link className="button button--primary" to={changeHref}>
            {t(text.action)}
          </Link>
        </section>
      </>
    );
  }

  return (
    <>
      {summary}
      <p className="listing__count" role="status">
        {t('rooms.found', { count: items.length })}
      </p>
      <ul className="room-results__list">
        {items.map((room) => (
          <li key={room.code}>
            <RoomResultCard room={room} search={search} today={today} />
          </li>
        ))}
      </ul>
    </>
  );
}
