/**
 * Calendar days as `YYYY-MM-DD` strings (the wire format), with the
 * arithmetic a date picker needs. A day is never a moment in time: the math
 * runs in UTC, so no time zone or daylight-saving change can shift a day,
 * and two days compare correctly as plain strings.
 */

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDate = string;

/** Day of the week as Date#getDay() numbers it: 0 Sunday, 1 Monday … 6 Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function fromUtc(date: Date): IsoDate {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The day as a UTC midnight Date (for Intl formatting with `timeZone: 'UTC'`). */
export function toUtcDate(day: IsoDate): Date {
  const [, y, m, d] = ISO.exec(day) ?? [];
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
}

/** True for a real calendar day written `YYYY-MM-DD` (no 2026-02-30). */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const match = ISO.exec(value);
  if (!match) return false;
  return fromUtc(toUtcDate(value)) === value;
}

/** A local Date (e.g. `new Date()`) as the calendar day it is where the visitor is. */
export function isoFromLocalDate(date: Date): IsoDate {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today in the visitor's time zone. */
export function todayIso(now: Date = new Date()): IsoDate {
  return isoFromLocalDate(now);
}

export function addDays(day: IsoDate, days: number): IsoDate {
  return fromUtc(new Date(toUtcDate(day).getTime() + days * DAY_MS));
}

/** Whole days from `from` to `to` (nights of a stay): diffDays('2026-06-01', '2026-06-03') === 2. */
export function diffDays(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcDate(to).getTime() - toUtcDate(from).getTime()) / DAY_MS);
}

export function weekdayOf(day: IsoDate): Weekday {
  return toUtcDate(day).getUTCDay() as Weekday;
}

/** The first day of the day's month. */
export function startOfMonth(day: IsoDate): IsoDate {
  return `${day.slice(0, 7)}-01`;
}

export function daysInMonth(day: IsoDate): number {
  const date = toUtcDate(day);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
}

/**
 * The same day `months` later, kept inside the target month:
 * addMonths('2026-01-31', 1) === '2026-02-28'.
 */
export function addMonths(day: IsoDate, months: number): IsoDate {
  const date = toUtcDate(day);
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const target = fromUtc(first);
  return `${target.slice(0, 8)}${pad(Math.min(date.getUTCDate(), daysInMonth(target)))}`;
}

/** Months from `from`'s month to `to`'s month: monthsBetween('2026-01-31', '2026-03-01') === 2. */
export function monthsBetween(from: IsoDate, to: IsoDate): number {
  const [a, b] = [toUtcDate(from), toUtcDate(to)];
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
}

/** The Monday of the day's week (weeks start on Monday). */
export function startOfWeek(day: IsoDate): IsoDate {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

export const minDate = (a: IsoDate, b: IsoDate) => (a <= b ? a : b);
export const maxDate = (a: IsoDate, b: IsoDate) => (a >= b ? a : b);

export type MonthCell = {
  day: IsoDate;
  /** False for the leading and trailing days of the neighbouring months. */
  inMonth: boolean;
};

/**
 * A month as the picker draws it: six weeks from the Monday on or before
 * the 1st, i.e. always `cells` (42) days.
 */
export function monthGrid(month: IsoDate, cells = 42): MonthCell[] {
  const first = startOfMonth(month);
  const start = startOfWeek(first);
  const prefix = first.slice(0, 7);
  return Array.from({ length: cells }, (_, i) => {
    const day = addDays(start, i);
    return { day, inMonth: day.startsWith(prefix) };
  });
}

/**
 * Writes a day in a token format: `YYYY`, `MM`, `DD` (e.g. the default
 * `YYYY-MM-DD`, or `DD.MM.YYYY`).
 */
export function formatDateValue(day: IsoDate, format = 'YYYY-MM-DD'): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return format.replace('YYYY', year).replace('MM', month).replace('DD', date);
}

/** Reads a day written in a token format; null when it is not a real day in that format. */
export function parseDateValue(text: string, format = 'YYYY-MM-DD'): IsoDate | null {
  const order: string[] = [];
  const pattern = format
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/YYYY|MM|DD/g, (token) => {
      order.push(token);
      return token === 'YYYY' ? '(\\d{4})' : '(\\d{2})';
    });
  const match = new RegExp(`^${pattern}$`).exec(text.trim());
  if (!match) return null;
  const part = (token: string) => match[order.indexOf(token) + 1] ?? '';
  const day = `${part('YYYY')}-${part('MM')}-${part('DD')}`;
  return isIsoDate(day) ? day : null;
}
