/**
 * DELETE /shop-api/carts/{token}/items/{id}: a line out of the basket,
 * with the packages attached to it.
 */
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Cart } from '@/types/api';

import { useCartMutation, withCart } from './cart-request';

export function removeCartItem(locale: Locale, lineId: number): Promise<Cart> {
  return withCart(locale, (token) => apiClient.delete<Cart>(`/carts/${token}/items/${lineId}`, { locale }));
}

export const useRemoveCartItem = () => useCartMutation(removeCartItem);
