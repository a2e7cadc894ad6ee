/**
 * PUT /shop-api/carts/{token}/items/{id}/voucher with {code}: pays for a
 * line (and what is attached to it) with a gift voucher code
 * (`GV-XXXX-XXXX-XXXX`, any case, dashes and spaces optional), up to what
 * the voucher has left; DELETE on the same path stops. Both answer the
 * basket: the line's `redemption`, the basket's `vouchers` and
 * `totals.vouchers`. A code pays for one line: set on another, it moves.
 *
 * Refusals (each with the server's message, and `errors[]` naming `code`
 * where the code is at fault): 404 `voucher_code_unknown`, 409
 * `voucher_not_applicable` (a gift voucher line, an attached package),
 * 409 `voucher_spent`, 409 `voucher_expired`. The form shows them beside
 * its field, so they raise no notification; anything else does.
 */
import { apiClient, ApiError } from '@/lib/api-client';
import type { Cart, RedeemVoucher } from '@/types/api';

import { useCartMutation, withCart, type CartChange } from './cart-request';

const VOUCHER_REFUSALS = ['voucher_code_unknown', 'voucher_not_applicable', 'voucher_spent', 'voucher_expired'];

/** Whether a failure is the voucher's refusal, said beside the code's field. */
export const isVoucherRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && VOUCHER_REFUSALS.includes(error.code);

export type RedeemVoucherVariables = { lineId: number; code: string };

export const redeemVoucher: CartChange<RedeemVoucherVariables> = (locale, { lineId, code }, adopt) =>
  withCart(
    locale,
    (token, notifyOnError) =>
      apiClient.put<Cart>(`/carts/${token}/items/${lineId}/voucher`, {
        locale,
        body: { code } satisfies RedeemVoucher,
        notifyOnError: (error) => !isVoucherRefusal(error) && (typeof notifyOnError === 'function' ? notifyOnError(error) : notifyOnError !== false),
      }),
    { adopt },
  );

/** Stops paying for line `lineId` with a gift voucher. */
export const removeVoucher: CartChange<number> = (locale, lineId, adopt) =>
  withCart(locale, (token, notifyOnError) => apiClient.delete<Cart>(`/carts/${token}/items/${lineId}/voucher`, { locale, notifyOnError }), {
    adopt,
  });

export const useRedeemVoucher = () => useCartMutation(redeemVoucher);

export const useRemoveVoucher = () => useCartMutation(removeVoucher);
