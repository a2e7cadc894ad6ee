/**
 * The rate calendar, for administrators (401 without a session, 403
 * without the role; the page says so itself):
 * - GET /shop-api/backend/room-types/{code}/nights?from=&to= (at most 120
 *   nights): each night's price, units out of order, booked, held and
 *   free, and the rules of a stay arriving that night;
 * - PUT on the same path: what to set on a range of nights (some weekdays
 *   of it), all or none; 409 `units_taken` names a night whose units are
 *   booked, 422 names a field or says why the range was refused.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { NightsChange, RoomNight, RoomNights } from '@/types/api';
import { addDays, diffDays, minDate, type IsoDate } from '@/utils/calendar-date';

import { shownByDesk } from './staff-errors';
import { nightsPath, staffKeys } from './staff-keys';

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
