/**
 * The date-range picker's rules (spec 2.5, 4, 5, 9) as pure functions.
 *
 * A day is disabled when it is
 *   - before the start date, or after the end date,
 *   - in the disabled-dates list (for a known room: the nights it cannot be
 *     booked, from the availability API), or
 *   - on a disabled weekday.
 * A day closed to arrival (`dayRules`) cannot start a stay either, though
 * its night may be part of one and it may end one.
 * After a check-in, a check-out must also
 *   - be at least `minNights` later (0 allows the same day), and at least
 *     the check-in day's own minimum,
 *   - not lie beyond the next disabled date (that date itself is fine: its
 *     night is not part of the stay) nor beyond `maxNights` or the check-in
 *     day's own maximum,
 *   - not be a day closed to departure, and
 *   - give a stay length in `allowedStayLengths`, when that list is given.
 *
 * Clicks: the first sets the check-in; the second sets the check-out and
 * closes; a click with both set starts again with a new check-in. While a
 * check-out is awaited, a click on an earlier day moves the check-in there.
 * In single-day mode a click sets both at once. Clear resets both.
 */
import {
  DATE_PICKER_MIN_NIGHTS,
  DATE_PICKER_PHONE_MAX_WIDTH,
  DATE_PICKER_TWO_MONTHS_MIN_WIDTH,
} from '@/config/constants';

import {
  addDays,
  addMonths,
  diffDays,
  maxDate,
  minDate,
  monthsBetween,
  startOfMonth,
  startOfWeek,
  weekdayOf,
  type IsoDate,
  type Weekday,
} from './calendar-date';

export type DateRange = { checkIn: IsoDate | null; checkOut: IsoDate | null };

export const EMPTY_RANGE: DateRange = { checkIn: null, checkOut: null };

/** What a day allows a stay that starts (or ends) on it, beyond its night being free: a room's rules. */
export type DayRules = {
  /** No stay may start that day. */
  closedToArrival?: boolean;
  /** No stay may end that day. */
  closedToDeparture?: boolean;
  /** The fewest nights of a stay starting that day. */
  minNights?: number;
  /** The most nights of a stay starting that day. */
  maxNights?: number;
};

export type DateRangeRules = {
  /** The first selectable day (usually today). */
  startDate: IsoDate;
  /** The last selectable day; none means no limit. */
  endDate?: IsoDate;
  disabledDates?: ReadonlySet<IsoDate> | readonly IsoDate[];
  disabledDaysOfWeek?: readonly Weekday[];
  /** Shortest stay in nights; the component's default is 1. */
  minNights?: number;
  /** Longest stay in nights; none means no limit. */
  maxNights?: number;
  /** The only stay lengths (nights) a check-out may give, when set. */
  allowedStayLengths?: readonly number[];
  /** One day instead of a range: a click sets check-in and check-out. */
  singleDay?: boolean;
  /** Days with rules of their own (closed to arrival or departure, a stay's length from them). */
  dayRules?: ReadonlyMap<IsoDate, DayRules>;
};

const minNightsOf = (rules: DateRangeRules) => rules.minNights ?? DATE_PICKER_MIN_NIGHTS;

function inList(day: IsoDate, list: DateRangeRules['disabledDates']): boolean {
  if (!list) return false;
  return list instanceof Set ? list.has(day) : (list as readonly IsoDate[]).includes(day);
}

/** In the disabled-dates list or on a disabled weekday: the day's night cannot be had. */
export function isBlockedDay(day: IsoDate, rules: DateRangeRules): boolean {
  return inList(day, rules.disabledDates) || (rules.disabledDaysOfWeek?.includes(weekdayOf(day)) ?? false);
}

/** Outside the start and end dates. */
export function isOutOfBounds(day: IsoDate, rules: DateRangeRules): boolean {
  return day < rules.startDate || (rules.endDate !== undefined && day > rules.endDate);
}

const rulesOf = (day: IsoDate, rules: DateRangeRules): DayRules | undefined => rules.dayRules?.get(day);

/** No stay may start that day. */
export const isClosedToArrival = (day: IsoDate, rules: DateRangeRules): boolean => rulesOf(day, rules)?.closedToArrival ?? false;

/** The fewest nights of a stay starting on `checkIn`: the picker's and the day's own minimum. */
export const minNightsFrom = (checkIn: IsoDate, rules: DateRangeRules): number =>
  Math.max(minNightsOf(rules), rulesOf(checkIn, rules)?.minNights ?? 0);

/** The four spec rules for a day on its own (as a check-in), and its own closed to arrival. */
export function isDayDisabled(day: IsoDate, rules: DateRangeRules): boolean {
  return isOutOfBounds(day, rules) || isBlockedDay(day, rules) || isClosedToArrival(day, rules);
}

/**
 * The first blocked day after the check-in, looked for up to the last day a
 * check-out could be (end date, maximum stay, or a year and a half ahead).
 */
