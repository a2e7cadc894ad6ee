/**
 * Rules about basket lines, as plain functions.
 */
import { MINI_BASKET_SCROLL_THRESHOLD } from '@/config/constants';
import { lineAmount } from '@/lib/rules/line-price';
import type { AddCartItem, CartItem } from '@/types/api';

import { flattenLines } from './cart-count';

/** The mini basket's list scrolls above four lines (spec 9). */
export const miniBasketScrolls = (lines: number) => lines > MINI_BASKET_SCROLL_THRESHOLD;


/** The quantity counter's bounds; a line whose min equals its max has no counter. */
export function counterBounds(line: Pick<CartItem, 'minQuantity' | 'maxQuantity' | 'quantity'>) {
  const min = Math.min(line.minQuantity, line.quantity);
  const max = Math.max(line.maxQuantity, line.quantity);
  return { min, max, fixed: line.minQuantity >= line.maxQuantity };
}

/**
 * What a line would cost at its original price (struck through beside a
 * promotion's total): a unit line's unit price times its units; a package's
 * price is for its persons already, and a stay's for the stay.
 */
export const originalTotal = (line: Pick<CartItem, 'type' | 'quantity' | 'price'>): number =>
  lineAmount(line.type, line.price.original, line.quantity);

/** The requirements of a stay package: its nights and the persons it is for. */
export type PackageNeeds = { numNights: number; persons: number };

/**
 * The stays in the basket a package can be attached to (spec 4): available
 * reservation lines at least as long as the package (days = nights) with at
 * least as many adults as the package's persons.
 */
export function staysForPackage(items: readonly CartItem[], needs: PackageNeeds): CartItem[] {
  return items.filter(
    (line) =>
      line.type === 'reservation' &&
      line.isAvailable &&
      (line.days ?? 0) >= needs.numNights &&
      (line.adults ?? 0) >= needs.persons,
  );
}

/** Lines whose room was sold while the visitor was booking. */
export const unavailableLines = (items: readonly CartItem[]) => items.filter((line) => !line.isAvailable);

/** The code an add request is about (the package of a stay with a package, or of a package attached to a stay). */
export const requestCode = (request: AddCartItem): string =>
  request.packageCode ?? request.productCode ?? request.variantCode ?? '';

/**
 * The line an add created or grew: a line that was not there before (the
 * top-level one when a stay came with its package), else the one with the
 * request's code.
 */
export function addedLine(
  before: readonly CartItem[],
  after: readonly CartItem[],
  code: string,
): CartItem | undefined {
  const known = new Set(flattenLines(before).map((line) => line.id));
  const fresh = after.find((line) => !known.has(line.id)) ?? flattenLines(after).find((line) => !known.has(line.id));
  if (fresh) return fresh;
  return flattenLines(after)
    .filter((line) => line.code === code || line.product?.code === code)
    .at(-1);
}

/** The line a suggestion page is about: the last one with its variant code. */
export function lineByVariant(items: readonly CartItem[], variantCode: string): CartItem | undefined {
  return flattenLines(items)
    .filter((line) => line.variantCode === variantCode || line.code === variantCode)
    .at(-1);
}
