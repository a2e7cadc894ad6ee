/**
 * GET /shop-api/checkout/{token}/payment: the payment methods, the one
 * chosen, and the advance payment on offer (a basket with a stay: 30 % of
 * the stays and everything else now, the rest of the stays later), or none.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { PaymentAnswer } from '@/types/api';

import { checkoutKeys, tokenPath } from './checkout-keys';

export const getPayment = (locale: Locale, token: string, signal?: AbortSignal) =>
  apiClient.get<PaymentAnswer>(`${tokenPath(token)}/payment`, { locale, signal, cache: 'no-store' });

export const paymentQueryOptions = (locale: Locale, token: string) =>
  queryOptions({
    queryKey: checkoutKeys.payment(locale, token),
    queryFn: ({ signal }) => getPayment(locale, token, signal),
    select: (answer) => answer.payments[0] ?? null,
  });

export const usePayment = (locale: Locale, token: string) =>
  useQuery({ ...paymentQueryOptions(locale, token), refetchOnMount: 'always' });
