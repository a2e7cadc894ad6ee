/**
 * GET /shop-api/backend/blocks/{id}?locale=: a block in a language as an
 * editor sees it (its sanitized HTML, latest revision, the page it shows on
 * and its revisions, newest first). Editors and administrators only: 401
 * without a session, 403 without the role, 404 for an unknown block; the
 * editor page says so itself, so these raise no notification.
 *
 * `locale` is the block's language (the editor may edit another language
 * than the page's); the API client also writes its generic errors in it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { ContentBlock } from '@/types/api';

import { blockPath, contentKeys } from './content-keys';
import { shownByEditor } from './editor-errors';

export const getBlock = (id: string, locale: Locale, signal?: AbortSignal) =>
  apiClient.get<ContentBlock>(blockPath(id), {
    locale,
    signal,
    // What the editor works on: never from the browser's cache.
    cache: 'no-store',
    notifyOnError: (error) => !shownByEditor(error),
  });

export function blockQueryOptions(id: string, locale: Locale) {
  return queryOptions({
    queryKey: contentKeys.block(id, locale),
    queryFn: ({ signal }) => getBlock(id, locale, signal),
    // Each visit starts from the latest revision.
    staleTime: 0,
  });
}

export function useBlock(id: string, locale: Locale) {
  return useQuery(blockQueryOptions(id, locale));
}
