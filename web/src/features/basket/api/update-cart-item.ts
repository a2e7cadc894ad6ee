/**
 * PUT /shop-api/carts/{token}/items/{id} with {quantity, options?}: a new
 * quantity, or a package line's new configuration (`options.treatments`).
 */
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Cart, UpdateCartItem } from '@/types/api';

import { useCartMutation, withCart } from './cart-request';

export type UpdateCartItemVariables = { lineId: number; change: UpdateCartItem };

export function updateCartItem(locale: Locale, { lineId, change }: UpdateCartItemVariables): Promise<Cart> {
  return withCart(locale, (token) => apiClient.put<Cart>(`/carts/${token}/items/${lineId}`, { locale, body: change }));
}

export const useUpdateCartItem = () => useCartMutation(updateCartItem);
