import { afterEach, describe, expect, it, vi } from 'vitest';

import { DATE_FIELD_MIN_NIGHTS, DATE_PICKER_MIN_NIGHTS, NEXT_MONTH_THROTTLE_MS } from '@/config/constants';

import {
  canShowNextMonth,
  canShowPreviousMonth,
  clearRange,
  createThrottle,
  dayStatus,
  EMPTY_RANGE,
  firstMonthShowing,
  initialFocusDay,
  initialMonth,
  isDayDisabled,
  isDaySelectable,
  isValidCheckOut,
  monthsShown,
  moveByKey,
  nextDisabledDate,
  pickDay,
  pickerLayout,
  rangeNights,
  type DateRange,
  type DateRangeRules,
} from './date-range';

// June 2026: the 1st is a Monday, the 6th/7th a weekend.
const base: DateRangeRules = { startDate: '2026-06-10', endDate: '2026-08-31' };
const range = (checkIn: string | null, checkOut: string | null = null): DateRange => ({ checkIn, checkOut });

/** Picks days one after another from an empty range. */
function clicks(rules: DateRangeRules, ...days: string[]) {
  let state: DateRange = EMPTY_RANGE;
  let complete = false;
  for (const day of days) {
    const result = pickDay(state, day, rules);
    if (result) ({ range: state, complete } = result);
  }
  return { range: state, complete };
}

describe('disabled days (spec 4)', () => {
  it('disables days before the start date', () => {
    expect(isDayDisabled('2026-06-09', base)).toBe(true);
    expect(isDayDisabled('2026-06-10', base)).toBe(false);
  });

  it('disables days after the end date', () => {
    expect(isDayDisabled('2026-08-31', base)).toBe(false);
    expect(isDayDisabled('2026-09-01', base)).toBe(true);
    expect(isDayDisabled('2027-06-01', { startDate: '2026-06-10' })).toBe(false);
  });

  it('disables days in the disabled-dates list (array or set)', () => {
    expect(isDayDisabled('2026-06-12', { ...base, disabledDates: ['2026-06-12'] })).toBe(true);
    expect(isDayDisabled('2026-06-12', { ...base, disabledDates: new Set(['2026-06-12']) })).toBe(true);
    expect(isDayDisabled('2026-06-13', { ...base, disabledDates: ['2026-06-12'] })).toBe(false);
  });

  it('disables days on a disabled weekday', () => {
    const noSundays: DateRangeRules = { ...base, disabledDaysOfWeek: [0] };
    expect(isDayDisabled('2026-06-14', noSundays)).toBe(true); // Sunday
    expect(isDayDisabled('2026-06-15', noSundays)).toBe(false); // Monday
  });
});

describe('clicks (spec 4)', () => {
  it('first click sets the check-in and keeps the picker open', () => {
    expect(clicks(base, '2026-06-15')).toEqual({ range: range('2026-06-15'), complete: false });
  });

  it('second click sets the check-out and closes', () => {
    expect(clicks(base, '2026-06-15', '2026-06-18')).toEqual({
      range: range('2026-06-15', '2026-06-18'),
      complete: true,
    });
  });

  it('a click with both set starts again: a new check-in, no check-out', () => {
    expect(clicks(base, '2026-06-15', '2026-06-18', '2026-07-01')).toEqual({
      range: range('2026-07-01'),
      complete: false,
    });
    expect(pickDay(range('2026-06-15', '2026-06-18'), '2026-06-12', base)).toEqual({
      range: range('2026-06-12'),
      complete: false,
    });
  });

  it('while a check-out is awaited, an earlier day moves the check-in', () => {
    expect(pickDay(range('2026-06-15'), '2026-06-11', base)).toEqual({ range: range('2026-06-11'), complete: false });
  });

  it('in single-day mode one click sets check-in and check-out and closes', () => {
    const single = { ...base, singleDay: true };
    expect(clicks(single, '2026-06-15')).toEqual({ range: range('2026-06-15', '2026-06-15'), complete: true });
    expect(pickDay(range('2026-06-15', '2026-06-15'), '2026-06-20', single)?.range).toEqual(
      range('2026-06-20', '2026-06-20'),
    );
    expect(pickDay(EMPTY_RANGE, '2026-06-01', single)).toBeNull();
  });

  it('clear resets both dates', () => {
    expect(clearRange()).toEqual({ checkIn: null, checkOut: null });
  });

  it('ignores clicks on disabled days', () => {
    expect(pickDay(EMPTY_RANGE, '2026-06-09', base)).toBeNull();
    expect(pickDay(EMPTY_RANGE, '2026-06-12', { ...base, disabledDates: ['2026-06-12'] })).toBeNull();
    // The check-in itself (with a minimum of one night) changes nothing.
    expect(pickDay(range('2026-06-15'), '2026-06-15', base)).toEqual({ range: range('2026-06-15'), complete: false });
  });
});

