/**
 * GET /shop-api/checkout/{token}/start: the basket as checkout shows it,
 * with what the steps saved so far (the guest's details, the payment and
 * shipping chosen) and its checkout state, which gates the steps (spec 2.2).
 * Every step asks for it afresh on entry.
 *
 * A basket the server no longer has (404 `cart_not_found`) is not an error
 * to report: the step sends the visitor to the basket, which starts anew.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient, ApiError } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Cart } from '@/types/api';

import { checkoutKeys, tokenPath } from './checkout-keys';

export const isLostCart = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404 && error.code === 'cart_not_found';

export function startCheckout(locale: Locale, token: string, signal?: AbortSignal): Promise<Cart> {
  return apiClient.get<Cart>(`${tokenPath(token)}/start`, {
    locale,
    signal,
    cache: 'no-store',
    notifyOnError: (error) => !isLostCart(error),
  });
}

export const startCheckoutQueryOptions = (locale: Locale, token: string) =>
  queryOptions({
    queryKey: checkoutKeys.start(locale, token),
    queryFn: ({ signal }) => startCheckout(locale, token, signal),
  });

/** The basket on entry to a step: always asked for again when the step opens. */
export const useCheckoutStart = (locale: Locale, token: string) =>
  useQuery({ ...startCheckoutQueryOptions(locale, token), refetchOnMount: 'always', staleTime: 0 });
