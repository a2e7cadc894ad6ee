import { useId } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';

type Props = {
  /** What is counted (the accessible name of the group and its buttons). */
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** The value as text, e.g. "2 osoby"; the number by default. */
  formatValue?: (value: number) => string;
  /** Show the label visibly (otherwise it is for screen readers only). */
  showLabel?: boolean;
  /** While a change is on its way both buttons are unavailable (still focusable). */
  busy?: boolean;
};

/**
 * A − value + counter that never leaves min..max (spec 5). A button at its
 * limit is `aria-disabled`, not `disabled`: a disabled button drops keyboard
 * focus to the page when the last step reaches the limit.
 */
export function QuantityCounter({ label, value, min, max, onChange, formatValue, showLabel = false, busy = false }: Props) {
  const { t } = useI18n();
  const labelId = useId();
  const canDecrease = !busy && value > min;
  const canIncrease = !busy && value < max;

  return (
    <div className="counter" role="group" aria-labelledby={labelId}>
      <span id={labelId} className={showLabel ? 'counter__label' : 'sr-only'}>
        {label}
      </span>
      <button
        type="button"
        className="counter__button"
        aria-label={t('counter.decrease', { label })}
        aria-disabled={!canDecrease}
        onClick={() => canDecrease && onChange(value - 1)}
      >
        −
      </button>
      <output className="counter__value" aria-live="polite">
        {formatValue ? formatValue(value) : value}
      </output>
      <button
        type="button"
        className="counter__button"
        aria-label={t('counter.increase', { label })}
        aria-disabled={!canIncrease}
        onClick={() => canIncrease && onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
