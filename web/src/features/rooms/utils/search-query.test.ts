import { describe, expect, it } from 'vitest';

import {
  availabilityWindow,
  queryFromSearch,
  resultsQuery,
  roomSearchParams,
  searchCalendarRules,
  searchFromQuery,
} from './search-query';

const read = (query: string) => searchFromQuery(new URLSearchParams(query));

describe('room search in the URL', () => {
  it('reads dates and guests', () => {
    expect(read('dateFrom=2026-06-15&dateTo=2026-06-18&adults=1&children=2&babies=1')).toEqual({
      dateFrom: '2026-06-15',
      dateTo: '2026-06-18',
      guests: { adults: 1, children: 2, babies: 1 },
    });
  });

  it('defaults guests to 2 / 0 / 0 and ignores what is malformed or out of limits', () => {
    expect(read('')).toEqual({ dateFrom: null, dateTo: null, guests: { adults: 2, children: 0, babies: 0 } });
    expect(read('dateFrom=15.06.2026&dateTo=2026-02-30&adults=3&children=-1&babies=x').dateFrom).toBeNull();
    expect(read('dateFrom=15.06.2026&dateTo=2026-02-30&adults=3&children=-1&babies=x')).toEqual({
      dateFrom: null,
      dateTo: null,
      guests: { adults: 2, children: 0, babies: 0 },
    });
    expect(read('adults=0').guests.adults).toBe(2);
  });

  it('writes every field, so a shared link says who is coming', () => {
    const search = read('dateFrom=2026-06-15&dateTo=2026-06-18');
    expect(queryFromSearch(search)).toEqual({
      dateFrom: '2026-06-15',
      dateTo: '2026-06-18',
      adults: 2,
      children: 0,
      babies: 0,
    });
    expect(queryFromSearch(read('adults=1'))).toEqual({
      dateFrom: undefined,
      dateTo: undefined,
      adults: 1,
      children: 0,
      babies: 0,
    });
  });

  it('has results (and API parameters) only with both dates', () => {
    expect(resultsQuery(read('dateFrom=2026-06-15'))).toBeNull();
    expect(roomSearchParams(read('dateTo=2026-06-15'), 'pl')).toBeNull();
    expect(roomSearchParams(read('dateFrom=2026-06-15&dateTo=2026-06-18&children=1'), 'de')).toEqual({
      locale: 'de',
      from: '2026-06-15',
      to: '2026-06-18',
      adults: 2,
      children: 1,
      babies: 0,
      orderToken: null,
    });
    // With the basket's token, the rooms left count its stays.
    expect(roomSearchParams(read('dateFrom=2026-06-15&dateTo=2026-06-18'), 'pl', 'f'.repeat(32))?.orderToken).toBe('f'.repeat(32));
  });
});

describe('calendars', () => {
  it('lets the search pick from today, a year ahead, 1 to 30 nights', () => {
    expect(searchCalendarRules('2026-06-10')).toEqual({
      startDate: '2026-06-10',
      endDate: '2027-06-10',
      minNights: 1,
      maxNights: 30,
    });
  });

  it("asks for a room's availability from the stay's month for three months, never before today", () => {
    expect(availabilityWindow('2026-07-20', '2026-06-10')).toEqual({ from: '2026-07-01', to: '2026-10-01' });
    expect(availabilityWindow('2026-06-20', '2026-06-10')).toEqual({ from: '2026-06-10', to: '2026-09-01' });
  });

  it('stays within the API limit of 120 days', () => {
    const { from, to } = availabilityWindow('2026-06-20', '2026-06-10');
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBeLessThanOrEqual(120);
    // A stay in the past (the server refuses it) still gives a valid window.
    expect(availabilityWindow('2026-01-05', '2026-06-10')).toEqual({ from: '2026-06-10', to: '2026-10-08' });
  });
});