describe('check-out rules after a check-in (spec 4, 5)', () => {
  it('minNights defaults to 1 in the component and 0 in the wrapper', () => {
    expect(DATE_PICKER_MIN_NIGHTS).toBe(1);
    expect(DATE_FIELD_MIN_NIGHTS).toBe(0);
    // Default (1): the check-in day itself cannot end the stay, the next day can.
    expect(isValidCheckOut('2026-06-15', '2026-06-15', base)).toBe(false);
    expect(isValidCheckOut('2026-06-15', '2026-06-16', base)).toBe(true);
  });

  it('minNights 0 lets the check-in day be the check-out', () => {
    const zero = { ...base, minNights: 0 };
    expect(isValidCheckOut('2026-06-15', '2026-06-15', zero)).toBe(true);
    expect(clicks(zero, '2026-06-15', '2026-06-15')).toEqual({
      range: range('2026-06-15', '2026-06-15'),
      complete: true,
    });
  });

  it('a longer minNights blocks shorter stays', () => {
    const two = { ...base, minNights: 2 };
    expect(isValidCheckOut('2026-06-15', '2026-06-16', two)).toBe(false);
    expect(isValidCheckOut('2026-06-15', '2026-06-17', two)).toBe(true);
    expect(pickDay(range('2026-06-15'), '2026-06-16', two)).toBeNull();
  });

  it('days beyond maxNights are disabled', () => {
    const week = { ...base, maxNights: 7 };
    expect(isValidCheckOut('2026-06-15', '2026-06-22', week)).toBe(true);
    expect(isValidCheckOut('2026-06-15', '2026-06-23', week)).toBe(false);
    expect(dayStatus('2026-06-23', range('2026-06-15'), week).disabled).toBe(true);
    // Without a maximum, any length within the end date.
    expect(isValidCheckOut('2026-06-15', '2026-08-31', base)).toBe(true);
  });

  it('days beyond the next disabled date are disabled; that date itself can end the stay', () => {
    const blocked = { ...base, disabledDates: ['2026-06-20', '2026-06-25'] };
    expect(nextDisabledDate('2026-06-15', blocked)).toBe('2026-06-20');
    expect(isValidCheckOut('2026-06-15', '2026-06-19', blocked)).toBe(true);
    expect(isValidCheckOut('2026-06-15', '2026-06-20', blocked)).toBe(true);
    expect(isValidCheckOut('2026-06-15', '2026-06-21', blocked)).toBe(false);
    expect(isValidCheckOut('2026-06-15', '2026-06-26', blocked)).toBe(false);
    const status = dayStatus('2026-06-20', range('2026-06-15'), blocked);
    expect(status).toMatchObject({ disabled: false, unavailable: true });
    // Without a check-in the blocked day is just disabled.
    expect(dayStatus('2026-06-20', EMPTY_RANGE, blocked)).toMatchObject({ disabled: true, unavailable: true });
  });

  it('a disabled weekday also ends the possible stay', () => {
    const noSundays = { ...base, disabledDaysOfWeek: [0] as const };
    expect(nextDisabledDate('2026-06-15', noSundays)).toBe('2026-06-21');
    expect(isValidCheckOut('2026-06-15', '2026-06-21', noSundays)).toBe(true);
    expect(isValidCheckOut('2026-06-15', '2026-06-22', noSundays)).toBe(false);
  });

  it('the end date bounds check-outs too', () => {
    expect(isValidCheckOut('2026-08-28', '2026-08-31', base)).toBe(true);
    expect(isValidCheckOut('2026-08-28', '2026-09-01', base)).toBe(false);
  });

  it('allowed stay lengths restrict the valid check-out days', () => {
    const weekends = { ...base, allowedStayLengths: [2, 7] };
    expect(isValidCheckOut('2026-06-15', '2026-06-16', weekends)).toBe(false);
    expect(isValidCheckOut('2026-06-15', '2026-06-17', weekends)).toBe(true);
    expect(isValidCheckOut('2026-06-15', '2026-06-18', weekends)).toBe(false);
    expect(isValidCheckOut('2026-06-15', '2026-06-22', weekends)).toBe(true);
    expect(isValidCheckOut('2026-06-15', '2026-06-18', { ...base, allowedStayLengths: [] })).toBe(true);
  });

  it('earlier days stay selectable (as a new check-in) while a check-out is awaited', () => {
    expect(isDaySelectable('2026-06-11', range('2026-06-15'), base)).toBe(true);
    expect(isDaySelectable('2026-06-09', range('2026-06-15'), base)).toBe(false);
  });
});

