/**
 * The booking portals' channels, for administrators (401 without a
 * session, 403 without the role; the page says so itself):
 * - GET /shop-api/backend/channels: every channel with its export address,
 *   its last import, its bookings and its conflicts;
 * - POST /shop-api/backend/channels (`ChannelChange`): a new channel (201);
 * - PUT /shop-api/backend/channels/{id} (`ChannelChange`, `newExportUrl`
 *   revokes the export address and gives a new one); DELETE (204): its
 *   imported bookings give their nights back; 404 `channel_not_found`;
 * - 422 `invalid_channel` names `name`, `roomCode`, `units` or `importUrl`
 *   (400 a malformed one);
 * - POST /shop-api/backend/channels/{id}/sync: the portal's calendar
 *   imported now, what it changed (`SyncAnswer`); 409 `sync_running` while
 *   an import of it is under way.
 * Every answer's channel replaces the cached one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient, type ApiError } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { Channel, ChannelChange, ChannelList, SyncAnswer } from '@/types/api';

import { shownByDesk } from './staff-errors';
import { CHANNELS_PATH, channelPath, channelSyncPath, staffKeys } from './staff-keys';

/** The portals are imported every 10 minutes: the list is asked again every 2 while the page is open. */
const LIST_POLL_MS = 120_000;

export function useChannels(locale: Locale) {
  return useQuery({
    queryKey: staffKeys.channels(locale),
    queryFn: ({ signal }) => apiClient.get<ChannelList>(CHANNELS_PATH, { locale, signal, cache: 'no-store', notifyOnError: (e) => !shownByDesk(e) }),
    staleTime: 0,
    refetchInterval: LIST_POLL_MS,
    retry: false,
  });
}

/** Puts a channel as the server answered it into the cached list (a new one last), or takes one out. */
function useListUpdate(locale: Locale) {
  const queryClient = useQueryClient();
  const key = staffKeys.channels(locale);
  return {
    put: (channel: Channel) =>
      queryClient.setQueryData<ChannelList>(key, (list) => {
        if (!list) return list;
        const known = list.items.some((item) => item.id === channel.id);
        return { items: known ? list.items.map((item) => (item.id === channel.id ? channel : item)) : [...list.items, channel] };
      }),
    remove: (id: string) => queryClient.setQueryData<ChannelList>(key, (list) => list && { items: list.items.filter((item) => item.id !== id) }),
    /** The list as the server has it now (a channel gone meanwhile). */
    reload: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}

const options = (locale: Locale, body?: unknown) => ({ locale, body, headers: SCRIPT_MARKER, notifyOnError: (e: ApiError) => !shownByDesk(e) });

/** A new channel (no `id`) or a change of one. */
export function useSaveChannel(locale: Locale) {
  const list = useListUpdate(locale);
  return useMutation({
    mutationFn: ({ id, change }: { id?: string; change: ChannelChange }) =>
      id ? apiClient.put<Channel>(channelPath(id), options(locale, change)) : apiClient.post<Channel>(CHANNELS_PATH, options(locale, change)),
    onSuccess: list.put,
  });
}

export function useDeleteChannel(locale: Locale) {
  const list = useListUpdate(locale);
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(channelPath(id), options(locale)),
    onSuccess: (_, id) => list.remove(id),
  });
}

export function useSyncChannel(locale: Locale) {
  const list = useListUpdate(locale);
  return useMutation({
    mutationFn: (id: string) => apiClient.post<SyncAnswer>(channelSyncPath(id), options(locale)),
    onSuccess: (answer) => list.put(answer.channel),
  });
}

/** Asks for the list again (after a 404: the channel went meanwhile). */
export const useReloadChannels = (locale: Locale) => useListUpdate(locale).reload;
