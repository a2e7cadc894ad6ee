/**
 * The rate calendar's bulk edit as the page types it, checked the way the
 * server checks it (gateway/src/routes/rates.rs, the rooms service's
 * rules), turned into the PUT's body, and previewed: which of the range's
 * nights it changes, and from what to what.
 */
import type { NightsChange, RoomNight } from '@/types/api';
import { addDays, diffDays, isIsoDate, weekdayOf, type IsoDate } from '@/utils/calendar-date';

import { parseZloty } from './amount';

/** A yes/no rule: left as it is, or set. */
export type Switch = '' | 'yes' | 'no';

/** The form's fields as typed; '' leaves a value as it is. */
export type NightsForm = {
  first: string;
  last: string;
  /** ISO weekdays, 1 Monday … 7 Sunday; none: every night. */
  weekdays: number[];
  price: string;
  minStay: string;
  maxStay: string;
  closedToArrival: Switch;
  closedToDeparture: Switch;
  closed: Switch;
  outOfOrder: string;
};

export const emptyNightsForm = (first: IsoDate, last: IsoDate): NightsForm => ({
  first,
  last,
  weekdays: [],
  price: '',
  minStay: '',
  maxStay: '',
  closedToArrival: '',
  closedToDeparture: '',
  closed: '',
  outOfOrder: '',
});

/** The longest range one change sets (the server's limit). */
export const MAX_RANGE_NIGHTS = 366;
const STAY_LIMIT = 30;

export type FormProblem =
  | 'first'
  | 'last'
  | 'past'
  | 'tooLong'
  | 'nothing'
  | 'price'
  | 'minStay'
  | 'maxStay'
  | 'maxBelowMin'
  | 'outOfOrder'
  | 'noNights';

/** Which field a problem belongs to (the server's names). */
export const PROBLEM_FIELD: Record<FormProblem, keyof NightsForm | null> = {
  first: 'first',
  last: 'last',
  past: 'first',
  tooLong: 'last',
  nothing: null,
  price: 'price',
  minStay: 'minStay',
  maxStay: 'maxStay',
  maxBelowMin: 'maxStay',
  outOfOrder: 'outOfOrder',
  noNights: 'weekdays',
};

const whole = (text: string, max: number): number | null => {
  const value = text.trim();
  if (!/^\d{1,4}$/.test(value)) return null;
  const number = Number(value);
  return number <= max ? number : null;
};

const switchValue = (value: Switch): boolean | undefined => (value === '' ? undefined : value === 'yes');

/** The nights of the range the change applies to: its weekdays, or all. */
export function changedDates(from: IsoDate, to: IsoDate, weekdays: readonly number[]): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let day = from; day < to; day = addDays(day, 1)) {
    const iso = weekdayOf(day) === 0 ? 7 : weekdayOf(day);
    if (weekdays.length === 0 || weekdays.includes(iso)) dates.push(day);
  }
  return dates;
}

/**
 * The PUT body of a form, or the first problem with it. `today`: the first
 * night may not be earlier; `units`: the room type's, the most out of order.
 */
export function toChange(form: NightsForm, today: IsoDate, units: number): { change: NightsChange } | { problem: FormProblem } {
  if (!isIsoDate(form.first)) return { problem: 'first' };
  if (!isIsoDate(form.last) || form.last < form.first) return { problem: 'last' };
  if (form.first < today) return { problem: 'past' };
  const to = addDays(form.last, 1);
  if (diffDays(form.first, to) > MAX_RANGE_NIGHTS) return { problem: 'tooLong' };
  if (changedDates(form.first, to, form.weekdays).length === 0) return { problem: 'noNights' };

  const change: NightsChange = { from: form.first, to, weekdays: [...form.weekdays].sort() };
  if (form.price.trim() !== '') {
    const price = parseZloty(form.price);
    if (price === null || price < 100 || price > 10_000_000) return { problem: 'price' };
    change.price = price;
  }
  for (const field of ['minStay', 'maxStay'] as const) {
    if (form[field].trim() === '') continue;
    const value = whole(form[field], STAY_LIMIT);
    if (value === null) return { problem: field };
    change[field] = value;
  }
  if (change.minStay && change.maxStay && change.maxStay < change.minStay) return { problem: 'maxBelowMin' };
  if (form.outOfOrder.trim() !== '') {
    const value = whole(form.outOfOrder, units);
    if (value === null) return { problem: 'outOfOrder' };
    change.outOfOrder = value;
  }
  const closedToArrival = switchValue(form.closedToArrival);
  const closedToDeparture = switchValue(form.closedToDeparture);
  const closed = switchValue(form.closed);
  if (closedToArrival !== undefined) change.closedToArrival = closedToArrival;
  if (closedToDeparture !== undefined) change.closedToDeparture = closedToDeparture;
  if (closed !== undefined) change.closed = closed;
  const sets = ['price', 'minStay', 'maxStay', 'outOfOrder', 'closedToArrival', 'closedToDeparture', 'closed'] as const;
  if (!sets.some((field) => change[field] !== undefined)) return { problem: 'nothing' };
  return { change };
}

/** What a change sets on a night, by the night's field. */
type Setting = 'price' | 'minStay' | 'maxStay' | 'closedToArrival' | 'closedToDeparture' | 'closed' | 'outOfOrder';

export type NightDifference = { field: Setting; before: number | boolean; after: number | boolean };

export type PreviewNight = { date: IsoDate; differences: NightDifference[] };

/**
 * The nights a change alters, each with what it alters: nights of the
 * range on other weekdays, and nights already as the change sets them,
 * are left out.
 */
export function previewChange(nights: readonly RoomNight[], change: NightsChange): PreviewNight[] {
  const dates = new Set(changedDates(change.from, change.to, change.weekdays ?? []));
  const settings: Setting[] = ['price', 'minStay', 'maxStay', 'closedToArrival', 'closedToDeparture', 'closed', 'outOfOrder'];
  return nights
    .filter((night) => dates.has(night.date))
    .map((night) => ({
      date: night.date,
      differences: settings.flatMap((field) => {
        const after = change[field];
        const before = night[field];
        return after === undefined || after === null || after === before ? [] : [{ field, before, after }];
      }),
    }))
    .filter((night) => night.differences.length > 0);
}

/** The first night and the night after the last of a month (`YYYY-MM`), or null. */
export function monthRange(month: string): { from: IsoDate; to: IsoDate } | null {
  const from = `${month}-01`;
  if (!/^\d{4}-\d{2}$/.test(month) || !isIsoDate(from)) return null;
  const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));
  return { from, to: next.toISOString().slice(0, 10) };
}


/** A month after or before, `YYYY-MM`. */
export function shiftMonth(month: string, by: number): string {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + by, 1));
  return date.toISOString().slice(0, 7);
}

