/**
 * GET /shop-api/backend/board?from=&days=&locale=: every room type's units
 * night by night, booked, held (unpaid), closed and free, the rooms named
 * in the page's language. Receptionists and administrators: 401 without a
 * session, 403 without the role, 400 naming `from` or `days`; the board
 * says so itself, so these raise no notification.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Board } from '@/types/api';

import { shownByDesk } from './staff-errors';
import { BOARD_PATH, staffKeys } from './staff-keys';

export const getBoard = (from: string, days: number, locale: Locale, signal?: AbortSignal) =>
  apiClient.get<Board>(BOARD_PATH, {
    query: { from, days },
    locale,
    signal,
    // A booking may arrive any moment: never an answer from the browser's cache.
    cache: 'no-store',
    notifyOnError: (error) => !shownByDesk(error),
  });

/**
 * `follow`: the counts follow the bookings while the page is open (the
 * board); without it, read once (a page that only needs the room types).
 */
export function useBoard(from: string, days: number, locale: Locale, follow = true) {
  return useQuery({
    queryKey: staffKeys.board(from, days, locale),
    queryFn: ({ signal }) => getBoard(from, days, locale, signal),
    staleTime: follow ? 0 : Infinity,
    // The front desk leaves it open all day.
    refetchInterval: follow ? 60_000 : false,
    // Moving a fortnight keeps the last one in place until the next is in.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
