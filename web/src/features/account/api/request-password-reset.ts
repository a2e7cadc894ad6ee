/**
 * POST /shop-api/password-reset {email}: an e-mail with a link that sets a
 * new password (one hour). The answer (202) is the same for any e-mail.
 */
import { useMutation } from '@tanstack/react-query';

import { notifyUnlessNaming } from '@/features/account/utils/field-errors';
import { apiClient } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';

export function useRequestPasswordReset() {
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (email: string) =>
      apiClient.post<void>('/password-reset', { locale, body: { email }, notifyOnError: notifyUnlessNaming(['email']) }),
  });
}
