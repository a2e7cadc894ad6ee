/**
 * The seasons as the page edits them (a day a month and a day chosen,
 * the share typed), checked the way the server checks them, and turned
 * into the PUT's body. A season runs every year from its first to its
 * last day, both included, over the new year when the last comes before
 * the first; the first in the list covering a night prices it.
 */
import type { Season, SeasonsChange } from '@/types/api';

export const MAX_SEASONS = 20;
export const MAX_NAME = 60;
export const PERCENT_LIMITS = { min: 50, max: 300 } as const;

/** Days of each month; 29 February is a day of the seasons (a leap year's night is priced too). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export type SeasonField = keyof Season;

/** A season as typed: its month and day `01`…, '' while not chosen; `key` keeps a row's identity when rows move. */
export type SeasonRow = {
  key: number;
  name: string;
  fromMonth: string;
  fromDay: string;
  toMonth: string;
  toDay: string;
  percent: string;
};

export type SeasonProblem = 'nameEmpty' | 'nameLong' | 'nameTaken' | 'dayMissing' | 'dayInvalid' | 'percent';

export type SeasonProblems = Partial<Record<SeasonField, SeasonProblem>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** The months' and days' values of the selects. */
export const MONTH_VALUES = Array.from({ length: 12 }, (_, i) => pad(i + 1));
export const DAY_VALUES = Array.from({ length: 31 }, (_, i) => pad(i + 1));

/** `MM-DD` as a month and a day, '' where it is not one. */
function monthDay(text: string): { month: string; day: string } {
  const match = /^(\d{2})-(\d{2})$/.exec(text);
  const month = match?.[1] ?? '';
  const day = match?.[2] ?? '';
  return { month: MONTH_VALUES.includes(month) ? month : '', day: DAY_VALUES.includes(day) ? day : '' };
}

export function seasonRow(season: Season, key: number): SeasonRow {
  const from = monthDay(season.from);
  const to = monthDay(season.to);
  return {
    key,
    name: season.name,
    fromMonth: from.month,
    fromDay: from.day,
    toMonth: to.month,
    toDay: to.day,
    percent: String(season.multiplierPercent),
  };
}

export const emptySeasonRow = (key: number): SeasonRow => ({ key, name: '', fromMonth: '', fromDay: '', toMonth: '', toDay: '', percent: '' });

function dayProblem(month: string, day: string): SeasonProblem | null {
  if (month === '' || day === '') return 'dayMissing';
  return Number(day) > (MONTH_DAYS[Number(month) - 1] ?? 0) ? 'dayInvalid' : null;
}

/** Whether two names are the same season's to a reader (case and surrounding spaces aside). */
const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The body to save, or each row's problems (by position) and whether there are too many rows. */
export function toSeasonsChange(rows: readonly SeasonRow[]): { change: SeasonsChange } | { problems: SeasonProblems[]; tooMany: boolean } {
  const problems = rows.map((row, index): SeasonProblems => {
    const found: SeasonProblems = {};
    const name = row.name.trim();
    if (name === '') found.name = 'nameEmpty';
    else if ([...name].length > MAX_NAME) found.name = 'nameLong';
    // The later of two rows of one name is the one to rename.
    else if (rows.slice(0, index).some((other) => sameName(other.name, name))) found.name = 'nameTaken';
    const from = dayProblem(row.fromMonth, row.fromDay);
    if (from) found.from = from;
    const to = dayProblem(row.toMonth, row.toDay);
    if (to) found.to = to;
    const percent = row.percent.trim();
    const value = Number(percent);
    if (!/^\d{1,3}$/.test(percent) || value < PERCENT_LIMITS.min || value > PERCENT_LIMITS.max) found.multiplierPercent = 'percent';
    return found;
  });
  const tooMany = rows.length > MAX_SEASONS;
  if (tooMany || problems.some((found) => Object.keys(found).length > 0)) return { problems, tooMany };
  return {
    change: {
      seasons: rows.map((row) => ({
        name: row.name.trim(),
        from: `${row.fromMonth}-${row.fromDay}`,
        to: `${row.toMonth}-${row.toDay}`,
        multiplierPercent: Number(row.percent.trim()),
      })),
    },
  };
}

/** A field the server named, `seasons[2].from`, as its row's position and field. */
export function seasonFieldOf(field: string): { index: number; field: SeasonField } | null {
  const match = /^seasons\[(\d+)\]\.(name|from|to|multiplierPercent)$/.exec(field);
  if (!match) return null;
  return { index: Number(match[1]), field: match[2] as SeasonField };
}

/** The rows with one moved a place up (-1) or down (1); the same rows when it cannot move. */
export function moveRow<T>(rows: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= rows.length || target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
