import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

import { CALENDAR_DAY_CELLS, DATE_PICKER_MIN_NIGHTS, NEXT_MONTH_THROTTLE_MS } from '@/config/constants';
import { usePickerLayout } from '@/hooks/use-picker-layout';
import { formatDate, formatLongDate, formatMonthYear, weekdayNames } from '@/lib/i18n/format';
import { useI18n, type I18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import { addMonths, monthGrid, todayIso, type IsoDate, type MonthCell, type Weekday } from '@/utils/calendar-date';
import {
  awaitsCheckOut,
  canShowNextMonth,
  canShowPreviousMonth,
  clearRange,
  createThrottle,
  dayStatus,
  firstMonthShowing,
  initialFocusDay,
  initialMonth,
  moveByKey,
  pickDay,
  rangeNights,
  type DateRange,
  type DateRangeRules,
  type DayRules,
  type DayStatus,
  type DisabledReason,
} from '@/utils/date-range';

export type DateRangePickerProps = {
  value: DateRange;
  /** Every change; `complete` when a check-out (or the single day) was just picked. */
  onChange: (range: DateRange, complete: boolean) => void;
  /** The first selectable day. */
  startDate: IsoDate;
  /** The last selectable day. */
  endDate?: IsoDate;
  /** Days whose night cannot be had (e.g. a room's unbookable nights). */
  disabledDates?: readonly IsoDate[];
  /** Days with rules of their own: closed to arrival or departure, a stay's length from them. */
  dayRules?: ReadonlyMap<IsoDate, DayRules>;
  disabledDaysOfWeek?: readonly Weekday[];
  /** Shortest stay; 1 unless given (spec 5). */
  minNights?: number;
  maxNights?: number;
  allowedStayLengths?: readonly number[];
  singleDay?: boolean;
  /** Months side by side; by default two from 768 px, else one (spec 2.5). */
  months?: 1 | 2;
  /** The calendar's accessible name. */
  label: string;
  /** Escape and the close button call it (a popover); without it there is no close button. */
  onClose?: () => void;
  /** Move focus into the calendar when it appears (a popover that just opened). */
  autoFocus?: boolean;
  /** Receives what to announce; without it the picker announces in a live region of its own. */
  onAnnounce?: (message: string) => void;
  /** Today, for `aria-current="date"`. */
  today?: IsoDate;
  /** Optional legend under the months. */
  legend?: boolean;
  className?: string;
};

/** What a screen reader hears after a change. */
export function describeRange(i18n: Pick<I18n, 't'>, range: DateRange): string {
  const { t } = i18n;
  if (range.checkIn === null) return t('datePicker.announce.cleared');
  if (range.checkOut === null) return t('datePicker.announce.checkIn', { date: formatDate(range.checkIn) });
  if (range.checkIn === range.checkOut) return t('datePicker.announce.day', { date: formatDate(range.checkIn) });
  return t('datePicker.announce.range', {
    from: formatDate(range.checkIn),
    to: formatDate(range.checkOut),
    count: rangeNights(range) ?? 0,
  });
}

/**
 * What a disabled day says. The reasons only a room's own rules give (no
 * arrival, no departure, a stay's length) are in the shop's part of the
 * dictionary, which every page with a room's calendar loads.
 */
const REASON_WORDS: Record<DisabledReason, MessageKey> = {
  unavailable: 'datePicker.state.unavailable',
  closedToArrival: 'datePicker.state.closedToArrival',
  closedToDeparture: 'datePicker.state.closedToDeparture',
  stayLength: 'datePicker.state.stayLength',
  other: 'datePicker.state.disabled',
};

function dayLabel(i18n: I18n, day: IsoDate, status: DayStatus): string {
  const { t, locale } = i18n;
  const parts = [formatLongDate(day, locale)];
  if (status.checkIn && status.checkOut) parts.push(t('datePicker.state.selectedDay'));
  else if (status.checkIn) parts.push(t('datePicker.state.checkIn'));
  else if (status.checkOut) parts.push(t('datePicker.state.checkOut'));
  else if (status.inRange) parts.push(t('datePicker.state.inRange'));
  if (status.disabled) parts.push(t(REASON_WORDS[status.reason ?? 'other']));
  else if (status.unavailable) parts.push(t('datePicker.state.checkOutOnly'));
  return parts.join(', ');
}

const weeksOf = (cells: MonthCell[]) =>
  Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));

