/**
 * GET /shop-api/offer/{type}?page&limit: one page of an offer listing.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { ListingResponse, ProductType } from '@/types/api';

export type OfferPageParams = {
  type: ProductType;
  locale: Locale;
  page: number;
  limit: number;
};

export function getOfferPage(
  { type, locale, page, limit }: OfferPageParams,
  signal?: AbortSignal,
): Promise<ListingResponse> {
  return apiClient.get<ListingResponse>(`/offer/${type}`, {
    locale,
    query: { page, limit },
    signal,
  });
}

export const offerKeys = {
  all: ['catalog', 'offer'] as const,
  page: ({ type, locale, page, limit }: OfferPageParams) =>
    [...offerKeys.all, type, locale, { page, limit }] as const,
};

export function offerPageQueryOptions(params: OfferPageParams) {
  return queryOptions({
    queryKey: offerKeys.page(params),
    queryFn: ({ signal }) => getOfferPage(params, signal),
  });
}

export function useOfferPage(params: OfferPageParams) {
  return useQuery({
    ...offerPageQueryOptions(params),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
