import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

import { CHILD_MAX_AGE, CHILD_MIN_AGE, GUEST_LIMITS } from '@/config/constants';
import { useI18n, type I18n } from '@/lib/i18n/i18n-provider';
import {
  counterLimits,
  createGuestsReducer,
  GUEST_KINDS,
  guestSummary,
  type GuestKind,
  type GuestLimits,
  type Guests,
} from '@/utils/guests';

import { QuantityCounter } from './quantity-counter';

type Props = {
  /** The field's visible label. */
  label: string;
  value: Guests;
  onChange: (guests: Guests) => void;
  /** Counter limits; the shop's (spec 5) unless given. */
  limits?: GuestLimits;
};

/** "2 gości" or "2 gości, 1 niemowlę" (spec 2.5: guest count and baby count). */
export function guestSummaryLabel({ t }: Pick<I18n, 't'>, guests: Guests): string {
  const summary = guestSummary(guests);
  const people = t('guests.summary.guests', { count: summary.guests });
  return summary.babies > 0
    ? t('guests.summary.withBabies', { guests: people, babies: t('guests.summary.babies', { count: summary.babies }) })
    : people;
}

const counterLabel = (t: I18n['t'], kind: GuestKind) =>
  kind === 'children'
    ? t('guests.children', { from: CHILD_MIN_AGE, to: CHILD_MAX_AGE })
    : kind === 'babies'
      ? t('guests.babies', { age: CHILD_MIN_AGE })
      : t('guests.adults');

/**
 * The guest picker dropdown (spec 2.5, 4, 5): adults, children aged 4 to 16
 * and babies under 4, each a counter that stops at its limits, a clear
 * action and a summary on the button. Escape or "done" closes it and
 * returns focus to the button; a click outside closes it too.
 */
export function GuestPicker({ label, value, onChange, limits = GUEST_LIMITS }: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const labelId = useId();
  const valueId = useId();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const reduce = useMemo(() => createGuestsReducer(limits), [limits]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close();
    }
  };

  const summary = guestSummaryLabel(i18n, value);

  return (
    <div className="guest-picker field" ref={rootRef} onKeyDown={onKeyDown}>
      <span id={labelId} className="field__label">
        {label}
      </span>
      <button
        ref={toggleRef}
        type="button"
        className="field__control guest-picker__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-labelledby={`${labelId} ${valueId}`}
        onClick={() => setOpen((isOpen) => !isOpen)}
        data-testid="guest-picker-toggle"
      >
        <svg className="field__icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path
            fill="currentColor"
            d="M9 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Zm0 2c3.3 0 7 1.6 7 4v2H2v-2c0-2.4 3.7-4 7-4Zm8-2a3 3 0 1 0 0-6v6Zm1.5 2.2c1.9.6 3.5 1.7 3.5 3.8v2h-4v-2c0-1.5-.7-2.8-2-3.8h2.5Z"
          />
        </svg>
        <span id={valueId}>{summary}</span>
      </button>
      {open && (
        <div id={panelId} className="guest-picker__panel" role="group" aria-labelledby={labelId}>
          {GUEST_KINDS.map((kind) => {
            const { min, max } = counterLimits(limits[kind]);
            return (
              <div key={kind} className="guest-picker__row">
                <QuantityCounter
                  label={counterLabel(t, kind)}
                  showLabel
                  value={value[kind]}
                  min={min}
                  max={max}
                  onChange={(next) =>
                    onChange(reduce(value, { type: next > value[kind] ? 'increment' : 'decrement', kind }))
                  }
                />
              </div>
            );
          })}
          <p className="guest-picker__note">{t('guests.babiesNote')}</p>
          <div className="guest-picker__actions">
            <button type="button" className="button button--small" onClick={() => onChange(reduce(value, { type: 'clear' }))}>
              {t('guests.clear')}
            </button>
            <button type="button" className="button button--small button--primary" onClick={close}>
              {t('guests.done')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