/**
 * The date-range picker (spec 2.5, 4, 5): months of 42 days from Monday,
 * two side by side from 768 px. The rules live in `utils/date-range.ts`.
 *
 * Keyboard (WAI-ARIA grid): one day is in the Tab order; arrows move by a
 * day or a week, Home/End to the week's ends, Page Up/Down by a month
 * (Shift: a year), Enter or Space picks, Escape closes. Every day says its
 * full date and state; disabled days stay focusable (`aria-disabled`).
 */
export function DateRangePicker({
  value,
  onChange,
  startDate,
  endDate,
  disabledDates,
  dayRules,
  disabledDaysOfWeek,
  minNights = DATE_PICKER_MIN_NIGHTS,
  maxNights,
  allowedStayLengths,
  singleDay = false,
  months: monthsProp,
  label,
  onClose,
  autoFocus = false,
  onAnnounce,
  today = todayIso(),
  legend = false,
  className,
}: DateRangePickerProps) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const layout = usePickerLayout();
  const months = monthsProp ?? (layout === 'desktop' ? 2 : 1);
  const baseId = useId();
  const gridRef = useRef<HTMLDivElement>(null);

  const rules = useMemo<DateRangeRules>(
    () => ({
      startDate,
      endDate,
      disabledDates: new Set(disabledDates),
      dayRules,
      disabledDaysOfWeek,
      minNights,
      maxNights,
      allowedStayLengths,
      singleDay,
    }),
    [startDate, endDate, disabledDates, dayRules, disabledDaysOfWeek, minNights, maxNights, allowedStayLengths, singleDay],
  );

  const [firstMonth, setFirstMonth] = useState(() =>
    firstMonthShowing(initialMonth(value, rules), initialFocusDay(value, rules), months),
  );
  const [focusDay, setFocusDay] = useState(() => initialFocusDay(value, rules));
  const [focusRequest, setFocusRequest] = useState(autoFocus ? 1 : 0);
  const [previewDay, setPreviewDay] = useState<IsoDate | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [nextMonthThrottle] = useState(() => createThrottle(NEXT_MONTH_THROTTLE_MS));
  useEffect(() => () => nextMonthThrottle.cancel(), [nextMonthThrottle]);

  const shown = Array.from({ length: months }, (_, i) => addMonths(firstMonth, i));
  const lastShownPrefix = (shown.at(-1) ?? firstMonth).slice(0, 7);
  const isShown = (day: IsoDate) => day >= firstMonth && day.slice(0, 7) <= lastShownPrefix;
  // The one day in the Tab order: the focused one while in view, else the first in view.
  const tabbable = isShown(focusDay) ? focusDay : firstMonth;

  useEffect(() => {
    if (focusRequest === 0) return;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${focusDay}"]`)?.focus();
  }, [focusRequest, focusDay]);

  const announce = (message: string) => {
    if (onAnnounce) onAnnounce(message);
    else setAnnouncement(message);
  };

  const pick = (day: IsoDate) => {
    setFocusDay(day);
    const result = pickDay(value, day, rules);
    if (!result) return;
    onChange(result.range, result.complete);
    announce(describeRange(i18n, result.range));
  };

  const clear = () => {
    onChange(clearRange(), false);
    announce(describeRange(i18n, clearRange()));
  };

  const canPrevious = canShowPreviousMonth(firstMonth, rules);
  const canNext = canShowNextMonth(firstMonth, months, rules);

  const showPreviousMonth = () => setFirstMonth((month) => addMonths(month, -1));
  // A throttled click may run later: the limit is checked against the month shown then.
  const showNextMonth = () =>
    nextMonthThrottle(() =>
      setFirstMonth((month) => (canShowNextMonth(month, months, rules) ? addMonths(month, 1) : month)),
    );

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const day = (event.target as HTMLElement).dataset.date;
    if (!day) return;
    const next = moveByKey(day, event.key, event.shiftKey, rules);
    if (next === null) return;
    event.preventDefault();
    setFocusDay(next);
    setFirstMonth((month) => firstMonthShowing(month, next, months));
    setFocusRequest((n) => n + 1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
    }
  };

  const shortDays = weekdayNames(locale, 'short');
  const longDays = weekdayNames(locale, 'long');
  const preview = previewDay;

  return (
    <div
      className={['date-picker', `date-picker--${layout}`, `date-picker--months-${months}`, className]
        .filter(Boolean)
        .join(' ')}
      role="group"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-testid="date-range-picker"
    >
      <div className="date-picker__nav">
        <button
          type="button"
          className="date-picker__nav-button"
          aria-label={t('datePicker.previousMonth')}
          aria-disabled={!canPrevious || undefined}
          onClick={() => canPrevious && showPreviousMonth()}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className="date-picker__nav-button"
          aria-label={t('datePicker.nextMonth')}
          aria-disabled={!canNext || undefined}
          onClick={() => canNext && showNextMonth()}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>

      <div
        ref={gridRef}
        className="date-picker__months"
        onKeyDown={onGridKeyDown}
        onMouseLeave={() => setPreviewDay(null)}
      >
        {shown.map((month) => {
          const titleId = `${baseId}-${month}`;
          const cells = monthGrid(month, CALENDAR_DAY_CELLS);
          return (
            <div key={month} className="date-picker__month">
              <p id={titleId} className="date-picker__month-title">
                {formatMonthYear(month, locale)}
              </p>
              <table role="grid" aria-labelledby={titleId} className="date-picker__grid">
                <thead>
                  <tr>
                    {shortDays.map((name, i) => (
                      <th key={name} scope="col" className="date-picker__weekday">
                        <span aria-hidden="true">{name}</span>
                        <span className="sr-only">{longDays[i]}</span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {weeksOf(cells).map((week) => (
                    <tr key={week[0]?.day}>
                      {week.map(({ day, inMonth }) => {
                        const dayNumber = Number(day.slice(8));
                        // Days of the neighbouring months fill the 42 cells but stay empty:
                        // they belong to (and are picked in) their own month.
                        if (!inMonth) {
                          return <td key={day} role="gridcell" className="date-picker__cell date-picker__cell--outside" />;
                        }
                        const status = dayStatus(day, value, rules, preview);
                        const selected = status.checkIn || status.checkOut || status.inRange;
                        const classes = [
                          'date-picker__day',
                          status.checkIn && 'is-check-in',
                          status.checkOut && 'is-check-out',
                          status.inRange && 'is-in-range',
                          status.preview && 'is-preview',
                          status.disabled && 'is-disabled',
                          status.unavailable && 'is-unavailable',
                          day === today && 'is-today',
                        ].filter(Boolean);
                        return (
                          <td key={day} role="gridcell" aria-selected={selected} className="date-picker__cell">
                            <button
                              type="button"
                              className={classes.join(' ')}
                              data-date={day}
                              tabIndex={day === tabbable ? 0 : -1}
                              aria-label={dayLabel(i18n, day, status)}
                              aria-disabled={status.disabled || undefined}
                              aria-current={day === today ? 'date' : undefined}
                              onClick={() => pick(day)}
                              onMouseEnter={() => setPreviewDay(day)}
                              onFocus={() => setPreviewDay(day)}
                            >
                              {dayNumber}
                            </button>
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
      </div>

      {legend && (
        <ul className="date-picker__legend">
          <li>
            <span className="date-picker__swatch date-picker__swatch--selected" aria-hidden="true" />
            {t('datePicker.legend.selected')}
          </li>
          <li>
            <span className="date-picker__swatch date-picker__swatch--unavailable" aria-hidden="true" />
            {t('datePicker.legend.unavailable')}
          </li>
        </ul>
      )}

      <div className="date-picker__footer">
        <p className="date-picker__hint">
          {t(singleDay ? 'datePicker.hintDay' : awaitsCheckOut(value) ? 'datePicker.hintCheckOut' : 'datePicker.hintCheckIn')}
        </p>
        <div className="date-picker__actions">
          <button type="button" className="button button--small" onClick={clear}>
            {t('datePicker.clear')}
          </button>
          {onClose && (
            <button type="button" className="button button--small" onClick={onClose}>
              {t('datePicker.close')}
            </button>
          )}
        </div>
      </div>
      {!onAnnounce && (
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
      )}
    </div>
  );
}
