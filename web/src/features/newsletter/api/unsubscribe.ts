/**
 * POST /shop-api/newsletter/unsubscribe {token}: the newsletter's
 * "unsubscribe" link. 200 `{}` signs the address off; 404
 * `unknown_newsletter_token` for a token the server does not know. Like the
 * confirmation (./confirm-subscription.ts), a quiet query sent once per page
 * load.
 */
import { queryOptions } from '@tanstack/react-query';

import type { NewsletterTokenRequest } from '@/types/api';
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';

export const unsubscribe = (token: string, locale: Locale) =>
  apiClient.post<Record<string, never>>('/newsletter/unsubscribe', {
    locale,
    body: { token } satisfies NewsletterTokenRequest,
    notifyOnError: false,
  });

export const unsubscribeQueryOptions = (token: string, locale: Locale) =>
  queryOptions({
    queryKey: ['newsletter', 'unsubscribe', token],
    queryFn: () => unsubscribe(token, locale),
    staleTime: Infinity,
    retry: false,
  });
