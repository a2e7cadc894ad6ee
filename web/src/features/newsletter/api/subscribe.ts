/**
 * POST /shop-api/newsletter/subscribe {email}: 201, and the address gets an
 * e-mail with a link that confirms the sign-up (double opt-in); 409
 * `newsletter_exists` when it is signed up already, 422 for an address the
 * server does not take, 429 and 503 for "not now". The form says each in
 * its own words, so nothing is notified here.
 */
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { NewsletterSignUp } from '@/types/api';

export function subscribe(body: NewsletterSignUp, locale: Locale): Promise<void> {
  return apiClient.post<void>('/newsletter/subscribe', { locale, body, notifyOnError: false });
}
