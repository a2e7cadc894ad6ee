import { describe, expect, it } from 'vitest';

import { createTranslator } from '@/lib/i18n/translate';
import { lineProduct, packageLine, reservationLine } from '@/testing/mocks/fixtures';
import type { CartItem } from '@/types/api';

import { packageNights, packageStayText } from './line-text';

/** A package attached to a stay, paying for `nights` of it. */
const pack = (id: number, nights: number): CartItem =>
  packageLine({ id, product: lineProduct({ code: `PKG_${id}`, type: 'package', numNights: nights }) });

describe('what a package does to its stay’s price', () => {
  it('counts the nights of the longest package attached, as the server prices the stay', () => {
    expect(packageNights(reservationLine({ childItems: [] }))).toBe(0);
    expect(packageNights(reservationLine({ childItems: [pack(2, 0)] }))).toBe(0);
    expect(packageNights(reservationLine({ childItems: [pack(2, 1), pack(3, 2)] }))).toBe(2);
  });

  it('says the package covers its nights and the line is the rest, in each language', () => {
    const stay = reservationLine({ price: { current: 48_000, original: 48_000, currency: 'PLN' }, childItems: [pack(2, 2)] });
    expect(packageStayText({ t: createTranslator('pl') }, stay)).toBe(
      'Cena z pakietem: pakiet obejmuje 2 noce (w cenie najtańszego pasującego pokoju), tu płacisz za resztę pobytu.',
    );
    expect(packageStayText({ t: createTranslator('de') }, stay)).toBe(
      'Preis mit Paket: Das Paket deckt 2 Nächte ab (zum Preis des günstigsten passenden Zimmers), hier zahlen Sie den Rest des Aufenthalts.',
    );
    const oneNight = { ...stay, childItems: [pack(2, 1)] };
    expect(packageStayText({ t: createTranslator('en_GB') }, oneNight)).toBe(
      'Price with the package: the package covers 1 night (at the rate of the cheapest suitable room); you pay here for the rest of the stay.',
    );
  });

  it('says the package covers the whole stay when nothing is left to pay for it', () => {
    const stay = reservationLine({ price: { current: 0, original: 0, currency: 'PLN' }, childItems: [pack(2, 3)] });
    expect(packageStayText({ t: createTranslator('en_GB') }, stay)).toBe('Price with the package: the package covers the whole stay.');
  });

  it('says nothing of a stay without a package with nights, of a room sold meanwhile, or of other lines', () => {
    const t = createTranslator('pl');
    expect(packageStayText({ t }, reservationLine())).toBeNull();
    expect(packageStayText({ t }, reservationLine({ childItems: [pack(2, 0)] }))).toBeNull();
    expect(packageStayText({ t }, reservationLine({ isAvailable: false, childItems: [pack(2, 2)] }))).toBeNull();
    expect(packageStayText({ t }, pack(2, 2))).toBeNull();
  });
});
