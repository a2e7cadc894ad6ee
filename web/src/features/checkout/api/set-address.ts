/**
 * PUT /shop-api/checkout/{token}/address: the guest's details. The state
 * moves to `addressed`, or to `vouchering_skipped` when the basket holds no
 * gift voucher. Every wrong field is named at once (422 `invalid_address`,
 * `errors[].field` as `customer.email`, `billingAddress.vatNumber`, ...).
 * With `password` the visitor is registered and logged in as well, which
 * the gateway takes only from a script (`X-Requested-With`).
 */
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { Cart, CheckoutAddress } from '@/types/api';

import { tokenPath } from './checkout-keys';
import { useCartAnswer } from './use-cart-answer';

export const setAddress = (locale: Locale, token: string, body: CheckoutAddress) =>
  apiClient.put<Cart>(`${tokenPath(token)}/address`, {
    locale,
    body,
    headers: body.password ? SCRIPT_MARKER : undefined,
    // Field errors are shown beside their fields; the notification says what to do.
  });

export function useSetAddress(token: string) {
  const { locale } = useI18n();
  const answer = useCartAnswer();
  return useMutation({
    mutationFn: (body: CheckoutAddress) => setAddress(locale, token, body),
    onSuccess: answer,
  });
}
