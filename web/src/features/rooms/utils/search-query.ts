/**
 * The room search <-> the page query (shareable, spec 3 "search state"):
 *   ?dateFrom=2026-06-15&dateTo=2026-06-18&adults=2&children=0&babies=0
 * Dates are `YYYY-MM-DD`. A guest count that is missing or outside the
 * picker's limits reads as its default (2 / 0 / 0); a malformed date as none.
 * Whether a stay is allowed (past, too long) is the server's answer (422).
 */
import { AVAILABILITY_MAX_DAYS, BOOKING_HORIZON_DAYS, DEFAULT_GUESTS, STAY_MAX_NIGHTS } from '@/config/constants';
import type { ReservationRoomsQuery, ReservationSearchQuery } from '@/config/paths';
import type { RoomSearchParams } from '@/features/rooms/api/search-rooms';
import type { Locale } from '@/lib/i18n/locale';
import {
  addDays,
  addMonths,
  diffDays,
  isIsoDate,
  maxDate,
  minDate,
  startOfMonth,
  type IsoDate,
} from '@/utils/calendar-date';
import type { DateRange } from '@/utils/date-range';
import { GUEST_KINDS, isValidGuestCount, type Guests } from '@/utils/guests';

export type RoomSearch = {
  dateFrom: IsoDate | null;
  dateTo: IsoDate | null;
  guests: Guests;
};

function guestCount(search: URLSearchParams, kind: keyof Guests): number {
  const text = search.get(kind);
  if (text === null || !/^\d{1,2}$/.test(text)) return DEFAULT_GUESTS[kind];
  const value = Number(text);
  return isValidGuestCount(kind, value) ? value : DEFAULT_GUESTS[kind];
}

/** Reads the search from a page query. */
export function searchFromQuery(search: URLSearchParams): RoomSearch {
  const date = (name: string) => {
    const value = search.get(name);
    return isIsoDate(value) ? value : null;
  };
  const guests = Object.fromEntries(GUEST_KINDS.map((kind) => [kind, guestCount(search, kind)])) as Guests;
  return { dateFrom: date('dateFrom'), dateTo: date('dateTo'), guests };
}

/** The page query of a search (guests always written, so a shared link says who is coming). */
export function queryFromSearch({ dateFrom, dateTo, guests }: RoomSearch): ReservationSearchQuery {
  return {
    dateFrom: dateFrom ?? undefined,
    dateTo: dateTo ?? undefined,
    adults: guests.adults,
    children: guests.children,
    babies: guests.babies,
  };
}

/** The results query, when the search has both dates. */
export function resultsQuery(search: RoomSearch): ReservationRoomsQuery | null {
  const { dateFrom, dateTo } = search;
  if (dateFrom === null || dateTo === null) return null;
  return { ...queryFromSearch(search), dateFrom, dateTo };
}

export const rangeOf = (search: RoomSearch): DateRange => ({ checkIn: search.dateFrom, checkOut: search.dateTo });

/** The search form's calendar: from today, a year ahead, 1 to 30 nights. */
export function searchCalendarRules(today: IsoDate) {
  return {
    startDate: today,
    endDate: addDays(today, BOOKING_HORIZON_DAYS),
    minNights: 1,
    maxNights: STAY_MAX_NIGHTS,
  } as const;
}

/**
 * The days a room's availability calendar asks for, around the stay: from
 * the stay's month (not before today) for three months, within the API's
 * 120 days. `to` is the day after the last.
 */
export function availabilityWindow(dateFrom: IsoDate, today: IsoDate): { from: IsoDate; to: IsoDate } {
  const from = maxDate(startOfMonth(dateFrom), today);
  let to = minDate(addMonths(startOfMonth(dateFrom), 3), addDays(from, AVAILABILITY_MAX_DAYS));
  if (diffDays(from, to) < 1) to = addDays(from, AVAILABILITY_MAX_DAYS);
  return { from, to };
}

/** The search API's parameters, when the search has both dates; with the visitor's basket token when there is one. */
export function roomSearchParams(
  search: RoomSearch,
  locale: Locale,
  orderToken: string | null = null,
): RoomSearchParams | null {
  const query = resultsQuery(search);
  if (!query) return null;
  return { locale, from: query.dateFrom, to: query.dateTo, ...search.guests, orderToken };
}
