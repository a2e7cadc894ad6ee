/** POST /shop-api/logout with the script marker: ends the session and clears its cookie. */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { meKeys } from '@/lib/api/get-me';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import { notifications } from '@/lib/notifications';
import { SCRIPT_MARKER } from '@/lib/script-marker';

export const logout = (locale: Locale) =>
  apiClient.post<void>('/logout', { locale, headers: SCRIPT_MARKER });

export function useLogout() {
  const queryClient = useQueryClient();
  const { locale, t } = useI18n();
  return useMutation({
    mutationFn: () => logout(locale),
    onSuccess: () => {
      queryClient.setQueryData(meKeys.me, null);
      notifications.notify('success', t('account.profile.loggedOut'));
    },
  });
}
