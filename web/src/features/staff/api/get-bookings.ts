/**
 * GET /shop-api/backend/bookings?q=&from=&to=&state=&page=&locale= and
 * GET /shop-api/backend/arrivals?date=&locale=: the front desk's bookings,
 * newest first, 20 a page, and a day's arrivals and departures, each order
 * with the guest's details. Receptionists and administrators: 401 without
 * a session, 403 without the role, 400 naming a wrong field; the pages say
 * so themselves, so these raise no notification.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Bookings, DeskDay, OrderState } from '@/types/api';

import { shownByDesk } from './staff-errors';
import { ARRIVALS_PATH, BOOKINGS_PATH, staffKeys } from './staff-keys';

/** A bookings search as the page's address holds it; empty for none. */
export type BookingsSearch = { q: string; from: string; to: string; state: OrderState | ''; page: number };

export function useBookings(search: BookingsSearch, locale: Locale) {
  const query = {
    q: search.q || undefined,
    from: search.from || undefined,
    to: search.to || undefined,
    state: search.state || undefined,
    page: search.page > 1 ? search.page : undefined,
  };
  return useQuery({
    queryKey: staffKeys.bookings(search, locale),
    queryFn: ({ signal }) =>
      apiClient.get<Bookings>(BOOKINGS_PATH, { query, locale, signal, cache: 'no-store', notifyOnError: (e) => !shownByDesk(e) }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useDeskDay(date: string, locale: Locale) {
  return useQuery({
    queryKey: staffKeys.arrivals(date, locale),
    queryFn: ({ signal }) =>
      apiClient.get<DeskDay>(ARRIVALS_PATH, {
        query: { date },
        locale,
        signal,
        cache: 'no-store',
        notifyOnError: (e) => !shownByDesk(e),
      }),
    staleTime: 0,
    // Guests book all day: the lists follow.
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
