/**
 * A payment the staff saw arrive, with `{amount, reference}` (grosze; the
 * statement's or receipt's reference) and the script marker the gateway
 * requires of changes made with the session cookie:
 * - `transfer`: POST /shop-api/backend/orders/{bookingCode}/bank-transfers,
 *   the bank transfer an order awaits (`dueNow`);
 * - `rest`: POST .../rest-payments, what an advance payment left, paid at
 *   the guesthouse.
 * Answers the order; the same reference again answers it as it is.
 * Refusals come in the request's language: 422 `amount_mismatch` (naming
 * `amount` and the amount awaited), `invalid_transfer` / `invalid_receipt`
 * (`reference`), 409 `not_bank_transfer`, `advance_not_paid`,
 * `order_cancelled`, `order_paid`, `transfer_reference_used` (`reference`);
 * the desk shows them, so they raise no notification.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { BankTransfer, StaffOrder } from '@/types/api';

import { shownByDesk, staffFailure } from './staff-errors';
import { orderPath, staffKeys } from './staff-keys';

/** Which payment the desk records. */
export type PaymentKind = 'transfer' | 'rest';

const PATHS: Record<PaymentKind, string> = { transfer: 'bank-transfers', rest: 'rest-payments' };

export const recordPayment = (code: string, locale: Locale, kind: PaymentKind, payment: BankTransfer) =>
  apiClient.post<StaffOrder>(`${orderPath(code)}/${PATHS[kind]}`, {
    locale,
    body: payment,
    headers: SCRIPT_MARKER,
    notifyOnError: (error) => !shownByDesk(error),
  });

/** `code`: the booking code the order was looked up by (its cache key). */
export function useRecordPayment(code: string, locale: Locale, kind: PaymentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payment: BankTransfer) => recordPayment(code, locale, kind, payment),
    onSuccess: (order) => queryClient.setQueryData(staffKeys.order(code, locale), order),
    onError: (error) => {
      // A 409 means the order moved on meanwhile (paid, cancelled): show it as it is now.
      if (staffFailure(error) === 'refused') {
        void queryClient.invalidateQueries({ queryKey: staffKeys.order(code, locale) });
      }
    },
  });
}
