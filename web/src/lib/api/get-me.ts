/**
 * GET /shop-api/me: the logged-in customer, or null: the server answers 204
 * when nobody is logged in (spec 7), and a failed call means the same
 * (spec 8), so it raises no notification.
 *
 * One query for the whole app, under one key (`meKeys.me`): the header, the
 * account pages and checkout's personal data step (which fills its form
 * from it) all read it, so a login, a logout or a profile change made
 * anywhere is what every one of them sees.
 *
 * No `useQuery` here: the header (on every page, in the first page load)
 * reads the customer through `useHeaderCustomer`, a plain subscription to
 * the query cache, which keeps TanStack's observer code out of the first
 * load's budget. The pages use `useMe` (./use-me.ts), on the same query.
 */
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

import { apiClient } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import type { Customer } from '@/types/api';

/** The customer does not depend on the page language: one key. */
export const meKeys = {
  me: ['me'] as const,
};

export async function getMe(locale: Locale, signal?: AbortSignal): Promise<Customer | null> {
  const customer = await apiClient.get<Customer | undefined>('/me', {
    locale,
    signal,
    // The visitor's own answer: never from the browser's cache.
    cache: 'no-store',
    notifyOnError: false,
  });
  return customer ?? null;
}

export function meQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: meKeys.me,
    queryFn: ({ signal }) => getMe(locale, signal),
    // The header reads it without observing it: kept, not collected as unused.
    gcTime: Infinity,
    // Nobody waits for it: no loading bar (spec 4).
    meta: { skipGlobalLoader: true },
  });
}

/**
 * Asks the server again who is logged in (after a login, a password
 * reset), whether or not a page observes the query. A failure leaves the
 * query in error: not logged in.
 */
export async function reloadMe(queryClient: QueryClient, locale: Locale): Promise<void> {
  await queryClient.fetchQuery({ ...meQueryOptions(locale), staleTime: 0 }).catch(() => undefined);
}

/**
 * The header's customer: `undefined` until the first answer, then the
 * customer or null (not logged in, or /me failed). Asks once per page load
 * while the answer is not fresh.
 */
export function useHeaderCustomer(): Customer | null | undefined {
  const queryClient = useQueryClient();
  const { locale } = useI18n();

  useEffect(() => {
    void queryClient.prefetchQuery(meQueryOptions(locale));
  }, [queryClient, locale]);

  const state = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueryState<Customer | null>(meKeys.me),
  );
  if (!state || state.status === 'pending') return undefined;
  return state.status === 'error' ? null : state.data;
}
