import { useQuery } from '@tanstack/react-query';

import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Customer } from '@/types/api';

import { meQueryOptions } from './get-me';

export type MeState =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'success'; customer: Customer | null };

/**
 * The logged-in customer for the pages (account, checkout's personal data):
 * asked for again on each visit when no longer fresh. A failed /me also means "not logged in"
 * (spec 8); the pages that need the customer say it failed and offer to
 * try again instead of asking for a login the visitor may not need.
 */
export function useMe(): MeState {
  const { locale } = useI18n();
  const query = useQuery(meQueryOptions(locale));
  if (query.isPending) return { status: 'pending' };
  if (query.isError) return { status: 'error', retry: () => void query.refetch() };
  return { status: 'success', customer: query.data };
}
