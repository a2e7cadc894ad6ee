import type { ReactNode } from 'react';
import { vi } from 'vitest';

import { BasketActionsContext, type BasketActions } from '@/lib/basket-actions';
import type { CartItem } from '@/types/api';
import { quantityInBasket } from '@/utils/basket-quantity';

/** Basket actions that record their calls; the basket holds `items`, counted as the real basket counts them. */
export function fakeBasketActions(
  items: CartItem[] = [],
  { pendingCode = null, cartToken = null }: Pick<Partial<BasketActions>, 'pendingCode' | 'cartToken'> = {},
) {
  return {
    cartToken,
    quantityOf: vi.fn<BasketActions['quantityOf']>((item) => quantityInBasket(items, item)),
    add: vi.fn<BasketActions['add']>(() => Promise.resolve(true)),
    addPackage: vi.fn<BasketActions['addPackage']>(),
    pendingCode,
  };
}

export function WithBasketActions({ actions, children }: { actions: BasketActions; children: ReactNode }) {
  return <BasketActionsContext value={actions}>{children}</BasketActionsContext>;
}
