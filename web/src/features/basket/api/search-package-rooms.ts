/**
 * POST /shop-api/rooms/search with {packageCode, options:{from, to, adults,
 * children, babies, treatments}}: the rooms free for a stay package's dates
 * and guests, each priced as the package with its stay. A search without
 * side effects, so a query keyed by what is asked.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { PackageRoomSearch, RoomOffer } from '@/types/api';

export type PackageRoomsParams = { locale: Locale; search: PackageRoomSearch };

export function searchPackageRooms({ locale, search }: PackageRoomsParams, signal?: AbortSignal) {
  return apiClient.post<RoomOffer[]>('/rooms/search', { locale, body: search, signal });
}

export const packageRoomsKeys = {
  search: ({ locale, search }: PackageRoomsParams) => ['basket', 'package-rooms', locale, search] as const,
};

export function packageRoomsQueryOptions(params: PackageRoomsParams) {
  return queryOptions({
    queryKey: packageRoomsKeys.search(params),
    queryFn: ({ signal }) => searchPackageRooms(params, signal),
  });
}

/** What a disabled search's key holds: nothing is asked with it. */
const NO_SEARCH: PackageRoomSearch = { packageCode: '', options: { from: '', to: '' } };

/** Rooms once dates and guests are set (spec 4); `null` asks for nothing. */
export function usePackageRooms(locale: Locale, search: PackageRoomSearch | null) {
  return useQuery({
    ...packageRoomsQueryOptions({ locale, search: search ?? NO_SEARCH }),
    enabled: search !== null,
  });
}
