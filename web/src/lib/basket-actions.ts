/**
 * What pages outside the basket may do with it: know whether an item is in
 * it, add to it, and reserve a stay package.
 *
 * Features do not import each other: the catalog and rooms pages call these
 * through a context that the app fills with the basket feature's
 * implementation (app/routes/shop-layout.tsx). Without one (a component
 * rendered on its own) the buttons show as unavailable.
 */
import { createContext, use } from 'react';

import type { AddCartItem } from '@/types/api';
import type { ConfiguratorState } from '@/utils/package-configurator';

/** A package to put into the basket. */
export type PackageChoice = {
  code: string;
  variantCode: string;
  name: string;
  /** Nights of the stay; 0 for treatment-day packages and day spa. */
  numNights: number;
  /** The configuration made on the package page (persons and treatments); the package's own without one. */
  configuration?: Pick<ConfiguratorState, 'persons' | 'primary'>;
};

export type BasketActions = {
  /** The basket's token, once there is a basket (room searches send it to count its stays). */
  cartToken: string | null;
  /** How many of an item the basket holds, by code or variant code (0: none). */
  quantityOf: (item: { code: string; variantCode?: string }) => number;
  /** Adds an item; resolves true once it is in (the suggestion page follows), false when it failed. */
  add: (item: AddCartItem) => Promise<boolean>;
  /**
   * A package: a stay package opens the package reservation modal (a stay
   * in the basket, or new dates); a treatment-day package or day spa is
   * added at once.
   */
  addPackage: (choice: PackageChoice) => void;
  /** The code of the item being added, while an add is on its way. */
  pendingCode: string | null;
};

export const BasketActionsContext = createContext<BasketActions | null>(null);

/** The basket's actions, or null where no basket is provided. */
export function useBasketActions(): BasketActions | null {
  return use(BasketActionsContext);
}
