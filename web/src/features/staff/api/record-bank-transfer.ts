/**
 * POST /shop-api/backend/orders/{bookingCode}/bank-transfers?locale= with
 * `{amount, reference}` (grosze; the statement's reference) and the script
 * marker the gateway requires of changes made with the session cookie.
 * Answers the order, paid; the same reference again answers it as it is.
 * Refusals come in the request's language: 400 `amount_mismatch` (naming
 * `amount` and the amount awaited), `invalid_transfer` (`reference`), 409
 * `not_bank_transfer`, `order_cancelled`, `order_paid`,
 * `transfer_reference_used` (`reference`); the desk shows them, so they
 * raise no notification.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { BankTransfer, StaffOrder } from '@/types/api';

import { shownByDesk, staffFailure } from './staff-errors';
import { orderPath, staffKeys } from './staff-keys';

export const recordBankTransfer = (code: string, locale: Locale, transfer: BankTransfer) =>
  apiClient.post<StaffOrder>(`${orderPath(code)}/bank-transfers`, {
    locale,
    body: transfer,
    headers: SCRIPT_MARKER,
    notifyOnError: (error) => !shownByDesk(error),
  });

/** `code`: the booking code the order was looked up by (its cache key). */
export function useRecordBankTransfer(code: string, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transfer: BankTransfer) => recordBankTransfer(code, locale, transfer),
    onSuccess: (order) => queryClient.setQueryData(staffKeys.order(code, locale), order),
    onError: (error) => {
      // A 409 means the order moved on meanwhile (paid, cancelled): show it as it is now.
      if (staffFailure(error) === 'refused') {
        void queryClient.invalidateQueries({ queryKey: staffKeys.order(code, locale) });
      }
    },
  });
}
