/**
 * PUT /shop-api/me/password {currentPassword, newPassword} with the script
 * marker (204). The customer's other sessions end; this one stays. A wrong
 * current password names `currentPassword`, a weak new one `password`
 * (422); without a session (401) who is logged in is asked again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { notifyUnlessNaming } from '@/features/account/utils/field-errors';
import { apiClient } from '@/lib/api-client';
import { reloadMe } from '@/lib/api/get-me';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { PasswordChange } from '@/types/api';

import { isLoggedOut } from './update-profile';

/** The body fields the server names: the new password's rule is reported as `password`. */
export const PASSWORD_CHANGE_FIELDS = ['currentPassword', 'newPassword', 'password'] as const;

export function useChangePassword() {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (change: PasswordChange) =>
      apiClient.put<void>('/me/password', {
        locale,
        body: change,
        headers: SCRIPT_MARKER,
        notifyOnError: notifyUnlessNaming(PASSWORD_CHANGE_FIELDS),
      }),
    onError: (error) => (isLoggedOut(error) ? reloadMe(queryClient, locale) : undefined),
  });
}
