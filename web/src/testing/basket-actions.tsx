import type { ReactNode } from 'react';
import { vi } from 'vitest';

import { BasketActionsContext, type BasketActions } from '@/lib/basket-actions';

/** Basket actions that record their calls; what the basket holds is `inBasket` (code -> quantity). */
export function fakeBasketActions(
  inBasket: Record<string, number> = {},
  { pendingCode = null, cartToken = null }: Pick<Partial<BasketActions>, 'pendingCode' | 'cartToken'> = {},
) {
  return {
    cartToken,
    quantityOf: vi.fn<BasketActions['quantityOf']>((item) => inBasket[item.code] ?? 0),
    add: vi.fn<BasketActions['add']>(() => Promise.resolve(true)),
    addPackage: vi.fn<BasketActions['addPackage']>(),
    pendingCode,
  };
}

export function WithBasketActions({ actions, children }: { actions: BasketActions; children: ReactNode }) {
  return <BasketActionsContext value={actions}>{children}</BasketActionsContext>;
}
