/**
 * PUT /shop-api/me {firstName, lastName, phone} with the script marker:
 * answers with the changed customer. A name or phone out of bounds names
 * its field (400); without a session (401) who is logged in is asked again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { notifyUnlessNaming } from '@/features/account/utils/field-errors';
import { apiClient, ApiError } from '@/lib/api-client';
import { meKeys, reloadMe } from '@/lib/api/get-me';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { Customer, ProfileChange } from '@/types/api';

export const PROFILE_FIELDS = ['firstName', 'lastName', 'phone'] as const;

/** A change refused for want of a session: it has ended (elsewhere, or it expired). */
export const isLoggedOut = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (profile: ProfileChange) =>
      apiClient.put<Customer>('/me', {
        locale,
        body: profile,
        headers: SCRIPT_MARKER,
        notifyOnError: notifyUnlessNaming(PROFILE_FIELDS),
      }),
    onSuccess: (customer) => queryClient.setQueryData(meKeys.me, customer),
    onError: (error) => (isLoggedOut(error) ? reloadMe(queryClient, locale) : undefined),
  });
}
