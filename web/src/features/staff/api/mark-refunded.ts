/**
 * PUT /shop-api/backend/refunds/{paymentId}?locale= with `{reference}` (the
 * refund's reference at the provider) and the script marker. Answers the
 * payment, `refunded`; the same reference again answers it as it is.
 * Refusals come in the request's language: 422 `invalid_refund`
 * (`reference`), 404 `payment_not_found`, 409 `not_refund_due`,
 * `payment_refunded` (`reference`: marked with another one); the desk shows
 * them, so they raise no notification.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { Refund, Refunds } from '@/types/api';

import { shownByDesk } from './staff-errors';
import { REFUNDS_PATH, staffKeys } from './staff-keys';

export const markRefunded = (paymentId: string, reference: string, locale: Locale) =>
  apiClient.put<Refund>(`${REFUNDS_PATH}/${encodeURIComponent(paymentId)}`, {
    locale,
    body: { reference },
    headers: SCRIPT_MARKER,
    notifyOnError: (error) => !shownByDesk(error),
  });

export function useMarkRefunded(locale: Locale) {
  const queryClient = useQueryClient();
  const key = staffKeys.refunds(locale);
  return useMutation({
    mutationFn: ({ paymentId, reference }: { paymentId: string; reference: string }) => markRefunded(paymentId, reference, locale),
    // Gone from the list at once, then the list is read again: another
    // member of staff may have marked some meanwhile. A refused mark keeps
    // its payment in the list, with the server's reason beside it.
    onSuccess: (refund) => {
      queryClient.setQueryData<Refunds>(key, (list) =>
        list ? { items: list.items.filter((item) => item.paymentId !== refund.paymentId) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
