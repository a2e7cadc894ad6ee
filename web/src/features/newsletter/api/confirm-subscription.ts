/**
 * POST /shop-api/newsletter/confirm {token}: the confirmation e-mail's link
 * (double opt-in). 200 `{}` confirms the sign-up; 404
 * `unknown_newsletter_token` for a token the server does not know (used
 * already, or mistyped). The page says each outcome itself: nothing is
 * notified.
 *
 * A query, not a mutation: the page sends its token once however often it
 * renders (React's strict mode mounts twice), and keeps the answer for the
 * page load; "try again" refetches.
 */
import { queryOptions } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';

import type { NewsletterTokenRequest } from '@/types/api';

export const confirmSubscription = (token: string, locale: Locale) =>
  apiClient.post<Record<string, never>>('/newsletter/confirm', {
    locale,
    body: { token } satisfies NewsletterTokenRequest,
    notifyOnError: false,
  });

export const confirmSubscriptionQueryOptions = (token: string, locale: Locale) =>
  queryOptions({
    queryKey: ['newsletter', 'confirm', token],
    queryFn: () => confirmSubscription(token, locale),
    staleTime: Infinity,
    retry: false,
  });
