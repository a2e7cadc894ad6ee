/**
 * GET /shop-api/products/{code}: one product by its code, which is the same in
 * every language (slugs are not). Product pages ask for themselves in the
 * other languages to link to their equivalents there; quietly: no toast, no
 * loading bar.
 */
import { queryOptions } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { ProductDetails } from '@/types/api';

export type ProductByCodeParams = { code: string; locale: Locale };

export function getProductByCode({ code, locale }: ProductByCodeParams, signal?: AbortSignal) {
  return apiClient.get<ProductDetails>(`/products/${encodeURIComponent(code)}`, {
    locale,
    signal,
    notifyOnError: false,
  });
}

export function productByCodeQueryOptions(params: ProductByCodeParams) {
  return queryOptions({
    queryKey: ['catalog', 'product', 'by-code', params.code, params.locale] as const,
    queryFn: ({ signal }) => getProductByCode(params, signal),
    meta: { skipGlobalLoader: true },
  });
}
