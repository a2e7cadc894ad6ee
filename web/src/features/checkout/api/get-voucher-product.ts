/**
 * GET /shop-api/products/{code}: the gift voucher being configured, with
 * its values (`voucherValues`, minor units; sent as `priceOption`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { ProductDetails } from '@/types/api';

import { checkoutKeys } from './checkout-keys';

export const getVoucherProduct = (locale: Locale, code: string, signal?: AbortSignal) =>
  apiClient.get<ProductDetails>(`/products/${encodeURIComponent(code)}`, { locale, signal });

export const voucherProductQueryOptions = (locale: Locale, code: string) =>
  queryOptions({
    queryKey: checkoutKeys.voucherProduct(locale, code),
    queryFn: ({ signal }) => getVoucherProduct(locale, code, signal),
  });

export const useVoucherProduct = (locale: Locale, code: string) => useQuery(voucherProductQueryOptions(locale, code));
