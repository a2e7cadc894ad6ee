/**
 * GET /shop-api/backend/orders/{bookingCode}?locale=: any order by its
 * booking code (any letter case), with what it awaits now and how it is
 * paid, with the guest's details. Reception and administrators: 401
 * without a session, 403 without the role,
 * 404 `order_not_found`, 400 for a malformed code (naming `bookingCode`);
 * the desk says so itself, so these raise no notification.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { OrderMails, StaffOrder } from '@/types/api';

import { shownByDesk } from './staff-errors';
import { orderPath, staffKeys } from './staff-keys';

export const getStaffOrder = (code: string, locale: Locale, signal?: AbortSignal) =>
  apiClient.get<StaffOrder>(orderPath(code), {
    locale,
    signal,
    // A payment may arrive any moment: never an answer from the browser's cache.
    cache: 'no-store',
    notifyOnError: (error) => !shownByDesk(error),
  });

/** Nothing is asked for until a code is given. */
export function staffOrderQueryOptions(code: string, locale: Locale) {
  return queryOptions({
    queryKey: staffKeys.order(code, locale),
    queryFn: ({ signal }) => getStaffOrder(code, locale, signal),
    enabled: code !== '',
    staleTime: 0,
  });
}

export function useStaffOrder(code: string, locale: Locale) {
  return useQuery(staffOrderQueryOptions(code, locale));
}

/**
 * GET .../mails: the e-mails the order's events queued (the guest's and
 * the guesthouse's), oldest first, each sent or waiting. Asked again every
 * half minute while the order is open: a change's e-mail follows it.
 */
export function useOrderMails(code: string, locale: Locale) {
  return useQuery({
    queryKey: [...staffKeys.order(code, locale), 'mails'],
    queryFn: ({ signal }) =>
      apiClient.get<OrderMails>(`${orderPath(code)}/mails`, {
        locale,
        signal,
        cache: 'no-store',
        notifyOnError: (error) => !shownByDesk(error),
      }),
    enabled: code !== '',
    staleTime: 0,
    refetchInterval: 30_000,
    retry: false,
  });
}
