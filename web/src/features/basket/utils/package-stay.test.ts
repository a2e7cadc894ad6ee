import { describe, expect, it } from 'vitest';

import { treatment } from '@/testing/mocks/fixtures';

import { initialGuests, packageCalendarRules, packageRoomSearch, stayOf, treatmentsFor } from './package-stay';

const configuration = {
  persons: 1,
  primary: [
    treatment({ code: 'A', quantity: 1, minQuantity: 1, maxQuantity: 2 }),
    treatment({ code: 'B', quantity: 2, minQuantity: 2, maxQuantity: 3 }),
  ],
};
const choice = { code: 'PKG', variantCode: 'PKG', name: 'Pakiet', numNights: 3, configuration };

describe('package reservation rules', () => {
  it("starts a new stay with as many adults as the package's persons", () => {
    expect(initialGuests(choice)).toEqual({ adults: 1, children: 0, babies: 0 });
    expect(initialGuests({})).toEqual({ adults: 2, children: 0, babies: 0 });
  });

  it('moves the treatments to the adults of the stay by the persons step', () => {
    expect(treatmentsFor(choice, 1)).toEqual([
      { code: 'A', quantity: 1 },
      { code: 'B', quantity: 2 },
    ]);
    expect(treatmentsFor(choice, 2)).toEqual([
      { code: 'A', quantity: 2 },
      { code: 'B', quantity: 3 },
    ]);
    expect(treatmentsFor({}, 2)).toBeUndefined();
  });

  it("asks for at least the package's nights in the calendar", () => {
    expect(packageCalendarRules('2026-06-10', 3)).toMatchObject({ startDate: '2026-06-10', minNights: 3, maxNights: 30 });
    expect(packageCalendarRules('2026-06-10', 0).minNights).toBe(1);
  });

  it('searches rooms only once both dates are set', () => {
    const guests = { adults: 2, children: 1, babies: 0 };
    expect(stayOf({ checkIn: '2026-07-01', checkOut: null }, guests)).toBeNull();
    const stay = stayOf({ checkIn: '2026-07-01', checkOut: '2026-07-04' }, guests);
    expect(stay).toEqual({ checkIn: '2026-07-01', checkOut: '2026-07-04', adults: 2, children: 1, babies: 0 });
    expect(packageRoomSearch(choice, stay!)).toEqual({
      packageCode: 'PKG',
      options: {
        from: '2026-07-01',
        to: '2026-07-04',
        adults: 2,
        children: 1,
        babies: 0,
        treatments: [
          { code: 'A', quantity: 2 },
          { code: 'B', quantity: 3 },
        ],
      },
    });
  });
});
