import type { ReactNode } from 'react';
import { vi } from 'vitest';

import { BasketActionsContext, type BasketActions } from '@/lib/basket-actions';

/** Basket actions that record their calls; what the basket holds is `inBasket` (code -> quantity). */
export function fakeBasketActions(inBasket: Record<string, number> = {}, overrides: Partial<BasketActions> = {}) {
  return {
    quantityOf: vi.fn((item: { code: string }) => inBasket[item.code] ?? 0),
    add: vi.fn(() => Promise.resolve(true)),
    addPackage: vi.fn(),
    pendingCode: null,
    ...overrides,
  } satisfies BasketActions;
}

export function WithBasketActions({ actions, children }: { actions: BasketActions; children: ReactNode }) {
  return <BasketActionsContext value={actions}>{children}</BasketActionsContext>;
}
