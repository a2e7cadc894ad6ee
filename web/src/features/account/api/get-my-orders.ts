import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import type { MyOrders } from '@/types/api';

export const myOrdersKey = (locale: Locale) => ['account', 'orders', locale] as const;

/** GET /me/orders: the logged-in customer's orders, newest first. */
export async function getMyOrders(locale: Locale, signal?: AbortSignal): Promise<MyOrders> {
  return apiClient.get<MyOrders>('/me/orders', { locale, signal, cache: 'no-store', notifyOnError: false });
}

export function useMyOrders() {
  const { locale } = useI18n();
  return useQuery(
    queryOptions({
      queryKey: myOrdersKey(locale),
      queryFn: ({ signal }) => getMyOrders(locale, signal),
      meta: { skipGlobalLoader: true },
    }),
  );
}
