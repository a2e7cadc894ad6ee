/**
 * The home page's banner slides, added and removed by editors and
 * administrators: POST /shop-api/backend/slides with `{content}` answers
 * the new slide (last on the banner, in every language, translated later
 * in the block editor); DELETE /shop-api/backend/slides/{id} takes one off
 * in every language. Either marks every cached page stale, so the home
 * page shows the banner as it is now.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { ContentBlock } from '@/types/api';

import { contentKeys } from './content-keys';

export const addSlide = (locale: Locale, content: string) =>
  apiClient.post<ContentBlock>('/backend/slides', { locale, body: { content }, headers: SCRIPT_MARKER, notifyOnError: false });

export const removeSlide = (locale: Locale, id: string) =>
  apiClient.delete<void>(`/backend/slides/${encodeURIComponent(id)}`, { locale, headers: SCRIPT_MARKER, notifyOnError: false });

export function useSlideChanges(locale: Locale) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: contentKeys.pages });
  return {
    add: useMutation({ mutationFn: (content: string) => addSlide(locale, content), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => removeSlide(locale, id), onSuccess }),
  };
}
