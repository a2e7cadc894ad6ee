/**
 * GET /shop-api/me: the logged-in customer, whose names, e-mail and phone
 * fill the personal data form; 204 (no body) when nobody is logged in. A
 * failure means not logged in (spec 8), quietly.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { components } from '@/types/openapi.gen';

import { checkoutKeys } from './checkout-keys';

/** The logged-in customer. */
export type LoggedInCustomer = components['schemas']['Customer'];

export async function getMe(locale: Locale, signal?: AbortSignal): Promise<LoggedInCustomer | null> {
  try {
    return (await apiClient.get<LoggedInCustomer | undefined>('/me', { locale, signal, cache: 'no-store', notifyOnError: false })) ?? null;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

export const meQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: checkoutKeys.me,
    queryFn: ({ signal }) => getMe(locale, signal),
    meta: { skipGlobalLoader: true },
  });

export const useMe = (locale: Locale) => useQuery(meQueryOptions(locale));
