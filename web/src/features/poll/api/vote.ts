/**
 * POST /shop-api/poll/votes {option}: this visitor's vote. 201 answers with
 * the poll (`voted` set, the counts with the vote); 409 `already_voted` when
 * this visitor has voted (one vote each); 404 `unknown_option` for an option
 * the poll does not have (any more). The pop-up says each outcome itself, so
 * nothing is notified.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { pollKeys, type Poll } from '@/features/poll/api/get-poll';
import { apiClient } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';

import type { VoteRequest } from '@/types/api';

export const vote = (locale: Locale, option: string) =>
  apiClient.post<Poll>('/poll/votes', { locale, body: { option } satisfies VoteRequest, notifyOnError: false });

/** Votes; the answered poll becomes the poll's state. */
export function useVote() {
  const { locale } = useI18n();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (option: string) => vote(locale, option),
    onSuccess: (poll) => queryClient.setQueryData(pollKeys.poll(locale), poll),
  });
}
