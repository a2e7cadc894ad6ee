import { describe, expect, it } from 'vitest';

import {
  formatDate,
  formatLongDate,
  formatMoney,
  formatMonthYear,
  parseWireDate,
  toDecimalString,
  weekdayNames,
} from './format';

// Intl puts (narrow) no-break spaces into formatted numbers.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('formats integer minor units in Polish', () => {
    expect(plain(formatMoney(18000, 'PLN', 'pl'))).toBe('180,00 zł');
    expect(plain(formatMoney(12345678, 'PLN', 'pl'))).toBe('123 456,78 zł');
    expect(plain(formatMoney(99, 'PLN', 'pl'))).toBe('0,99 zł');
  });

  it('formats in German and British English', () => {
    expect(plain(formatMoney(18000, 'PLN', 'de'))).toBe('180,00 PLN');
    expect(plain(formatMoney(123456, 'EUR', 'de'))).toBe('1.234,56 €');
    expect(plain(formatMoney(18000, 'PLN', 'en_GB'))).toBe('PLN 180.00');
    expect(plain(formatMoney(123456, 'GBP', 'en_GB'))).toBe('£1,234.56');
  });
});

describe('formatDate', () => {
  it('shows day.month.year with leading zeros', () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('05.01.2026');
    expect(formatDate(new Date(2026, 11, 31))).toBe('31.12.2026');
  });

  it('reads wire dates in both formats', () => {
    expect(formatDate('2026-03-09')).toBe('09.03.2026');
    expect(formatDate('09-03-2026')).toBe('09.03.2026');
  });

  it('returns an empty string for what it cannot read', () => {
    expect(formatDate('31-02-2026')).toBe('');
    expect(formatDate('next week')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('parseWireDate', () => {
  it('makes a local calendar date', () => {
    const date = parseWireDate('2026-07-01');
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate()]).toEqual([2026, 6, 1]);
  });
});

describe('toDecimalString', () => {
  it('writes minor units as a decimal in major units with the currency digits', () => {
    expect(toDecimalString(18000, 'PLN')).toBe('180.00');
    expect(toDecimalString(1890, 'PLN')).toBe('18.90');
    expect(toDecimalString(5, 'EUR')).toBe('0.05');
    expect(toDecimalString(1500, 'JPY')).toBe('1500');
  });
});

describe('calendar wording', () => {
  it('says a day in full, in every language, whatever the time zone', () => {
    expect(formatLongDate('2026-06-15', 'pl')).toBe('poniedziałek, 15 czerwca 2026');
    expect(formatLongDate('2026-06-15', 'de')).toBe('Montag, 15. Juni 2026');
    // ICU versions differ on the comma.
    expect(formatLongDate('2026-06-15', 'en_GB')).toMatch(/^Monday,? 15 June 2026$/);
  });

  it('names months for headings, capitalised', () => {
    expect(formatMonthYear('2026-06-01', 'pl')).toBe('Czerwiec 2026');
    expect(formatMonthYear('2026-06-01', 'de')).toBe('Juni 2026');
    expect(formatMonthYear('2026-06-01', 'en_GB')).toBe('June 2026');
  });

  it('lists weekdays from Monday', () => {
    expect(weekdayNames('en_GB', 'long')).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(weekdayNames('pl', 'long')[0]).toBe('poniedziałek');
    expect(weekdayNames('de', 'short')).toHaveLength(7);
  });
});
