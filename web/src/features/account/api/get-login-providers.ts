/**
 * GET /shop-api/auth/providers: the OpenID Connect providers the server
 * offers besides the password (a social network's, a search-engine
 * company's account). None when none is configured, or when the call
 * fails: the password login works either way, so nothing is reported.
 */
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import type { LoginProvider } from '@/types/api';

const NONE: readonly LoginProvider[] = [];

export async function getLoginProviders(locale: Locale, signal?: AbortSignal): Promise<readonly LoginProvider[]> {
  const answer = await apiClient.get<{ items: LoginProvider[] }>('/auth/providers', {
    locale,
    signal,
    notifyOnError: false,
  });
  return answer.items;
}

/** The providers offered; none until the answer comes. */
export function useLoginProviders(): readonly LoginProvider[] {
  const { locale } = useI18n();
  const query = useQuery({
    queryKey: ['account', 'login-providers'] as const,
    queryFn: ({ signal }) => getLoginProviders(locale, signal).catch(() => NONE),
    // The server's configuration: it changes with a deployment only.
    staleTime: 60 * 60_000,
    meta: { skipGlobalLoader: true },
  });
  return query.data ?? NONE;
}
