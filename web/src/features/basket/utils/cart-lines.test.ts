import { describe, expect, it } from 'vitest';

import { cartItem, packageLine, reservationLine } from '@/testing/mocks/fixtures';
import { quantityInBasket } from '@/utils/basket-quantity';

import { lineCount } from './cart-count';
import {
  addedLine,
  counterBounds,
  lineByVariant,
  miniBasketScrolls,
  originalTotal,
  requestCode,
  staysForPackage,
} from './cart-lines';

describe('basket line rules', () => {
  it('counts packages under their stay as lines', () => {
    expect(lineCount([reservationLine({ childItems: [packageLine()] }), cartItem()])).toBe(3);
    expect(lineCount([])).toBe(0);
  });

  it('lets the mini basket scroll above four lines', () => {
    expect([0, 1, 4, 5, 12].map(miniBasketScrolls)).toEqual([false, false, false, true, true]);
  });

  describe('quantity counter', () => {
    it('stays within minQuantity..maxQuantity', () => {
      const line = { quantity: 2, minQuantity: 1, maxQuantity: 3 };
      expect(counterBounds(line)).toEqual({ min: 1, max: 3, fixed: false });
    });

    it('is fixed where min equals max (a stay is always one)', () => {
      expect(counterBounds({ quantity: 1, minQuantity: 1, maxQuantity: 1 })).toEqual({ min: 1, max: 1, fixed: true });
    });

    it('never leaves a quantity the server sent outside the counter', () => {
      expect(counterBounds({ quantity: 5, minQuantity: 1, maxQuantity: 3 })).toMatchObject({ min: 1, max: 5 });
    });
  });

  describe('stays a package can be attached to', () => {
    const short = reservationLine({ id: 1, dateFrom: '2026-07-10', dateTo: '2026-07-11', adults: 2 });
    const long = reservationLine({ id: 2, dateFrom: '2026-07-10', dateTo: '2026-07-13', adults: 2 });
    const single = reservationLine({ id: 3, dateFrom: '2026-07-10', dateTo: '2026-07-14', adults: 1 });
    const sold = reservationLine({ id: 4, dateFrom: '2026-07-10', dateTo: '2026-07-14', adults: 2, isAvailable: false });
    const items = [short, long, single, sold, cartItem({ id: 5 })];

    it('offers stays at least as long as the package with at least as many adults as its persons', () => {
      expect(staysForPackage(items, { numNights: 2, persons: 2 }).map((line) => line.id)).toEqual([2]);
      expect(staysForPackage(items, { numNights: 2, persons: 1 }).map((line) => line.id)).toEqual([2, 3]);
      expect(staysForPackage(items, { numNights: 1, persons: 1 }).map((line) => line.id)).toEqual([1, 2, 3]);
      expect(staysForPackage(items, { numNights: 5, persons: 1 })).toEqual([]);
    });
  });

  it('knows by code or variant code how many of an item the basket holds', () => {
    const items = [
      cartItem({ code: 'PR_OIL', quantity: 2 }),
      reservationLine({ childItems: [packageLine({ code: 'PKG_A', quantity: 2 })] }),
    ];
    expect(quantityInBasket(items, { code: 'PR_OIL' })).toBe(2);
    expect(quantityInBasket(items, { code: 'X', variantCode: 'PR_OIL' })).toBe(2);
    // A package line's quantity is its persons: the package is in the basket once.
    expect(quantityInBasket(items, { code: 'PKG_A' })).toBe(1);
    expect(quantityInBasket(items, { code: items[1]?.code ?? '' })).toBe(1);
    expect(quantityInBasket(items, { code: 'PR_OTHER' })).toBe(0);
  });

  it('strikes through the original price of the whole line: units times the unit price, a package or stay as priced', () => {
    const price = { current: 8000, original: 10000, currency: 'PLN' };
    expect(originalTotal(cartItem({ price, quantity: 3 }))).toBe(30000);
    expect(originalTotal(packageLine({ price, quantity: 2 }))).toBe(10000);
    expect(originalTotal(reservationLine({ price }))).toBe(10000);
  });

  it('names the code an add is about', () => {
    expect(requestCode({ type: 'product', productCode: 'PR_OIL' })).toBe('PR_OIL');
    expect(requestCode({ type: 'reservation_with_package', packageCode: 'PKG_A', productCode: 'ROOM_A' })).toBe('PKG_A');
  });

  it('finds the line an add made: a new one, else the one that grew', () => {
    const oil = cartItem({ id: 1, code: 'PR_OIL' });
    const stay = reservationLine({ id: 2, childItems: [packageLine({ id: 3 })] });
    expect(addedLine([oil], [oil, stay], 'ROOM_LAKE')?.id).toBe(2);
    expect(addedLine([oil, { ...stay, childItems: [] }], [oil, stay], 'PKG_ROMANTIC_WEEKEND')?.id).toBe(3);
    expect(addedLine([oil], [{ ...oil, quantity: 2 }], 'PR_OIL')?.id).toBe(1);
  });

  it('finds the line of a suggestion page by variant code, the latest first', () => {
    const items = [cartItem({ id: 1, code: 'PR_OIL' }), cartItem({ id: 2, code: 'PR_OIL' })];
    expect(lineByVariant(items, 'PR_OIL')?.id).toBe(2);
    expect(lineByVariant(items, 'NONE')).toBeUndefined();
  });
});
