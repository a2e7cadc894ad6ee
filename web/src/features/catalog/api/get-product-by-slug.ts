/**
 * GET /shop-api/products/by-slug/{slug}: one product with everything its page
 * shows (all images, package treatments, voucher values). 404 means no such
 * product: the page shows the not-found page instead of a toast. Any other
 * failure raises the error toast with the server's message (spec 8).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { ProductDetails } from '@/types/api';

export type ProductBySlugParams = { slug: string; locale: Locale };

export function getProductBySlug({ slug, locale }: ProductBySlugParams, signal?: AbortSignal) {
  return apiClient.get<ProductDetails>(`/products/by-slug/${encodeURIComponent(slug)}`, {
    locale,
    signal,
    notifyOnError: (error) => error.status !== 404,
  });
}

export const productKeys = {
  all: ['catalog', 'product'] as const,
  bySlug: ({ slug, locale }: ProductBySlugParams) => [...productKeys.all, 'by-slug', slug, locale] as const,
};

export function productBySlugQueryOptions(params: ProductBySlugParams) {
  return queryOptions({
    queryKey: productKeys.bySlug(params),
    queryFn: ({ signal }) => getProductBySlug(params, signal),
  });
}

export function useProductBySlug(params: ProductBySlugParams) {
  return useQuery(productBySlugQueryOptions(params));
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
