/**
 * POST /shop-api/carts/{token}/items: an item into the basket (the cart is
 * created first when there is none). The body depends on the type: see
 * `AddCartItem`.
 */
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { AddCartItem, Cart } from '@/types/api';

import { useCartMutation, withCart } from './cart-request';

export function addCartItem(locale: Locale, item: AddCartItem): Promise<Cart> {
  return withCart(locale, (token) => apiClient.post<Cart>(`/carts/${token}/items`, { locale, body: item }), {
    retryInNewCart: true,
  });
}

export const useAddCartItem = () => useCartMutation(addCartItem);
