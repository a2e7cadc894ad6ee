/**
 * POST /shop-api/register: creates the customer, logs them in (the answer
 * sets the session cookie and is the customer) and sends the e-mail that
 * confirms the address. A taken or invalid e-mail, a weak password or a
 * wrong name comes back naming its field (400, 422, 409).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { notifyUnlessNaming } from '@/features/account/utils/field-errors';
import { apiClient } from '@/lib/api-client';
import { meKeys } from '@/lib/api/get-me';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import type { Customer, Registration } from '@/types/api';

/** The body fields the registration form shows errors of. */
export const REGISTRATION_FIELDS = ['email', 'password', 'firstName', 'lastName', 'phone'] as const;

export const register = (locale: Locale, registration: Registration) =>
  apiClient.post<Customer>('/register', {
    locale,
    body: registration,
    notifyOnError: notifyUnlessNaming(REGISTRATION_FIELDS),
  });

export function useRegister() {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (registration: Registration) => register(locale, registration),
    onSuccess: (customer) => queryClient.setQueryData(meKeys.me, customer),
  });
}
