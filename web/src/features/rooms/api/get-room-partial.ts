/**
 * GET /{pl|de|en}/_partial/rooms/{code}: the room popup's content, an HTML
 * fragment (`<article class="room-partial">…</article>`) rendered by the
 * gateway, every value in it HTML-escaped (spec 2.5, 7). Fetched as text.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { externalPaths } from '@/config/paths';
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';

export type RoomPartialParams = { locale: Locale; code: string };

export function getRoomPartial({ locale, code }: RoomPartialParams, signal?: AbortSignal): Promise<string> {
  return apiClient.getPage(externalPaths.roomPartial(locale, code), { locale, signal });
}

export const roomPartialKeys = {
  detail: ({ locale, code }: RoomPartialParams) => ['rooms', 'partial', code, locale] as const,
};

export function roomPartialQueryOptions(params: RoomPartialParams) {
  return queryOptions({
    queryKey: roomPartialKeys.detail(params),
    queryFn: ({ signal }) => getRoomPartial(params, signal),
    // The gateway lets it be cached for five minutes.
    staleTime: 5 * 60_000,
  });
}

export function useRoomPartial(params: RoomPartialParams) {
  return useQuery(roomPartialQueryOptions(params));
}