describe('dayStatus', () => {
  it('marks check-in, check-out and the nights between', () => {
    const stay = range('2026-06-15', '2026-06-18');
    expect(dayStatus('2026-06-15', stay, base)).toMatchObject({ checkIn: true, inRange: false });
    expect(dayStatus('2026-06-16', stay, base)).toMatchObject({ inRange: true });
    expect(dayStatus('2026-06-17', stay, base)).toMatchObject({ inRange: true });
    expect(dayStatus('2026-06-18', stay, base)).toMatchObject({ checkOut: true, inRange: false });
    expect(dayStatus('2026-06-19', stay, base)).toMatchObject({ checkIn: false, checkOut: false, inRange: false });
    expect(rangeNights(stay)).toBe(3);
    expect(rangeNights(range('2026-06-15'))).toBeNull();
  });

  it('previews the stay up to a valid check-out under the pointer or focus', () => {
    const open = range('2026-06-15');
    expect(dayStatus('2026-06-16', open, base, '2026-06-18')).toMatchObject({ inRange: true, preview: false });
    expect(dayStatus('2026-06-18', open, base, '2026-06-18')).toMatchObject({ preview: true });
    // No preview past the maximum.
    const week = { ...base, maxNights: 2 };
    expect(dayStatus('2026-06-16', open, week, '2026-06-20')).toMatchObject({ inRange: false });
  });
});

