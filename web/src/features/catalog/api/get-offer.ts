/**
 * GET /shop-api/offer/{type}?limit&page&sorting&price_from&price_to&taxon[]&nights:
 * an offer listing with its filters.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { ListingResponse, OfferType, Sorting } from '@/types/api';

export type OfferParams = {
  type: OfferType;
  locale: Locale;
  limit: number;
  page?: number;
  sorting?: Sorting;
  /**
   * Inclusive bounds in minor units of the base currency (PLN): the server
   * compares them with each item's `priceBase`, and its `priceStats` are in
   * that currency too.
   */
  priceFrom?: number;
  priceTo?: number;
  /** Taxon codes; an item matches when it has any of them. */
  taxons?: readonly string[];
  /** Stay length in nights (packages). */
  nights?: number;
};

export function getOffer(params: OfferParams, signal?: AbortSignal): Promise<ListingResponse> {
  const { type, locale, limit, page = 1, sorting, priceFrom, priceTo, taxons = [], nights } = params;
  return apiClient.get<ListingResponse>(`/offer/${type}`, {
    locale,
    query: {
      limit,
      page,
      sorting,
      price_from: priceFrom,
      price_to: priceTo,
      'taxon[]': taxons,
      nights,
    },
    signal,
  });
}

export const offerKeys = {
  all: ['catalog', 'offer'] as const,
  list: ({ type, locale, ...filters }: OfferParams) =>
    [...offerKeys.all, type, locale, { page: 1, ...filters, taxons: [...(filters.taxons ?? [])] }] as const,
};

export function offerQueryOptions(params: OfferParams) {
  return queryOptions({
    queryKey: offerKeys.list(params),
    queryFn: ({ signal }) => getOffer(params, signal),
  });
}

export function useOffer(params: OfferParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...offerQueryOptions(params),
    enabled: options.enabled ?? true,
    // Keep the current results on screen while a new filter loads.
    placeholderData: keepPreviousData,
  });
}
