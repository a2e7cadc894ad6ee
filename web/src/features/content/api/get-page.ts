/**
 * GET /shop-api/pages?url=: a page of the content system by its path in a
 * language (spec 2.3, 7): its title, meta description and blocks, whose
 * HTML the server has sanitized. A 404 (`page_not_found`) is the page's own
 * not-found state and raises no notification; any other failure notifies
 * (spec 8) and the page offers to try again.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import type { ContentPage } from '@/types/api';

import { contentKeys } from './content-keys';

export const getContentPage = (locale: Locale, url: string, signal?: AbortSignal) =>
  apiClient.get<ContentPage>('/pages', {
    locale,
    query: { url },
    signal,
    notifyOnError: (error) => error.status !== 404,
  });

/** `url`: the page's path as the route table writes it (`/regulamin`, `/en/our-offer`). */
export function contentPageQueryOptions(locale: Locale, url: string) {
  return queryOptions({
    queryKey: contentKeys.page(locale, url),
    queryFn: ({ signal }) => getContentPage(locale, url, signal),
  });
}

export function useContentPage(url: string) {
  const { locale } = useI18n();
  return useQuery(contentPageQueryOptions(locale, url));
}
