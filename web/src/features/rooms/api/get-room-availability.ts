/**
 * GET /shop-api/rooms/availability?roomCode&from&to&adults&children&babies:
 * one room type's calendar (at most 120 days), one entry per night. Each
 * calendar shows its own loading, so not the top loading bar. A failure
 * raises the error toast with the server's message (spec 8) and the
 * calendar offers a retry; calendars failing alike show one toast (the
 * same text at once shows once). A calendar asks only once it comes near
 * the viewport (`enabled`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { RoomAvailability } from '@/types/api';

export type RoomAvailabilityParams = {
  locale: Locale;
  roomCode: string;
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** The day after the last. */
  to: string;
  adults: number;
  children: number;
  babies: number;
};

export function getRoomAvailability(params: RoomAvailabilityParams, signal?: AbortSignal): Promise<RoomAvailability> {
  const { locale, roomCode, from, to, adults, children, babies } = params;
  return apiClient.get<RoomAvailability>('/rooms/availability', {
    locale,
    query: { roomCode, from, to, adults, children, babies },
    signal,
  });
}

export const roomAvailabilityKeys = {
  all: ['rooms', 'availability'] as const,
  detail: ({ locale, roomCode, ...window }: RoomAvailabilityParams) =>
    [...roomAvailabilityKeys.all, roomCode, locale, window] as const,
};

export function roomAvailabilityQueryOptions(params: RoomAvailabilityParams) {
  return queryOptions({
    queryKey: roomAvailabilityKeys.detail(params),
    queryFn: ({ signal }) => getRoomAvailability(params, signal),
    meta: { skipGlobalLoader: true },
  });
}

export function useRoomAvailability(params: RoomAvailabilityParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...roomAvailabilityQueryOptions(params), enabled });
}
