/**
 * Counting basket lines (the header's mini basket: on every page, so this
 * module stays apart from the other line rules in cart-lines.ts).
 */
import type { CartItem } from '@/types/api';

/** Every line: each top-level line followed by the packages attached to it. */
export function flattenLines(items: readonly CartItem[]): CartItem[] {
  return items.flatMap((item) => [item, ...item.childItems]);
}

/** The number of lines the header counts. */
export const lineCount = (items: readonly CartItem[]) => flattenLines(items).length;

/** A line's name: its product's (the server sends none for a product it no longer knows). */
export const lineName = (line: Pick<CartItem, 'product' | 'code'>) => line.product?.name ?? line.code;
