/**
 * PUT /shop-api/checkout/{token}/payment/0: the payment method, whether
 * the advance payment is paid now (`deposit`), and what the guest was shown
 * as due now (`expectedDueNow`: another amount is a 409 `price_changed`,
 * nothing chosen). The state becomes `payment_selected` (`payment_skipped`
 * when nothing is left to pay).
 */
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Cart, PaymentChoice } from '@/types/api';

import { tokenPath } from './checkout-keys';

export const choosePayment = (locale: Locale, token: string, choice: Required<PaymentChoice>) =>
  apiClient.put<Cart>(`${tokenPath(token)}/payment/0`, { locale, body: choice });
