/**
 * GET /shop-api/rooms/search?from&to&adults&children&babies&orderToken: room
 * types free for the whole stay that take the guests, each priced for the stay;
 * `emptyReason` says why none is listed. Every failure raises the error
 * toast with the server's message (spec 8); a 400 or 422 (bad dates or guests) is
 * also explained in the page, in the visitor's language, by the field the
 * server names. With the visitor's basket token (`orderToken`) the rooms
 * left count the basket's own stays: such an answer is the visitor's own
 * (the server does not cache it), so it is asked for afresh on every visit.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { RoomSearchResponse } from '@/types/api';

export type RoomSearchParams = {
  locale: Locale;
  /** Check-in, `YYYY-MM-DD`. */
  from: string;
  /** Check-out, `YYYY-MM-DD`. */
  to: string;
  adults: number;
  children: number;
  babies: number;
  /** The visitor's basket, whose stays of a room on these nights are taken from the rooms left. */
  orderToken?: string | null;
};

export function searchRooms(params: RoomSearchParams, signal?: AbortSignal): Promise<RoomSearchResponse> {
  const { locale, from, to, adults, children, babies, orderToken } = params;
  return apiClient.get<RoomSearchResponse>('/rooms/search', {
    locale,
    query: { from, to, adults, children, babies, orderToken },
    // The visitor's own answer: never from the browser's cache.
    cache: orderToken ? 'no-store' : undefined,
    signal,
  });
}

export const roomSearchKeys = {
  all: ['rooms', 'search'] as const,
  list: ({ locale, ...stay }: RoomSearchParams) => [...roomSearchKeys.all, locale, stay] as const,
};

export function roomSearchQueryOptions(params: RoomSearchParams) {
  return queryOptions({
    queryKey: roomSearchKeys.list(params),
    queryFn: ({ signal }) => searchRooms(params, signal),
    // The visitor's own answer changes with the basket.
    ...(params.orderToken ? { staleTime: 0 } : {}),
  });
}

export function useRoomSearch(params: RoomSearchParams) {
  return useQuery(roomSearchQueryOptions(params));
}
