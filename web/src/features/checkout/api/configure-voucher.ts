/**
 * PUT /shop-api/checkout/{token}/vouchers/{index}: a gift voucher's design,
 * dedication and delivery (e-mail with the address, or post with the
 * recipient's address). Wrong fields: 422 `invalid_voucher_configuration`
 * naming `for`, `email`, `postcode`, ... Once every voucher is configured
 * (and a posted one has its shipping method) the state is `vouchered`.
 */
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Cart, VoucherConfiguration } from '@/types/api';

import { tokenPath } from './checkout-keys';

export const configureVoucher = (locale: Locale, token: string, index: number, body: VoucherConfiguration) =>
  apiClient.put<Cart>(`${tokenPath(token)}/vouchers/${index}`, { locale, body });
