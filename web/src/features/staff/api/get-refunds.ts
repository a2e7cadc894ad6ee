/**
 * GET /shop-api/backend/refunds?locale=: the payments that came for an
 * order no longer awaiting them (cancelled meanwhile, or paid twice),
 * oldest first, until the staff mark them refunded. Administrators only:
 * 401 without a session, 403 without the role; the desk says so itself,
 * so these raise no notification.
 */
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Refunds } from '@/types/api';

import { shownByDesk } from './staff-errors';
import { REFUNDS_PATH, staffKeys } from './staff-keys';

export const getRefunds = (locale: Locale, signal?: AbortSignal) =>
  apiClient.get<Refunds>(REFUNDS_PATH, {
    locale,
    signal,
    cache: 'no-store',
    notifyOnError: (error) => !shownByDesk(error),
  });

export function useRefundsDue(locale: Locale) {
  return useQuery({
    queryKey: staffKeys.refunds(locale),
    queryFn: ({ signal }) => getRefunds(locale, signal),
    staleTime: 0,
    // Who may not see them is told once, not after three tries.
    retry: false,
  });
}
