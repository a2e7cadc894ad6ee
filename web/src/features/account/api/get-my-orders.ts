import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import type { MyOrders } from '@/types/api';

/** Keyed by the customer: another customer logging in in the same tab never sees the orders of the one before. */
export const myOrdersKey = (email: string, locale: Locale) => ['account', 'orders', email, locale] as const;

/** GET /me/orders: the logged-in customer's orders, newest first. */
export async function getMyOrders(locale: Locale, signal?: AbortSignal): Promise<MyOrders> {
  return apiClient.get<MyOrders>('/me/orders', { locale, signal, cache: 'no-store', notifyOnError: false });
}

/** The orders of the logged-in customer `email`. */
export function useMyOrders(email: string) {
  const { locale } = useI18n();
  return useQuery(
    queryOptions({
      queryKey: myOrdersKey(email, locale),
      queryFn: ({ signal }) => getMyOrders(locale, signal),
      meta: { skipGlobalLoader: true },
    }),
  );
}
