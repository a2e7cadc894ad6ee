/**
 * GET /shop-api/offer/treatment?page&limit=20: one page of the treatments
 * the treatment modal offers to add or swap (spec 7, 9).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { OFFER_PAGE_SIZE } from '@/config/constants';
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { ListingResponse } from '@/types/api';

export type TreatmentsPageParams = { locale: Locale; page: number };

export function getTreatmentsPage({ locale, page }: TreatmentsPageParams, signal?: AbortSignal) {
  return apiClient.get<ListingResponse>('/offer/treatment', {
    locale,
    query: { page, limit: OFFER_PAGE_SIZE },
    signal,
  });
}

export const treatmentsPageKeys = {
  page: ({ locale, page }: TreatmentsPageParams) => ['basket', 'treatments', locale, page] as const,
};

export function treatmentsPageQueryOptions(params: TreatmentsPageParams) {
  return queryOptions({
    queryKey: treatmentsPageKeys.page(params),
    queryFn: ({ signal }) => getTreatmentsPage(params, signal),
  });
}

export function useTreatmentsPage(params: TreatmentsPageParams) {
  return useQuery({ ...treatmentsPageQueryOptions(params), placeholderData: keepPreviousData });
}
