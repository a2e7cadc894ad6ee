/**
 * POST /shop-api/password-reset/{token} {password}: the e-mail link's new
 * password (204). Every session of the customer ends, so who is logged in
 * is asked again. A weak password names its field (422); a link unknown,
 * used or expired is a 409 `invalid_link`, which the page explains.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { notifyUnlessNaming } from '@/features/account/utils/field-errors';
import { apiClient, ApiError } from '@/lib/api-client';
import { reloadMe } from '@/lib/api/get-me';
import { useI18n } from '@/lib/i18n/i18n-provider';

export const isInvalidLink = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.code === 'invalid_link';

export function useResetPassword(token: string) {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  const notifyWeakPassword = notifyUnlessNaming(['password']);
  return useMutation({
    mutationFn: (password: string) =>
      apiClient.post<void>(`/password-reset/${encodeURIComponent(token)}`, {
        locale,
        body: { password },
        notifyOnError: (error) => !isInvalidLink(error) && notifyWeakPassword(error),
      }),
    onSuccess: () => reloadMe(queryClient, locale),
  });
}
