import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { redirect, useLocation, type LoaderFunctionArgs } from 'react-router';

import { paths } from '@/config/paths';
import { basketStorage } from '@/features/basket/utils/storage';
import { roomSearchQueryOptions } from '@/features/rooms/api/search-rooms';
import { RoomResults } from '@/features/rooms/components/room-results';
import { queryFromSearch, roomSearchParams, searchFromQuery } from '@/features/rooms/utils/search-query';
import { usePageHead } from '@/hooks/use-page-head';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import { todayIso } from '@/utils/calendar-date';

/**
 * Results need dateFrom and dateTo (spec 2.3): without both (or with one
 * that is not a date) the visitor goes to the search, keeping the guests.
 * Otherwise the search starts loading together with the page's code,
 * unless there is a basket: that search is the visitor's own (its stays
 * count against the rooms left), asked for by the page itself.
 */
export const roomsLoader =
  (queryClient: QueryClient, locale: Locale) =>
  ({ request }: LoaderFunctionArgs) => {
    const search = searchFromQuery(new URL(request.url).searchParams);
    const params = roomSearchParams(search, locale);
    if (!params) return redirect(paths.reservationSearch.href(locale, queryFromSearch(search)));
    if (!basketStorage.getToken()) void queryClient.prefetchQuery(roomSearchQueryOptions(params));
    return null;
  };

export function ReservationRoomsRoute() {
  const { t, formatDate } = useI18n();
  const { search: query } = useLocation();
  const search = useMemo(() => searchFromQuery(new URLSearchParams(query)), [query]);
  const title = t('reservation.steps.rooms');
  const { dateFrom, dateTo } = search;
  usePageHead(
    title,
    dateFrom !== null && dateTo !== null
      ? t('rooms.results.description', { from: formatDate(dateFrom), to: formatDate(dateTo) })
      : t('reservation.search.lead'),
  );

  return (
    <div className="page reservation">
      <div className="page__header">
        <h1>{title}</h1>
      </div>
      {dateFrom !== null && dateTo !== null && (
        <RoomResults search={{ ...search, dateFrom, dateTo }} today={todayIso()} />
      )}
    </div>
  );
}