describe('a room’s rules per day (the guesthouse’s rate calendar)', () => {
  // No arrival on the 16th, no departure on the 19th, three nights at least
  // from the 20th, two at most from the 24th.
  const rooms: DateRangeRules = {
    ...base,
    disabledDates: ['2026-06-27'],
    dayRules: new Map([
      ['2026-06-16', { closedToArrival: true }],
      ['2026-06-19', { closedToDeparture: true }],
      ['2026-06-20', { minNights: 3 }],
      ['2026-06-24', { maxNights: 2 }],
    ]),
  };

  it('starts no stay on a day closed to arrival, though its night may be part of one and it may end one', () => {
    expect(isDayDisabled('2026-06-16', rooms)).toBe(true);
    expect(pickDay(EMPTY_RANGE, '2026-06-16', rooms)).toBeNull();
    expect(dayStatus('2026-06-16', EMPTY_RANGE, rooms)).toMatchObject({ disabled: true, reason: 'closedToArrival', unavailable: false });
    expect(clicks(rooms, '2026-06-15', '2026-06-18')).toEqual({ range: range('2026-06-15', '2026-06-18'), complete: true });
    expect(clicks(rooms, '2026-06-15', '2026-06-16')).toEqual({ range: range('2026-06-15', '2026-06-16'), complete: true });
  });

  it('ends no stay on a day closed to departure, which may still start one', () => {
    expect(isValidCheckOut('2026-06-17', '2026-06-19', rooms)).toBe(false);
    expect(isValidCheckOut('2026-06-17', '2026-06-20', rooms)).toBe(true);
    expect(dayStatus('2026-06-19', range('2026-06-17'), rooms)).toMatchObject({ disabled: true, reason: 'closedToDeparture' });
    expect(clicks(rooms, '2026-06-19', '2026-06-20').range).toEqual(range('2026-06-19', '2026-06-20'));
  });

  it('keeps a stay from a day within that day’s own minimum and maximum', () => {
    expect(isValidCheckOut('2026-06-20', '2026-06-22', rooms)).toBe(false);
    expect(isValidCheckOut('2026-06-20', '2026-06-23', rooms)).toBe(true);
    expect(dayStatus('2026-06-22', range('2026-06-20'), rooms)).toMatchObject({ disabled: true, reason: 'stayLength' });
    expect(isValidCheckOut('2026-06-24', '2026-06-26', rooms)).toBe(true);
    expect(isValidCheckOut('2026-06-24', '2026-06-27', rooms)).toBe(false);
    // The other days keep the picker's own rules.
    expect(isValidCheckOut('2026-06-21', '2026-06-22', rooms)).toBe(true);
    expect(dayStatus('2026-06-28', range('2026-06-25'), rooms)).toMatchObject({ disabled: true, reason: 'other' });
    expect(dayStatus('2026-06-27', EMPTY_RANGE, rooms)).toMatchObject({ disabled: true, reason: 'unavailable' });
  });
});

describe('layout (spec 2.5, 9)', () => {
  it('shows two months from 768 px, one on tablets (480-767) and phones (< 480)', () => {
    expect(pickerLayout(1280)).toBe('desktop');
    expect(pickerLayout(768)).toBe('desktop');
    expect(pickerLayout(767)).toBe('tablet');
    expect(pickerLayout(480)).toBe('tablet');
    expect(pickerLayout(479)).toBe('phone');
    expect(monthsShown('desktop')).toBe(2);
    expect(monthsShown('tablet')).toBe(1);
    expect(monthsShown('phone')).toBe(1);
  });
});

describe('month navigation', () => {
  it('opens on the check-in month, else the start date month', () => {
    expect(initialMonth(range('2026-07-20'), base)).toBe('2026-07-01');
    expect(initialMonth(EMPTY_RANGE, base)).toBe('2026-06-01');
    expect(initialFocusDay(range('2026-07-20', '2026-07-22'), base)).toBe('2026-07-22');
    expect(initialFocusDay(EMPTY_RANGE, base)).toBe('2026-06-10');
  });

  it('goes back only to the start month and forward only to the end month', () => {
    expect(canShowPreviousMonth('2026-06-01', base)).toBe(false);
    expect(canShowPreviousMonth('2026-07-01', base)).toBe(true);
    expect(canShowNextMonth('2026-07-01', 1, base)).toBe(true);
    expect(canShowNextMonth('2026-08-01', 1, base)).toBe(false);
    expect(canShowNextMonth('2026-07-01', 2, base)).toBe(false);
    expect(canShowNextMonth('2030-01-01', 2, { startDate: '2026-06-10' })).toBe(true);
  });

  it('moves the view as little as needed to show a day', () => {
    expect(firstMonthShowing('2026-06-01', '2026-06-30', 2)).toBe('2026-06-01');
    expect(firstMonthShowing('2026-06-01', '2026-07-05', 2)).toBe('2026-06-01');
    expect(firstMonthShowing('2026-06-01', '2026-08-02', 2)).toBe('2026-07-01');
    expect(firstMonthShowing('2026-06-01', '2026-07-05', 1)).toBe('2026-07-01');
    expect(firstMonthShowing('2026-07-01', '2026-06-30', 2)).toBe('2026-06-01');
  });
});

