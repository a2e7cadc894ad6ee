/**
 * GET /shop-api/checkout/{token}/vouchers: the designs a gift voucher can be
 * printed with and the basket's gift vouchers, each with the index that
 * `PUT .../vouchers/{index}` takes.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { VouchersAnswer } from '@/types/api';

import { checkoutKeys, tokenPath } from './checkout-keys';

export const getVouchers = (locale: Locale, token: string, signal?: AbortSignal) =>
  apiClient.get<VouchersAnswer>(`${tokenPath(token)}/vouchers`, { locale, signal, cache: 'no-store' });

export const vouchersQueryOptions = (locale: Locale, token: string) =>
  queryOptions({
    queryKey: checkoutKeys.vouchers(locale, token),
    queryFn: ({ signal }) => getVouchers(locale, token, signal),
    select: (answer) => answer.vouchers,
  });

export const useVouchers = (locale: Locale, token: string) =>
  useQuery({ ...vouchersQueryOptions(locale, token), refetchOnMount: 'always' });