export function nextDisabledDate(checkIn: IsoDate, rules: DateRangeRules): IsoDate | null {
  let last = addDays(checkIn, rules.maxNights ?? 550);
  if (rules.endDate !== undefined) last = minDate(last, rules.endDate);
  for (let day = addDays(checkIn, 1); day <= last; day = addDays(day, 1)) {
    if (isBlockedDay(day, rules)) return day;
  }
  return null;
}

/** Whether `day` can end a stay that starts on `checkIn`. */
export function isValidCheckOut(checkIn: IsoDate, day: IsoDate, rules: DateRangeRules): boolean {
  const nights = diffDays(checkIn, day);
  if (nights < minNightsFrom(checkIn, rules) || nights < 0) return false;
  if (rules.maxNights !== undefined && nights > rules.maxNights) return false;
  const ownMax = rulesOf(checkIn, rules)?.maxNights;
  if (ownMax !== undefined && nights > ownMax) return false;
  if (nights > 0 && rulesOf(day, rules)?.closedToDeparture) return false;
  if (rules.allowedStayLengths?.length && !rules.allowedStayLengths.includes(nights)) return false;
  if (isOutOfBounds(day, rules)) return false;
  if (nights === 0) return !isDayDisabled(day, rules);
  const next = nextDisabledDate(checkIn, rules);
  return next === null || day <= next;
}

/** True while a check-in is chosen and its check-out is awaited. */
export const awaitsCheckOut = (range: DateRange) => range.checkIn !== null && range.checkOut === null;

/**
 * Whether a click on `day` does anything, given the current selection: while
 * a check-out is awaited, later days must be valid check-outs and earlier
 * days valid check-ins; otherwise any day that is not disabled.
 */
export function isDaySelectable(day: IsoDate, range: DateRange, rules: DateRangeRules): boolean {
  if (!rules.singleDay && range.checkIn !== null && range.checkOut === null) {
    if (day > range.checkIn || (day === range.checkIn && minNightsOf(rules) === 0)) {
      return isValidCheckOut(range.checkIn, day, rules);
    }
  }
  return !isDayDisabled(day, rules);
}

export type PickResult = {
  range: DateRange;
  /** The range is complete: the picker closes. */
  complete: boolean;
};

/** A click (or Enter) on a day. Returns null when the day cannot be picked now. */
export function pickDay(range: DateRange, day: IsoDate, rules: DateRangeRules): PickResult | null {
  if (!isDaySelectable(day, range, rules)) return null;
  if (rules.singleDay) return { range: { checkIn: day, checkOut: day }, complete: true };
  if (range.checkIn !== null && range.checkOut === null) {
    const ends = day > range.checkIn || (day === range.checkIn && minNightsOf(rules) === 0);
    if (ends) return { range: { checkIn: range.checkIn, checkOut: day }, complete: true };
  }
  // Nothing chosen, both chosen (start again), or an earlier check-in.
  return { range: { checkIn: day, checkOut: null }, complete: false };
}

/** The clear button. */
export const clearRange = (): DateRange => EMPTY_RANGE;

/** Why a day cannot be clicked now, as a screen reader says it. */
export type DisabledReason = 'unavailable' | 'closedToArrival' | 'closedToDeparture' | 'stayLength' | 'other';

export type DayStatus = {
  /** Cannot be clicked now (aria-disabled). */
  disabled: boolean;
  /** Why, when disabled. */
  reason: DisabledReason | null;
  /** Its night cannot be booked (a blocked day), even if it may end a stay. */
  unavailable: boolean;
  checkIn: boolean;
  checkOut: boolean;
  /** Strictly between check-in and check-out (or the previewed check-out). */
  inRange: boolean;
  /** The previewed check-out while one is awaited. */
  preview: boolean;
};

/**
 * How a day looks. `preview` is the day under the pointer or focus while a
 * check-out is awaited: the stay up to it is shown when it is a valid end.
 */
export function dayStatus(day: IsoDate, range: DateRange, rules: DateRangeRules, preview?: IsoDate | null): DayStatus {
  const { checkIn, checkOut } = range;
  let end = checkOut;
  let previewing = false;
  if (checkIn !== null && checkOut === null && preview && preview > checkIn && isValidCheckOut(checkIn, preview, rules)) {
    end = preview;
    previewing = true;
  }
  const disabled = !isDaySelectable(day, range, rules);
  return {
    disabled,
    reason: disabled ? disabledReason(day, range, rules) : null,
    unavailable: isBlockedDay(day, rules),
    checkIn: day === checkIn,
    checkOut: day === checkOut,
    inRange: checkIn !== null && end !== null && day > checkIn && day < end,
    preview: previewing && day === end,
  };
}

/** Why a day that cannot be clicked now cannot be. */
function disabledReason(day: IsoDate, range: DateRange, rules: DateRangeRules): DisabledReason {
  const ending = !rules.singleDay && range.checkIn !== null && range.checkOut === null && day > range.checkIn;
  if (ending && range.checkIn !== null && !isOutOfBounds(day, rules)) {
    if (rulesOf(day, rules)?.closedToDeparture) return 'closedToDeparture';
    const nights = diffDays(range.checkIn, day);
    const ownMax = rulesOf(range.checkIn, rules)?.maxNights;
    if (nights < minNightsFrom(range.checkIn, rules) || (ownMax !== undefined && nights > ownMax)) return 'stayLength';
  }
  if (isBlockedDay(day, rules)) return 'unavailable';
  if (!ending && isClosedToArrival(day, rules)) return 'closedToArrival';
  return 'other';
}

