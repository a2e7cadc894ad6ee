/**
 * PUT /shop-api/carts/{token}/items/{id} with {quantity, options?}: a new
 * quantity, or a package line's new configuration (`options.treatments`).
 */
import { apiClient } from '@/lib/api-client';
import type { Cart, UpdateCartItem } from '@/types/api';

import { useCartMutation, withCart, type CartChange } from './cart-request';

export type UpdateCartItemVariables = { lineId: number; change: UpdateCartItem };

export const updateCartItem: CartChange<UpdateCartItemVariables> = (locale, { lineId, change }, adopt) =>
  withCart(locale, (token, notifyOnError) => apiClient.put<Cart>(`/carts/${token}/items/${lineId}`, { locale, body: change, notifyOnError }), {
    adopt,
  });

export const useUpdateCartItem = () => useCartMutation(updateCartItem);
