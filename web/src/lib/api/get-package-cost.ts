/**
 * POST /shop-api/packages/{code}/estimated-cost: the price of a package
 * configuration. A calculation without side effects, so it is a query keyed
 * by the configuration: the same configuration is not asked for twice, and
 * a newer one cancels the older request. Shared: the package page's
 * configurator and the basket's package configuration modal both price
 * with it (see components/package-price.tsx).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { PACKAGE_PERSONS_MAX, PACKAGE_PERSONS_MIN } from '@/config/constants';
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { PackageCost, PackageCostRequest } from '@/types/api';

export type PackageCostParams = { code: string; locale: Locale; request: PackageCostRequest };

/** The request the server accepts (its 400 and 422 rules), checked before sending. */
export function isValidCostRequest({ persons, treatments }: PackageCostRequest): boolean {
  return (
    Number.isInteger(persons) &&
    persons >= PACKAGE_PERSONS_MIN &&
    persons <= PACKAGE_PERSONS_MAX &&
    treatments.every((t) => t.code !== '' && Number.isInteger(t.quantity) && t.quantity > 0)
  );
}

export function getPackageCost({ code, locale, request }: PackageCostParams, signal?: AbortSignal) {
  return apiClient.post<PackageCost>(`/packages/${encodeURIComponent(code)}/estimated-cost`, {
    locale,
    body: request,
    signal,
  });
}

export const packageCostKeys = {
  detail: ({ code, locale, request }: PackageCostParams) =>
    ['package-cost', code, locale, request] as const,
};

export function packageCostQueryOptions(params: PackageCostParams) {
  return queryOptions({
    queryKey: packageCostKeys.detail(params),
    queryFn: ({ signal }) => getPackageCost(params, signal),
    enabled: isValidCostRequest(params.request),
    // The configurator shows its own pending state.
    meta: { skipGlobalLoader: true },
  });
}

export function usePackageCost(params: PackageCostParams) {
  return useQuery({ ...packageCostQueryOptions(params), placeholderData: keepPreviousData });
}
