/**
 * POST /shop-api/verify-account {email}: a new link that confirms the
 * address (24 hours). The answer (202) is the same for any e-mail.
 */
import { useMutation } from '@tanstack/react-query';

import { notifyUnlessNaming } from '@/features/account/utils/field-errors';
import { apiClient } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';

export function useRequestVerification() {
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (email: string) =>
      apiClient.post<void>('/verify-account', { locale, body: { email }, notifyOnError: notifyUnlessNaming(['email']) }),
  });
}
