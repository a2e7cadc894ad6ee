/**
 * A room type's settings as the page types them, checked the way the
 * server checks them, and turned into the PUT's body (rates in grosze).
 */
import type { Locale } from '@/lib/i18n/locale';
import type { RoomTypeChange, RoomTypeSettings } from '@/types/api';

import { parseZloty, zlotyInput } from './amount';

export type RoomTypeField = keyof RoomTypeChange;

export type RoomTypeForm = { [F in RoomTypeField]: F extends 'extraBed' ? boolean : string };

/** The fields in the order the page shows them (the first in error takes the focus). */
export const ROOM_TYPE_FIELDS: RoomTypeField[] = ['units', 'occupancy', 'maxOccupancy', 'extraBed', 'minStay', 'baseRate', 'weekendRate'];

/** The server's limits, both ends allowed; the most guests start at the standard sleepers. */
export const ROOM_TYPE_LIMITS = {
  units: { min: 1, max: 500 },
  occupancy: { min: 1, max: 10 },
  maxOccupancy: { max: 12 },
  minStay: { min: 1, max: 30 },
  /** Grosze: 1 zł to 100 000 zł. */
  rate: { min: 100, max: 10_000_000 },
} as const;

/** Why a field was refused: out of its range, or an extra bed where no more guests may stay than the standard sleepers. */
export type RoomTypeProblem = 'range' | 'extraBedUnneeded';

export const roomTypeForm = (settings: RoomTypeSettings, locale: Locale): RoomTypeForm => ({
  units: String(settings.units),
  occupancy: String(settings.occupancy),
  maxOccupancy: String(settings.maxOccupancy),
  extraBed: settings.extraBed,
  minStay: String(settings.minStay),
  baseRate: zlotyInput(settings.baseRate, locale),
  weekendRate: zlotyInput(settings.weekendRate, locale),
});

const whole = (text: string, min: number, max: number): number | null => {
  const value = text.trim();
  if (!/^\d{1,4}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
};

const rate = (text: string): number | null => {
  const grosze = parseZloty(text);
  return grosze !== null && grosze >= ROOM_TYPE_LIMITS.rate.min && grosze <= ROOM_TYPE_LIMITS.rate.max ? grosze : null;
};

/** The least the most guests may be: the standard sleepers when they are valid. */
export const leastMaxOccupancy = (form: RoomTypeForm): number =>
  whole(form.occupancy, ROOM_TYPE_LIMITS.occupancy.min, ROOM_TYPE_LIMITS.occupancy.max) ?? ROOM_TYPE_LIMITS.occupancy.min;

/** The body to save, or each field's problem. */
export function toRoomTypeChange(form: RoomTypeForm): { change: RoomTypeChange } | { problems: Partial<Record<RoomTypeField, RoomTypeProblem>> } {
  const { units: u, occupancy: o, minStay: m } = ROOM_TYPE_LIMITS;
  const units = whole(form.units, u.min, u.max);
  const occupancy = whole(form.occupancy, o.min, o.max);
  const maxOccupancy = whole(form.maxOccupancy, leastMaxOccupancy(form), ROOM_TYPE_LIMITS.maxOccupancy.max);
  const minStay = whole(form.minStay, m.min, m.max);
  const baseRate = rate(form.baseRate);
  const weekendRate = rate(form.weekendRate);
  const problems: Partial<Record<RoomTypeField, RoomTypeProblem>> = {};
  if (units === null) problems.units = 'range';
  if (occupancy === null) problems.occupancy = 'range';
  if (maxOccupancy === null) problems.maxOccupancy = 'range';
  // Only a valid pair of sleepers says whether an extra bed has a place;
  // more may also sleep without one (a wide bed), as the server allows.
  if (occupancy !== null && maxOccupancy !== null && form.extraBed && maxOccupancy <= occupancy) {
    problems.extraBed = 'extraBedUnneeded';
  }
  if (minStay === null) problems.minStay = 'range';
  if (baseRate === null) problems.baseRate = 'range';
  if (weekendRate === null) problems.weekendRate = 'range';
  if (
    units === null ||
    occupancy === null ||
    maxOccupancy === null ||
    minStay === null ||
    baseRate === null ||
    weekendRate === null ||
    problems.extraBed
  ) {
    return { problems };
  }
  return { change: { units, occupancy, maxOccupancy, extraBed: form.extraBed, minStay, baseRate, weekendRate } };
}
