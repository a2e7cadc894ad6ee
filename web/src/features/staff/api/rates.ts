/**
 * The rate calendar, for administrators (401 without a session, 403
 * without the role; the page says so itself):
 * - GET /shop-api/backend/room-types/{code}/nights?from=&to= (at most 120
 *   nights): each night's price, units out of order, booked, held and
 *   free, and the rules of a stay arriving that night;
 * - PUT on the same path: what to set on a range of nights (some weekdays
 *   of it), all or none; 409 `units_taken` names a night whose units are
 *   booked, 422 names a field or says why the range was refused;
 * - GET/PUT /shop-api/backend/room-types/{code}: the room type's rooms,
 *   sleepers, minimum stay and rates before seasons; 400/422 name a field,
 *   409 `units_taken` names a night whose rooms are booked;
 * - GET/PUT /shop-api/backend/seasons: the seasons of every room type;
 *   400/422 name `seasons[i].name|from|to|multiplierPercent`.
 * A saved rate or season reprices the nights not priced by hand.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { NightsChange, RoomNight, RoomNights, RoomTypeChange, RoomTypeSettings, SeasonList, SeasonsChange } from '@/types/api';
import { addDays, diffDays, minDate, type IsoDate } from '@/utils/calendar-date';

import { shownByDesk } from './staff-errors';
import { nightsPath, roomTypePath, SEASONS_PATH, staffKeys } from './staff-keys';

/** The most nights one GET answers. */
const NIGHTS_PER_CALL = 120;

const getNights = (room: string, from: IsoDate, to: IsoDate, locale: Locale, signal?: AbortSignal) =>
  apiClient.get<RoomNights>(nightsPath(room), {
    query: { from, to },
    locale,
    signal,
    // Bookings arrive any moment: never an answer from the browser's cache.
    cache: 'no-store',
    notifyOnError: (error) => !shownByDesk(error),
  });

export function useNights(room: string, from: IsoDate, to: IsoDate, locale: Locale) {
  return useQuery({
    queryKey: staffKeys.nights(room, from, to),
    queryFn: ({ signal }) => getNights(room, from, to, locale, signal),
    enabled: room !== '',
    staleTime: 0,
    // Another month keeps the last one in place until it is in.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Every night of `from`..`to` (exclusive), asked a hundred and twenty at a time. */
export async function fetchNightsRange(room: string, from: IsoDate, to: IsoDate, locale: Locale): Promise<RoomNight[]> {
  const nights: RoomNight[] = [];
  for (let start = from; diffDays(start, to) > 0; start = addDays(start, NIGHTS_PER_CALL)) {
    const end = minDate(addDays(start, NIGHTS_PER_CALL), to);
    nights.push(...(await getNights(room, start, end, locale)).nights);
  }
  return nights;
}

/** Sets a change; every shown month of the room is asked again. */
export function useSetNights(room: string, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NightsChange) =>
      apiClient.put<RoomNights>(nightsPath(room), { locale, body: change, headers: SCRIPT_MARKER, notifyOnError: (e) => !shownByDesk(e) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'nights', room] }),
  });
}

/**
 * A resource the page reads and saves whole: the save's answer replaces
 * what was read, and the nights it reprices (`nights`, a prefix of their
 * keys) are asked again before the save resolves.
 */
function useSaved<T, C>(path: string, key: readonly unknown[], nights: readonly unknown[], locale: Locale, enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiClient.get<T>(path, { locale, signal, cache: 'no-store', notifyOnError: (e) => !shownByDesk(e) }),
    enabled,
    staleTime: 0,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (change: C) => apiClient.put<T>(path, { locale, body: change, headers: SCRIPT_MARKER, notifyOnError: (e) => !shownByDesk(e) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      return queryClient.invalidateQueries({ queryKey: nights });
    },
  });
  return { query, save };
}

/** A room type's settings; saving them reprices its nights. */
export const useRoomType = (room: string, locale: Locale) =>
  useSaved<RoomTypeSettings, RoomTypeChange>(roomTypePath(room), staffKeys.roomType(room, locale), ['staff', 'nights', room], locale, room !== '');

/** The seasons; saving them reprices every room type's nights. */
export const useSeasons = (locale: Locale) => useSaved<SeasonList, SeasonsChange>(SEASONS_PATH, staffKeys.seasons(locale), ['staff', 'nights'], locale);
