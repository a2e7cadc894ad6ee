/**
 * GET /shop-api/products/{code}: a package's treatments (those it includes
 * and those it suggests) and its minimum, for configuring a package line.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { ProductDetails } from '@/types/api';

export type PackageParams = { locale: Locale; code: string };

export function getPackage({ locale, code }: PackageParams, signal?: AbortSignal) {
  return apiClient.get<ProductDetails>(`/products/${encodeURIComponent(code)}`, { locale, signal });
}

export function packageQueryOptions(params: PackageParams) {
  return queryOptions({
    queryKey: ['basket', 'package', params.locale, params.code] as const,
    queryFn: ({ signal }) => getPackage(params, signal),
  });
}

export const usePackage = (params: PackageParams) => useQuery(packageQueryOptions(params));