describe('keyboard moves (grid pattern)', () => {
  const open: DateRangeRules = { startDate: '2026-01-01', endDate: '2027-12-31' };

  it('arrows move by a day or a week', () => {
    expect(moveByKey('2026-06-17', 'ArrowLeft', false, open)).toBe('2026-06-16');
    expect(moveByKey('2026-06-17', 'ArrowRight', false, open)).toBe('2026-06-18');
    expect(moveByKey('2026-06-17', 'ArrowUp', false, open)).toBe('2026-06-10');
    expect(moveByKey('2026-06-17', 'ArrowDown', false, open)).toBe('2026-06-24');
    expect(moveByKey('2026-06-30', 'ArrowRight', false, open)).toBe('2026-07-01');
  });

  it('Home and End go to the Monday and the Sunday of the week', () => {
    expect(moveByKey('2026-06-17', 'Home', false, open)).toBe('2026-06-15');
    expect(moveByKey('2026-06-17', 'End', false, open)).toBe('2026-06-21');
  });

  it('Page Up and Page Down move by a month, with Shift by a year', () => {
    expect(moveByKey('2026-06-17', 'PageDown', false, open)).toBe('2026-07-17');
    expect(moveByKey('2026-01-31', 'PageDown', false, open)).toBe('2026-02-28');
    expect(moveByKey('2026-06-17', 'PageUp', false, open)).toBe('2026-05-17');
    expect(moveByKey('2026-06-17', 'PageDown', true, open)).toBe('2027-06-17');
    expect(moveByKey('2026-06-17', 'PageUp', true, open)).toBe('2026-01-01');
  });

  it('never leaves the start and end dates, and ignores other keys', () => {
    expect(moveByKey('2026-06-10', 'ArrowLeft', false, base)).toBe('2026-06-10');
    expect(moveByKey('2026-08-30', 'ArrowDown', false, base)).toBe('2026-08-31');
    expect(moveByKey('2026-06-17', 'Enter', false, base)).toBeNull();
    expect(moveByKey('2026-06-17', 'a', false, base)).toBeNull();
  });
});

describe('next-month throttle (spec 4, 9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs one call per 200 ms: the first at once, one within the interval when it ends', () => {
    vi.useFakeTimers();
    expect(NEXT_MONTH_THROTTLE_MS).toBe(200);
    const throttle = createThrottle(NEXT_MONTH_THROTTLE_MS);
    const runs: string[] = [];

    throttle(() => runs.push('a'));
    expect(runs).toEqual(['a']);
    // Too soon: not dropped, it runs when the 200 ms are up.
    vi.advanceTimersByTime(50);
    throttle(() => runs.push('b'));
    expect(runs).toEqual(['a']);
    vi.advanceTimersByTime(149);
    expect(runs).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual(['a', 'b']);

    // Calls while one waits join it (the last one wins): a held key does not pile up.
    throttle(() => runs.push('c'));
    throttle(() => runs.push('d'));
    throttle(() => runs.push('e'));
    vi.advanceTimersByTime(200);
    expect(runs).toEqual(['a', 'b', 'e']);

    // After a quiet interval a call runs at once again.
    vi.advanceTimersByTime(250);
    throttle(() => runs.push('f'));
    expect(runs).toEqual(['a', 'b', 'e', 'f']);
  });

  it('forgets a waiting call when cancelled', () => {
    vi.useFakeTimers();
    const throttle = createThrottle(NEXT_MONTH_THROTTLE_MS);
    const runs: string[] = [];
    throttle(() => runs.push('a'));
    throttle(() => runs.push('b'));
    throttle.cancel();
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual(['a']);
  });
});
