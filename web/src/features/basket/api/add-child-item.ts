/**
 * POST /shop-api/carts/{token}/items/{id}/children-items: a stay package
 * attached to a reservation line of the basket.
 */
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { AddCartItem, Cart } from '@/types/api';

import { useCartMutation, withCart } from './cart-request';

/** `item`: {type: 'package', packageCode, variantCode?, quantity? (persons), options?: {treatments}}. */
export type AddChildItemVariables = { lineId: number; item: AddCartItem };

export function addChildItem(locale: Locale, { lineId, item }: AddChildItemVariables): Promise<Cart> {
  return withCart(locale, (token) =>
    apiClient.post<Cart>(`/carts/${token}/items/${lineId}/children-items`, { locale, body: item }),
  );
}

export const useAddChildItem = () => useCartMutation(addChildItem);
