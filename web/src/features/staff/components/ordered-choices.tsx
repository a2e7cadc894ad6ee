import { useId, useState, type ReactNode } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';
import type { ProductSummary } from '@/types/api';

import { GroupError, SelectField } from './staff-fields';
import { useFocusLater } from './use-focus-later';

const movedUp = <T,>(list: readonly T[], i: number): T[] => list.map((item, j) => (j === i - 1 ? list[i] : j === i ? list[i - 1] : item) as T);

type Props = {
  legend: string;
  hint: string;
  empty: string;
  addLabel: string;
  addText: string;
  /** The choice's first option: what to choose, or that the choices are loading. */
  placeholder: string;
  max: number;
  codes: readonly string[];
  name: (code: string) => string;
  addable: readonly ProductSummary[];
  pending: boolean;
  error?: string;
  /** `details` marks its own controls wrong; otherwise the first row's (or the choice's) is. */
  marksError?: boolean;
  onChange: (codes: string[]) => void;
  /** What a row shows below its name. */
  details?: (i: number, errorId: string) => ReactNode;
  /** Said before the list (the choices failing to load). */
  notice?: ReactNode;
  /** A list within a larger group (a package's treatments) rather than a group of its own. */
  nested?: boolean;
};

/**
 * Offers in their order (a package's treatments, an offer's related ones):
 * moved up, removed, or added from those not taken yet; the keyboard stays
 * where the guest of the list expects it after each change.
 */
export function OrderedChoices({
  legend,
  hint,
  empty,
  addLabel,
  addText,
  placeholder,
  max,
  codes,
  name,
  addable,
  pending,
  error,
  marksError = false,
  onChange,
  details,
  notice,
  nested = false,
}: Props) {
  const { t } = useI18n();
  const id = useId();
  const [adding, setAdding] = useState('');
  const focusNext = useFocusLater();
  // A treatment chosen here and meanwhile taken by the other list is no longer offered.
  const chosen = addable.some((item) => item.code === adding) ? adding : '';
  const full = codes.length >= max;
  const marked = error && !marksError;
  const button = (action: 'up' | 'remove', code: string) => document.getElementById(`${id}-${action}-${code}`);
  const choice = () => document.getElementById(`${id}-add`)?.querySelector('select');
  return (
    <fieldset className={nested ? 'staff-products__subgroup' : 'staff-products__group'} aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}>
      <legend>{legend}</legend>
      <p id={`${id}-hint`} className="form-field__hint">
        {hint}
      </p>
      {notice}
      {codes.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ol className="staff-products__ordered">
          {codes.map((code, i) => (
            <li key={code}>
              <div className="staff-products__ordered-row">
                <span>
                  {name(code)} <span className="staff-products__code">{code}</span>
                </span>
                <span className="staff-products__row-actions">
                  {i > 0 && (
                    <button
                      id={`${id}-up-${code}`}
                      type="button"
                      className="button button--small"
                      aria-label={t('staff.products.moveUp', { name: name(code) })}
                      onClick={() => {
                        // At the top it has no such button: the keyboard stays on its row.
                        focusNext(() => button(i > 1 ? 'up' : 'remove', code));
                        onChange(movedUp(codes, i));
                      }}
                    >
                      ↑
                    </button>
                  )}
                  <button
                    id={`${id}-remove-${code}`}
                    type="button"
                    className="button button--small"
                    aria-invalid={marked && i === 0 ? true : undefined}
                    aria-label={t('staff.products.removeRelated', { name: name(code) })}
                    onClick={() => {
                      focusNext(choice);
                      onChange(codes.filter((c) => c !== code));
                    }}
                  >
                    {t('staff.products.remove')}
                  </button>
                </span>
              </div>
              {details?.(i, `${id}-error`)}
            </li>
          ))}
        </ol>
      )}
      <div id={`${id}-add`} className="form__row staff-products__add">
        <SelectField
          label={addLabel}
          value={chosen}
          disabled={full}
          aria-busy={pending || undefined}
          aria-invalid={marked && codes.length === 0 ? true : undefined}
          onChange={(event) => setAdding(event.target.value)}
        >
          <option value="">{placeholder}</option>
          {addable.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name} ({item.code})
            </option>
          ))}
        </SelectField>
        <button
          type="button"
          className="button"
          disabled={chosen === '' || full}
          onClick={() => {
            // The button is disabled once its choice is taken: the keyboard goes back to the choice (the new row's, once full).
            focusNext(codes.length + 1 < max ? choice : () => button('remove', chosen));
            onChange([...codes, chosen]);
            setAdding('');
          }}
        >
          {addText}
        </button>
      </div>
      <GroupError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
