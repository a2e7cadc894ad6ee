/**
 * GET /shop-api/taxons/{code}: a taxon with its children (the categories of
 * a listing), localized.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Taxon } from '@/types/api';

export type TaxonParams = { code: string; locale: Locale };

export function getTaxon({ code, locale }: TaxonParams, signal?: AbortSignal): Promise<Taxon> {
  return apiClient.get<Taxon>(`/taxons/${encodeURIComponent(code)}`, { locale, signal });
}

export const taxonKeys = {
  all: ['catalog', 'taxon'] as const,
  detail: ({ code, locale }: TaxonParams) => [...taxonKeys.all, code, locale] as const,
};

export function taxonQueryOptions(params: TaxonParams) {
  return queryOptions({
    queryKey: taxonKeys.detail(params),
    queryFn: ({ signal }) => getTaxon(params, signal),
    // The category tree changes rarely.
    staleTime: 10 * 60_000,
  });
}

export function useTaxon(params: TaxonParams) {
  return useQuery(taxonQueryOptions(params));
}