/** Nights of a complete range; null while it is not complete. */
export function rangeNights(range: DateRange): number | null {
  return range.checkIn !== null && range.checkOut !== null ? diffDays(range.checkIn, range.checkOut) : null;
}

// Layout and navigation.

export type PickerLayout = 'desktop' | 'tablet' | 'phone';

/** Screens 768 px and wider get two months; tablets (480-767) and phones (< 480) one. */
export function pickerLayout(viewportWidth: number): PickerLayout {
  if (viewportWidth >= DATE_PICKER_TWO_MONTHS_MIN_WIDTH) return 'desktop';
  return viewportWidth > DATE_PICKER_PHONE_MAX_WIDTH ? 'tablet' : 'phone';
}

export const monthsShown = (layout: PickerLayout): 1 | 2 => (layout === 'desktop' ? 2 : 1);

/** Whether the months before the first shown one hold any selectable day. */
export const canShowPreviousMonth = (firstMonth: IsoDate, rules: DateRangeRules) =>
  startOfMonth(firstMonth) > startOfMonth(rules.startDate);

/** Whether the months after the last shown one hold any selectable day. */
export const canShowNextMonth = (firstMonth: IsoDate, months: number, rules: DateRangeRules) =>
  rules.endDate === undefined || monthsBetween(firstMonth, rules.endDate) >= months;

/** The first month to show so that `day` is in view, moving the view as little as possible. */
export function firstMonthShowing(firstMonth: IsoDate, day: IsoDate, months: number): IsoDate {
  const offset = monthsBetween(firstMonth, day);
  if (offset < 0) return startOfMonth(day);
  if (offset >= months) return startOfMonth(addMonths(startOfMonth(day), -(months - 1)));
  return startOfMonth(firstMonth);
}

/** The month to open on: the check-in's, else the first selectable one. */
export function initialMonth(range: DateRange, rules: DateRangeRules): IsoDate {
  return startOfMonth(range.checkIn ?? rules.startDate);
}

/** The day that takes focus when the picker opens. */
export function initialFocusDay(range: DateRange, rules: DateRangeRules): IsoDate {
  return clampDay(range.checkOut ?? range.checkIn ?? rules.startDate, rules);
}

/** Keeps a day between the start and end dates (focus never leaves them). */
export function clampDay(day: IsoDate, rules: DateRangeRules): IsoDate {
  const low = maxDate(day, rules.startDate);
  return rules.endDate === undefined ? low : minDate(low, rules.endDate);
}

/**
 * Grid keyboard moves (WAI-ARIA date picker): arrows by a day or a week,
 * Home/End to the week's Monday/Sunday, Page Up/Down by a month (with Shift
 * by a year). Returns null for keys it does not handle.
 */
export function moveByKey(day: IsoDate, key: string, shiftKey: boolean, rules: DateRangeRules): IsoDate | null {
  let next: IsoDate;
  switch (key) {
    case 'ArrowLeft':
      next = addDays(day, -1);
      break;
    case 'ArrowRight':
      next = addDays(day, 1);
      break;
    case 'ArrowUp':
      next = addDays(day, -7);
      break;
    case 'ArrowDown':
      next = addDays(day, 7);
      break;
    case 'Home':
      next = startOfWeek(day);
      break;
    case 'End':
      next = addDays(startOfWeek(day), 6);
      break;
    case 'PageUp':
      next = addMonths(day, shiftKey ? -12 : -1);
      break;
    case 'PageDown':
      next = addMonths(day, shiftKey ? 12 : 1);
      break;
    default:
      return null;
  }
  return clampDay(next, rules);
}

export type Throttle = {
  /** Runs `action` now, or when the interval since the last run has passed. */
  (action: () => void): void;
  /** Forgets a run still waiting (the caller is going away). */
  cancel: () => void;
};

/**
 * At most one run per `intervalMs` (the picker's next-month click, spec 4,
 * 9: 200 ms). The first call runs at once; a call within the interval is
 * not dropped but runs when the interval ends, so two quick clicks still
 * move two months. Further calls while one waits join it: a held key does
 * not pile up moves that go on after it is released.
 */
export function createThrottle(intervalMs: number): Throttle {
  let last = Number.NEGATIVE_INFINITY;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  let next: () => void = () => {};

  const run = () => {
    waiting = undefined;
    last = Date.now();
    next();
  };

  const throttle = (action: () => void) => {
    next = action;
    if (waiting !== undefined) return;
    const wait = last + intervalMs - Date.now();
    if (wait <= 0) run();
    else waiting = setTimeout(run, wait);
  };
  throttle.cancel = () => {
    if (waiting !== undefined) clearTimeout(waiting);
    waiting = undefined;
  };
  return throttle;
}
