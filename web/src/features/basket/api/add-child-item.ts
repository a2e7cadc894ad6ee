/**
 * POST /shop-api/carts/{token}/items/{id}/children-items: a stay package
 * attached to a reservation line of the basket.
 */
import { apiClient } from '@/lib/api-client';
import type { AddCartItem, Cart } from '@/types/api';

import { useCartMutation, withCart, type CartChange } from './cart-request';

/** `item`: {type: 'package', packageCode, variantCode?, quantity? (persons), options?: {treatments}}. */
export type AddChildItemVariables = { lineId: number; item: AddCartItem };

export const addChildItem: CartChange<AddChildItemVariables> = (locale, { lineId, item }, adopt) =>
  withCart(
    locale,
    (token, notifyOnError) => apiClient.post<Cart>(`/carts/${token}/items/${lineId}/children-items`, { locale, body: item, notifyOnError }),
    { adopt },
  );

export const useAddChildItem = () => useCartMutation(addChildItem);
