/**
 * DELETE /shop-api/carts/{token}/items/{id}: a line out of the basket,
 * with the packages attached to it.
 */
import { apiClient } from '@/lib/api-client';
import type { Cart } from '@/types/api';

import { useCartMutation, withCart, type CartChange } from './cart-request';

export const removeCartItem: CartChange<number> = (locale, lineId, adopt) =>
  withCart(locale, (token, notifyOnError) => apiClient.delete<Cart>(`/carts/${token}/items/${lineId}`, { locale, notifyOnError }), { adopt });

export const useRemoveCartItem = () => useCartMutation(removeCartItem);
