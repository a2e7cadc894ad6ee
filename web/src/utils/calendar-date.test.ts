import { describe, expect, it } from 'vitest';

import {
  addDays,
  addMonths,
  daysInMonth,
  diffDays,
  formatDateValue,
  isIsoDate,
  isoFromLocalDate,
  monthGrid,
  monthsBetween,
  parseDateValue,
  startOfMonth,
  startOfWeek,
  weekdayOf,
} from './calendar-date';

describe('calendar days', () => {
  it('knows a real YYYY-MM-DD day from anything else', () => {
    expect(isIsoDate('2026-06-15')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('15.06.2026')).toBe(false);
    expect(isIsoDate('2026-6-5')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });

  it('adds days across months, years and daylight-saving changes', () => {
    expect(addDays('2026-06-30', 1)).toBe('2026-07-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // Poland moves its clocks on these Sundays; a day stays a day.
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
  });

  it('counts nights between two days', () => {
    expect(diffDays('2026-06-15', '2026-06-18')).toBe(3);
    expect(diffDays('2026-06-18', '2026-06-15')).toBe(-3);
    expect(diffDays('2026-03-28', '2026-03-30')).toBe(2);
    expect(diffDays('2026-12-31', '2027-01-01')).toBe(1);
  });

  it('names weekdays as Date#getDay does (0 is Sunday)', () => {
    expect(weekdayOf('2026-06-15')).toBe(1); // Monday
    expect(weekdayOf('2026-06-21')).toBe(0); // Sunday
    expect(weekdayOf('2026-06-20')).toBe(6); // Saturday
  });

  it('starts weeks on Monday', () => {
    expect(startOfWeek('2026-06-15')).toBe('2026-06-15');
    expect(startOfWeek('2026-06-21')).toBe('2026-06-15');
    expect(startOfWeek('2026-07-01')).toBe('2026-06-29');
  });

  it('moves by months, keeping the day inside the target month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonths('2026-06-15', -12)).toBe('2025-06-15');
    expect(startOfMonth('2026-06-15')).toBe('2026-06-01');
    expect(daysInMonth('2028-02-10')).toBe(29);
    expect(monthsBetween('2026-01-31', '2026-03-01')).toBe(2);
    expect(monthsBetween('2026-12-01', '2026-11-30')).toBe(-1);
  });

  it('reads a local Date as the day it is where the visitor is', () => {
    expect(isoFromLocalDate(new Date(2026, 5, 15, 23, 59))).toBe('2026-06-15');
    expect(isoFromLocalDate(new Date(2026, 0, 1, 0, 0))).toBe('2026-01-01');
  });
});

describe('monthGrid', () => {
  it('has 42 day cells starting on the Monday on or before the 1st', () => {
    // June 2026 starts on a Monday.
    const june = monthGrid('2026-06-10');
    expect(june).toHaveLength(42);
    expect(june[0]).toEqual({ day: '2026-06-01', inMonth: true });
    expect(june[29]).toEqual({ day: '2026-06-30', inMonth: true });
    expect(june[30]).toEqual({ day: '2026-07-01', inMonth: false });
    expect(june[41]?.day).toBe('2026-07-12');

    // August 2026 starts on a Saturday: five leading days of July.
    const august = monthGrid('2026-08-01');
    expect(august).toHaveLength(42);
    expect(august.slice(0, 6).map((cell) => [cell.day, cell.inMonth])).toEqual([
      ['2026-07-27', false],
      ['2026-07-28', false],
      ['2026-07-29', false],
      ['2026-07-30', false],
      ['2026-07-31', false],
      ['2026-08-01', true],
    ]);
    expect(august.filter((cell) => cell.inMonth)).toHaveLength(31);
  });

  it('puts every week on a row from Monday to Sunday', () => {
    const cells = monthGrid('2026-02-01');
    for (let row = 0; row < 6; row += 1) {
      expect(weekdayOf(cells[row * 7]?.day ?? '')).toBe(1);
      expect(weekdayOf(cells[row * 7 + 6]?.day ?? '')).toBe(0);
    }
  });
});

describe('date value format', () => {
  it('writes YYYY-MM-DD by default, or another token format', () => {
    expect(formatDateValue('2026-06-05')).toBe('2026-06-05');
    expect(formatDateValue('2026-06-05', 'DD.MM.YYYY')).toBe('05.06.2026');
    expect(formatDateValue('2026-06-05', 'DD-MM-YYYY')).toBe('05-06-2026');
  });

  it('reads it back, rejecting what is not a day in that format', () => {
    expect(parseDateValue('2026-06-05')).toBe('2026-06-05');
    expect(parseDateValue('05.06.2026', 'DD.MM.YYYY')).toBe('2026-06-05');
    expect(parseDateValue('05.06.2026')).toBeNull();
    expect(parseDateValue('31.02.2026', 'DD.MM.YYYY')).toBeNull();
    expect(parseDateValue('2026-06-05x')).toBeNull();
  });
});
