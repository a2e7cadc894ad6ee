/**
 * POST /shop-api/login_check {email, password} with the script marker
 * (spec 7); the answer's `success` says whether it worked, and sets the
 * session cookie. A wrong e-mail or password (401) and too many attempts
 * (429) are said beside the form, in the server's words, not as a
 * notification. Success asks for the customer again and says "logged in"
 * (spec 4, 8).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient, ApiError } from '@/lib/api-client';
import { reloadMe } from '@/lib/api/get-me';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import { notifications } from '@/lib/notifications';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { Credentials, LoginAnswer } from '@/types/api';

/** A refused login (wrong credentials, too many attempts): the form says why. */
export const isLoginRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 401 || error.status === 429);

export async function login(locale: Locale, credentials: Credentials): Promise<void> {
  // The gateway reads no channel here; `locale` gives its messages the page's language.
  const answer = await apiClient.post<LoginAnswer | undefined>('/login_check', {
    locale,
    body: credentials,
    headers: SCRIPT_MARKER,
    notifyOnError: (error) => !isLoginRefusal(error),
  });
  if (!answer?.success) {
    throw new ApiError(401, { code: 'invalid_credentials', message: answer?.message ?? '' }, '');
  }
}

export function useLogin() {
  const queryClient = useQueryClient();
  const { locale, t } = useI18n();
  return useMutation({
    mutationFn: (credentials: Credentials) => login(locale, credentials),
    onSuccess: async () => {
      await reloadMe(queryClient, locale);
      notifications.notify('success', t('account.login.success'));
    },
  });
}
