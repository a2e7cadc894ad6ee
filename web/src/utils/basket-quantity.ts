/**
 * How many of an offer item the basket holds (a card knows whether its
 * item is in the basket, spec 2.4). Shared: the basket answers it for the
 * catalog's cards, whose tests count real basket lines with it.
 */
import type { CartItem } from '@/types/api';

/**
 * Units of a product or treatment line count as they are; a package line's
 * quantity is its persons and a stay is one booking, so those count as one
 * each. Matched by code or variant code, packages under their stay included.
 */
export function quantityInBasket(items: readonly CartItem[], item: { code: string; variantCode?: string }): number {
  return items
    .flatMap((line) => [line, ...line.childItems])
    .filter(
      (line) =>
        line.code === item.code ||
        line.product?.code === item.code ||
        (item.variantCode !== undefined && line.variantCode === item.variantCode),
    )
    .reduce((sum, line) => sum + (line.type === 'package' || line.type === 'reservation' ? 1 : line.quantity), 0);
}
