/**
 * GET /shop-api/carts/{token}/items/{id}/associations/{kind}/default: offer
 * items suggested for a basket line (the same cards as listings): packages
 * that fit it, treatments, related products.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { useStoredBasket } from '@/features/basket/utils/storage';
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { CartAssociationKind, ListingItem } from '@/types/api';

export type AssociationsParams = { locale: Locale; token: string; lineId: number; kind: CartAssociationKind };

export function getAssociations({ locale, token, lineId, kind }: AssociationsParams, signal?: AbortSignal) {
  return apiClient.get<{ items: ListingItem[] }>(
    `/carts/${encodeURIComponent(token)}/items/${lineId}/associations/${kind}/default`,
    { locale, signal },
  );
}

export const associationKeys = {
  all: ['basket', 'associations'] as const,
  list: ({ locale, token, lineId, kind }: AssociationsParams) =>
    [...associationKeys.all, locale, token, lineId, kind] as const,
};

export function associationsQueryOptions(params: AssociationsParams) {
  return queryOptions({
    queryKey: associationKeys.list(params),
    queryFn: ({ signal }) => getAssociations(params, signal),
    // Suggestions load beside the basket; they have their own place.
    meta: { skipGlobalLoader: true },
  });
}

/** Suggestions for a line of the stored cart; none while there is no line. */
export function useAssociations(params: Omit<AssociationsParams, 'token'> & { lineId: number | null }) {
  const token = useStoredBasket()?.tokenValue ?? '';
  const { lineId } = params;
  return useQuery({
    ...associationsQueryOptions({ ...params, token, lineId: lineId ?? 0 }),
    enabled: lineId !== null && token !== '',
  });
}
