/**
 * How a basket line's price makes its amount (services/cart, the basket's
 * totals): a package's price is for its persons already and a stay's for
 * the stay, so the line costs that price; any other line costs its unit
 * price times its units. The one copy: the basket's struck-through
 * original price and the test basket server (src/testing/mocks) price
 * lines with it.
 */

/** Whether a line of this type is priced as a whole (a package, a stay) rather than per unit. */
export const pricedAsWhole = (type: string): boolean => type === 'package' || type === 'reservation';

/** What a line of `type` with `quantity` units costs at `price` (the whole line's, or a unit's). */
export const lineAmount = (type: string, price: number, quantity: number): number =>
  pricedAsWhole(type) ? price : price * quantity;
