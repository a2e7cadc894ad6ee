/**
 * GET /shop-api/guesthouse: the guesthouse's address, phones, reception,
 * office and position, as its administrators set them, in the page's
 * language (a text missing in it comes in Polish). A failure notifies
 * (spec 8) and the contact page offers to try again.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import type { Guesthouse } from '@/types/api';

export const guesthouseQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['guesthouse', locale] as const,
    queryFn: ({ signal }) => apiClient.get<Guesthouse>('/guesthouse', { locale, signal }),
  });

export function useGuesthouse() {
  const { locale } = useI18n();
  return useQuery(guesthouseQueryOptions(locale));
}
