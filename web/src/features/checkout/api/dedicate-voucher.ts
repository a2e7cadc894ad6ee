/**
 * PUT /shop-api/carts/{token}/items/{id}/voucher: who a gift voucher in the
 * basket is for and from, a message, and the address it is e-mailed to
 * (without one, its delivery is chosen at checkout). Answers the basket.
 */
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Cart, VoucherDedication } from '@/types/api';

export const dedicateVoucher = (locale: Locale, token: string, lineId: number, body: VoucherDedication) =>
  apiClient.put<Cart>(`/carts/${encodeURIComponent(token)}/items/${lineId}/voucher`, { locale, body });
