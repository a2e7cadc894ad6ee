import { useEffect, useId, useRef, useState, type RefObject } from 'react';

import { DATE_FIELD_MIN_NIGHTS, DATE_VALUE_FORMAT } from '@/config/constants';
import { formatDate } from '@/lib/i18n/format';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { formatDateValue } from '@/utils/calendar-date';
import { rangeNights, type DateRange } from '@/utils/date-range';

import { DateRangePicker, type DateRangePickerProps } from './date-range-picker';

type Props = Omit<DateRangePickerProps, 'onChange' | 'onClose' | 'autoFocus' | 'onAnnounce'> & {
  onChange: (range: DateRange) => void;
  /** The value format of the hidden inputs; `YYYY-MM-DD` unless given (spec 5). */
  format?: string;
  /** Names of hidden inputs carrying the dates, for a plain form submit. */
  names?: { checkIn: string; checkOut: string };
  /** A validation message shown under the field. */
  error?: string;
  /** The toggle button, e.g. to focus it when the form finds no dates. */
  toggleRef?: RefObject<HTMLButtonElement | null>;
};

/**
 * The date picker's form wrapper: a button showing the chosen stay that
 * opens the calendar in a popover. As the spec's wrapper it allows a
 * zero-night range unless `minNights` says otherwise (spec 5). The popover
 * closes on a complete pick, Escape, its close button or a click outside;
 * focus returns to the button. The selection is announced politely.
 */
export function DateRangeField({
  label,
  value,
  onChange,
  minNights = DATE_FIELD_MIN_NIGHTS,
  format = DATE_VALUE_FORMAT,
  names,
  error,
  toggleRef,
  ...pickerProps
}: Props) {
  const { t } = useI18n();
  const labelId = useId();
  const valueId = useId();
  const popoverId = useId();
  const errorId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const ownToggleRef = useRef<HTMLButtonElement>(null);
  const toggle = toggleRef ?? ownToggleRef;
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  // A click outside closes the popover (focus stays where the click put it).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Focusing the calendar's day scrolls a scrolling container (a dialog) so
  // that the day is in view, centred in some browsers, which can leave the
  // month's name above the fold: the whole calendar, else at least its top.
  useEffect(() => {
    const popover = popoverRef.current;
    if (!open || !popover) return;
    popover.scrollIntoView({ block: 'nearest' });
    popover.querySelector('.date-picker__month-title')?.scrollIntoView({ block: 'nearest' });
  }, [open]);

  const { checkIn, checkOut } = value;
  const text =
    checkIn === null
      ? t('datePicker.field.placeholder')
      : checkOut === null
        ? t('datePicker.field.checkInOnly', { from: formatDate(checkIn) })
        : checkIn === checkOut
          ? formatDate(checkIn)
          : t('datePicker.field.range', {
              from: formatDate(checkIn),
              to: formatDate(checkOut),
              count: rangeNights(value) ?? 0,
            });

  return (
    <div className={error ? 'date-field field field--invalid' : 'date-field field'} ref={rootRef}>
      <span id={labelId} className="field__label">
        {label}
      </span>
      <button
        ref={toggle}
        type="button"
        className="field__control date-field__toggle"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        data-testid="date-field-toggle"
      >
        <svg className="field__icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path
            fill="currentColor"
            d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 6v2h14V6H5Z"
          />
        </svg>
        <span id={valueId}>{text}</span>
      </button>
      {names && (
        <>
          <input type="hidden" name={names.checkIn} value={checkIn ? formatDateValue(checkIn, format) : ''} />
          <input type="hidden" name={names.checkOut} value={checkOut ? formatDateValue(checkOut, format) : ''} />
        </>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {open && (
        <div id={popoverId} ref={popoverRef} className="date-field__popover" role="dialog" aria-label={label}>
          <DateRangePicker
            {...pickerProps}
            label={label}
            value={value}
            minNights={minNights}
            autoFocus
            onClose={close}
            onAnnounce={setAnnouncement}
            onChange={(range, complete) => {
              onChange(range);
              if (complete) close();
            }}
          />
        </div>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
