import { describe, expect, it } from 'vitest';

import type { RoomNight } from '@/types/api';

import { changedDates, emptyNightsForm, monthRange, previewChange, shiftMonth, toChange } from './rates';

const TODAY = '2027-06-15';
const form = (extra: Partial<ReturnType<typeof emptyNightsForm>>) => ({ ...emptyNightsForm('2027-07-01', '2027-07-31'), ...extra });

const night = (date: string, extra: Partial<RoomNight> = {}): RoomNight => ({
  date,
  units: 4,
  outOfOrder: 0,
  booked: 0,
  held: 0,
  external: 0,
  free: 4,
  closed: false,
  price: 38000,
  priceSet: false,
  minStay: 0,
  maxStay: 0,
  closedToArrival: false,
  closedToDeparture: false,
  ...extra,
});

describe('a change of nights', () => {
  it('takes the range’s nights of its weekdays, all of them without any', () => {
    expect(changedDates('2027-07-01', '2027-07-08', [5, 6])).toEqual(['2027-07-02', '2027-07-03']);
    expect(changedDates('2027-07-03', '2027-07-05', [])).toEqual(['2027-07-03', '2027-07-04']);
    expect(changedDates('2027-07-04', '2027-07-05', [7])).toEqual(['2027-07-04']);
  });

  it('becomes the server’s body: the night after the last, grosze, only what is set', () => {
    expect(toChange(form({ weekdays: [6, 5], price: '420', minStay: '2' }), TODAY, 4)).toEqual({
      change: { from: '2027-07-01', to: '2027-08-01', weekdays: [5, 6], price: 42000, minStay: 2 },
    });
    expect(toChange(form({ price: '420,50', closed: 'no', closedToArrival: 'yes', outOfOrder: '0' }), TODAY, 4)).toEqual({
      change: { from: '2027-07-01', to: '2027-08-01', weekdays: [], price: 42050, closed: false, closedToArrival: true, outOfOrder: 0 },
    });
  });

  it('names the first problem, as the server would', () => {
    const problem = (extra: Partial<ReturnType<typeof emptyNightsForm>>, units = 4) => {
      const checked = toChange(form(extra), TODAY, units);
      return 'problem' in checked ? checked.problem : null;
    };
    expect(problem({})).toBe('nothing');
    expect(problem({ first: '2027-02-30', price: '1' })).toBe('first');
    expect(problem({ last: '2027-06-30', price: '1' })).toBe('last');
    expect(problem({ first: '2027-06-14', price: '100' })).toBe('past');
    expect(problem({ last: '2028-07-01', price: '100' })).toBe('tooLong');
    expect(problem({ first: '2027-07-05', last: '2027-07-06', weekdays: [7], price: '100' })).toBe('noNights');
    expect(problem({ price: '0,50' })).toBe('price');
    expect(problem({ price: '100 001' })).toBe('price');
    expect(problem({ minStay: '31' })).toBe('minStay');
    expect(problem({ maxStay: 'two' })).toBe('maxStay');
    expect(problem({ minStay: '3', maxStay: '2' })).toBe('maxBelowMin');
    expect(problem({ outOfOrder: '5' })).toBe('outOfOrder');
    expect(problem({ minStay: '0', maxStay: '0' })).toBeNull();
  });

  it('previews only the nights it alters, each with before and after', () => {
    const nights = [night('2027-07-01'), night('2027-07-02'), night('2027-07-03', { price: 42000, priceSet: true, minStay: 2 })];
    const change = { from: '2027-07-01', to: '2027-07-04', weekdays: [5, 6], price: 42000, minStay: 2 };
    expect(previewChange(nights, change)).toEqual([
      {
        date: '2027-07-02',
        differences: [
          { field: 'price', before: 38000, after: 42000 },
          { field: 'minStay', before: 0, after: 2 },
        ],
      },
    ]);
  });

  it('steps months', () => {
    expect(monthRange('2027-12')).toEqual({ from: '2027-12-01', to: '2028-01-01' });
    expect(monthRange('2027-13')).toBeNull();
    expect(monthRange('')).toBeNull();
    expect([shiftMonth('2027-01', -1), shiftMonth('2027-12', 1)]).toEqual(['2026-12', '2028-01']);
  });
});
