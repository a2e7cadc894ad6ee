/**
 * PUT /shop-api/backend/blocks/{id}?locale= with `{content, revision}`: a
 * new revision of the block, answered sanitized. `revision` is the one the
 * change was made from: when someone saved meanwhile the server refuses
 * with 409 `block_changed` instead of overwriting their change.
 * POST .../revisions/{revision}/restore saves an earlier revision as the
 * newest. Both send the script marker the gateway requires of changes made
 * with the session cookie.
 *
 * The answer replaces the cached block, and cached pages are marked stale,
 * so the page shows the change on the next visit.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { BlockChange, ContentBlock } from '@/types/api';

import { blockPath, contentKeys } from './content-keys';
import { shownByEditor } from './editor-errors';

export const saveBlock = (id: string, locale: Locale, change: BlockChange) =>
  apiClient.put<ContentBlock>(blockPath(id), {
    locale,
    body: change,
    headers: SCRIPT_MARKER,
    notifyOnError: (error) => !shownByEditor(error),
  });

export const restoreBlock = (id: string, locale: Locale, revision: number) =>
  apiClient.post<ContentBlock>(`${blockPath(id)}/revisions/${revision}/restore`, {
    locale,
    headers: SCRIPT_MARKER,
    notifyOnError: (error) => !shownByEditor(error),
  });

function keep(queryClient: QueryClient, id: string, locale: Locale, block: ContentBlock) {
  queryClient.setQueryData(contentKeys.block(id, locale), block);
  void queryClient.invalidateQueries({ queryKey: contentKeys.pages });
}

export function useSaveBlock(id: string, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BlockChange) => saveBlock(id, locale, change),
    onSuccess: (block) => keep(queryClient, id, locale, block),
  });
}

export function useRestoreBlock(id: string, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: number) => restoreBlock(id, locale, revision),
    onSuccess: (block) => keep(queryClient, id, locale, block),
  });
}
