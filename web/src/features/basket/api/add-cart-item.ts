/**
 * POST /shop-api/carts/{token}/items: an item into the basket (the cart is
 * created first when there is none). The body depends on the type: see
 * `AddCartItem`.
 */
import { apiClient } from '@/lib/api-client';
import type { AddCartItem, Cart } from '@/types/api';

import { useCartMutation, withCart, type CartChange } from './cart-request';

export const addCartItem: CartChange<AddCartItem> = (locale, item, adopt) =>
  withCart(locale, (token, notifyOnError) => apiClient.post<Cart>(`/carts/${token}/items`, { locale, body: item, notifyOnError }), {
    retryInNewCart: true,
    adopt,
  });

export const useAddCartItem = () => useCartMutation(addCartItem);
