/**
 * What checkout needs of the basket, which is another feature's: the
 * stored basket's token, keeping a basket the server answered with (its
 * cached copy and what browser storage persists: token, items, billing
 * address, checkout state; spec 3), forgetting it once it became an order,
 * adding an item (the voucher configuration), and what the basket shows
 * of itself: its lines, read-only, and its price summary. Features do not
 * import each other: the app fills this in with the basket's own helpers
 * (app/routes/checkout-basket.tsx).
 */
import { createContext, use, type ReactNode } from 'react';

import type { AddCartItem, Cart } from '@/types/api';

export type CheckoutBasket = {
  /** The stored basket's token; null without a basket. */
  token: string | null;
  /** An answered basket replaces the basket: cached copy and stored state. */
  keep: (cart: Cart) => void;
  /** The basket became an order: forgotten, so that the next add starts a new one. */
  forget: () => void;
  /** Asks for the basket again (its lines may have changed: a room sold meanwhile). */
  refresh: () => void;
  /** Puts an item into the basket (creating the basket when there is none); answers the basket. */
  add: (item: AddCartItem) => Promise<Cart>;
  /** The basket's lines as they are being bought (packages under their stay), without the basket's actions. */
  lines: (cart: Pick<Cart, 'items'>) => ReactNode;
  /** The basket's price summary box (spec 2.5), with the gift voucher codes paying for its lines. */
  summary: (cart: Pick<Cart, 'totals' | 'vouchers'>, options?: { busy?: boolean; headingLevel?: 2 | 3 }) => ReactNode;
};

export const CheckoutBasketContext = createContext<CheckoutBasket | null>(null);

export function useCheckoutBasket(): CheckoutBasket {
  const basket = use(CheckoutBasketContext);
  if (!basket) throw new Error('useCheckoutBasket must be used inside <CheckoutBasketContext>');
  return basket;
}
