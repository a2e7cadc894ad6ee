/**
 * GET /shop-api/checkout/{token}/shipping: how posted gift vouchers are
 * sent (one shipment at most; none while nothing is posted).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { ShippingAnswer } from '@/types/api';

import { checkoutKeys, tokenPath } from './checkout-keys';

export const getShipping = (locale: Locale, token: string, signal?: AbortSignal) =>
  apiClient.get<ShippingAnswer>(`${tokenPath(token)}/shipping`, { locale, signal, cache: 'no-store' });

export const shippingQueryOptions = (locale: Locale, token: string) =>
  queryOptions({
    queryKey: checkoutKeys.shipping(locale, token),
    queryFn: ({ signal }) => getShipping(locale, token, signal),
    select: (answer) => answer.shipments[0] ?? null,
  });

export const useShipping = (locale: Locale, token: string, enabled: boolean) =>
  useQuery({ ...shippingQueryOptions(locale, token), enabled, refetchOnMount: 'always' });
