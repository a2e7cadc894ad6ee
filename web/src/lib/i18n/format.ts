import { toLanguageTag, type Locale } from './locale';

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: Locale, currency: string): Intl.NumberFormat {
  const key = `${locale}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(toLanguageTag(locale), { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * Formats an amount given in integer minor units (grosze, cents), as every
 * amount on the wire is: formatMoney(18000, 'PLN', 'pl') === "180,00 zł".
 */
export function formatMoney(minorUnits: number, currency: string, locale: Locale): string {
  const format = moneyFormat(locale, currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}

/**
 * An amount in minor units as a plain decimal string in major units, for
 * machine-readable output (schema.org `price`): toDecimalString(18000, 'PLN') === "180.00".
 */
export function toDecimalString(minorUnits: number, currency: string): string {
  const digits = moneyFormat('en_GB', currency).resolvedOptions().maximumFractionDigits ?? 2;
  return (minorUnits / 10 ** digits).toFixed(digits);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Dates are shown day.month.year in every language (DD.MM.YYYY).
 * Accepts a Date, a wire date `YYYY-MM-DD` or the catalog's `DD-MM-YYYY`.
 * Returns '' for a value it cannot read.
 */
export function formatDate(value: Date | string): string {
  const date = typeof value === 'string' ? parseWireDate(value) : value;
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** Reads `YYYY-MM-DD` or `DD-MM-YYYY` as a local calendar date (no time zone shift). */
export function parseWireDate(value: string): Date | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const dmy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : dmy
      ? [dmy[3], dmy[2], dmy[1]]
      : [];
  if (!year || !month || !day) return null;
  const date = new Date(Number(year), Number(month) - 1, Number(day));
  // Reject overflow such as 31-02-2026.
  if (date.getMonth() !== Number(month) - 1 || date.getDate() !== Number(day)) return null;
  return date;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    // Calendar days are UTC midnights (utils/calendar-date.ts): format them in UTC.
    format = new Intl.DateTimeFormat(toLanguageTag(locale), { ...options, timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  return format;
}

const utcDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
};

/**
 * A day `YYYY-MM-DD` in words, for screen readers and titles:
 * "poniedziałek, 15 czerwca 2026", "Monday 15 June 2026".
 */
export function formatLongDate(day: string, locale: Locale): string {
  return dateFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(utcDay(day));
}

/** A month heading: "czerwiec 2026", "Juni 2026", "June 2026". */
export function formatMonthYear(day: string, locale: Locale): string {
  const text = dateFormat(locale, { month: 'long', year: 'numeric' }).format(utcDay(day));
  return text.charAt(0).toLocaleUpperCase(toLanguageTag(locale)) + text.slice(1);
}

/** Weekday names from Monday: short for column heads, long for their `abbr`. */
export function weekdayNames(locale: Locale, width: 'short' | 'long'): string[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => dateFormat(locale, { weekday: width }).format(utcDay(`2024-01-0${i + 1}`)));
}

/** Month names from January, as a list of months names them: "styczeń", "Januar", "January". */
export function monthNames(locale: Locale): string[] {
  return Array.from({ length: 12 }, (_, i) => dateFormat(locale, { month: 'long' }).format(utcDay(`2024-${String(i + 1).padStart(2, '0')}-01`)));
}
