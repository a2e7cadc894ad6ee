/**
 * GET /shop-api/products/{code}/associations/related: up to 8 related items.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { RelatedProductsResponse } from '@/types/api';

export type RelatedProductsParams = { code: string; locale: Locale };

export function getRelatedProducts({ code, locale }: RelatedProductsParams, signal?: AbortSignal) {
  return apiClient.get<RelatedProductsResponse>(
    `/products/${encodeURIComponent(code)}/associations/related`,
    { locale, signal },
  );
}

export const relatedProductsKeys = {
  detail: ({ code, locale }: RelatedProductsParams) =>
    ['catalog', 'product', code, 'associations', 'related', locale] as const,
};

export function relatedProductsQueryOptions(params: RelatedProductsParams) {
  return queryOptions({
    queryKey: relatedProductsKeys.detail(params),
    queryFn: ({ signal }) => getRelatedProducts(params, signal),
  });
}

export function useRelatedProducts(params: RelatedProductsParams) {
  return useQuery(relatedProductsQueryOptions(params));
}
