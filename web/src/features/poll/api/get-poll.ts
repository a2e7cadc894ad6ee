/**
 * GET /shop-api/poll: the poll that runs now, its texts in the request's
 * language, the votes so far and this visitor's answer (`voted`, null
 * before they vote). 404 when none runs: then there is no pop-up. Quiet: no
 * notification (the pop-up is an extra) and no loading bar.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';

import type { Poll } from '@/types/api';

export type { Poll, PollOption } from '@/types/api';

/** The poll, or null when none runs (404). */
export async function getPoll(locale: Locale, signal?: AbortSignal): Promise<Poll | null> {
  try {
    return await apiClient.get<Poll>('/poll', { locale, signal, notifyOnError: false, cache: 'no-store' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const pollKeys = {
  poll: (locale: Locale) => ['poll', locale] as const,
};

export const pollQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: pollKeys.poll(locale),
    queryFn: ({ signal }) => getPoll(locale, signal),
    retry: false,
    meta: { skipGlobalLoader: true },
  });

export const usePoll = (locale: Locale, enabled: boolean) => useQuery({ ...pollQueryOptions(locale), enabled });
