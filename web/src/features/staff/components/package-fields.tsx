import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { useProducts } from '@/features/staff/api/products';
import {
  newIncluded,
  PACKAGE_LIMITS,
  quantitiesWrong,
  type IncludedForm,
  type PackageField,
  type PackageForm,
  type ProductField,
  type ProductForm,
} from '@/features/staff/utils/products';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import type { ProductSummary } from '@/types/api';

import { GroupError, LoadFailed, SelectField } from './staff-fields';

type Update = (change: Partial<ProductForm>, ...fields: ProductField[]) => void;

const QUANTITIES: readonly ['quantity' | 'minQuantity' | 'maxQuantity', MessageKey][] = [
  ['quantity', 'staff.products.package.quantity'],
  ['minQuantity', 'staff.products.package.minQuantity'],
  ['maxQuantity', 'staff.products.package.maxQuantity'],
];

const RULES: readonly ['free' | 'deletable' | 'replaceable' | 'deletePermanently', MessageKey][] = [
  ['free', 'staff.products.package.free'],
  ['deletable', 'staff.products.package.deletable'],
  ['replaceable', 'staff.products.package.replaceable'],
  ['deletePermanently', 'staff.products.package.deletePermanently'],
];

const movedUp = <T,>(list: readonly T[], i: number): T[] => list.map((item, j) => (j === i - 1 ? list[i] : j === i ? list[i - 1] : item) as T);

/**
 * A package's stay and treatments: its nights, the treatments it includes
 * (in order, each with its quantities for one person and what a guest may
 * change of it), those suggested besides them and the fewest a guest keeps.
 */
export function PackageFields({ form, errors, update }: { form: ProductForm; errors: Partial<Record<PackageField, string>>; update: Update }) {
  const { t, locale } = useI18n();
  const treatments = useProducts({ type: 'treatment', q: '' }, locale);
  const id = useId();
  const setup = form.package;
  const set = (change: Partial<PackageForm>, ...fields: PackageField[]) => update({ package: { ...setup, ...change } }, ...fields);
  const names = new Map((treatments.data?.items ?? []).map((item) => [item.code, item.name]));
  const name = (code: string) => names.get(code) ?? code;
  // A treatment is either included or suggested, once.
  const taken = new Set([...setup.included.map((row) => row.code), ...setup.suggested]);
  const addable = (treatments.data?.items ?? []).filter((item) => !taken.has(item.code));
  const included = setup.included;
  // What the check found wrong is marked at its rows; any other refusal at the list's first control.
  const wrongRows = errors['package.included'] ? included.map(quantitiesWrong) : [];
  const setIncluded = (next: IncludedForm[], counted: boolean) =>
    set({ included: next }, 'package.included', ...(counted ? (['package.suggested', 'package.minTreatments'] as const) : []));
  const change = (i: number, patch: Partial<IncludedForm>) => setIncluded(included.map((row, j) => (j === i ? { ...row, ...patch } : row)), false);

  return (
    <fieldset className="staff-products__group" aria-describedby={`${id}-hint`}>
      <legend>{t('staff.products.package.heading')}</legend>
      <p id={`${id}-hint`} className="form-field__hint">
        {t('staff.products.package.hint')}
      </p>
      <LoadFailed query={treatments} text={t('staff.products.package.treatmentsError')} />
      <TextField
        label={t('staff.products.package.nights')}
        inputMode="numeric"
        autoComplete="off"
        required
        value={setup.nights}
        error={errors['package.nights']}
        hint={t('staff.products.package.nightsHint')}
        onChange={(event) => set({ nights: event.target.value }, 'package.nights')}
      />
      <TreatmentList
        legend={t('staff.products.package.included')}
        hint={t('staff.products.package.includedHint', { max: PACKAGE_LIMITS.included })}
        empty={t('staff.products.package.noIncluded')}
        addLabel={t('staff.products.package.addIncluded')}
        addText={t('staff.products.package.include')}
        max={PACKAGE_LIMITS.included}
        codes={included.map((row) => row.code)}
        name={name}
        addable={addable}
        pending={treatments.isPending}
        error={errors['package.included']}
        marksError={wrongRows.some(Boolean)}
        onChange={(codes) => setIncluded(codes.map((code) => included.find((row) => row.code === code) ?? newIncluded(code)), true)}
        details={(i, errorId) => {
          const row = included[i] as IncludedForm;
          const of = (label: MessageKey) => t('staff.products.package.fieldOf', { field: t(label), name: name(row.code) });
          const invalid = wrongRows[i] ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
          return (
            <>
              <div className="staff-products__quantities">
                {QUANTITIES.map(([key, label]) => (
                  <TextField
                    key={key}
                    label={t(label)}
                    aria-label={of(label)}
                    inputMode="numeric"
                    autoComplete="off"
                    value={row[key]}
                    {...invalid}
                    onChange={(event) => change(i, { [key]: event.target.value })}
                  />
                ))}
              </div>
              <div className="staff-products__rules">
                {RULES.map(([key, label]) => (
                  <CheckboxField key={key} label={t(label)} aria-label={of(label)} checked={row[key]} onChange={(event) => change(i, { [key]: event.target.checked })} />
                ))}
              </div>
            </>
          );
        }}
      />
      <TreatmentList
        legend={t('staff.products.package.suggested')}
        hint={t('staff.products.package.suggestedHint', { max: PACKAGE_LIMITS.suggested })}
        empty={t('staff.products.package.noSuggested')}
        addLabel={t('staff.products.package.addSuggested')}
        addText={t('staff.products.package.suggest')}
        max={PACKAGE_LIMITS.suggested}
        codes={setup.suggested}
        name={name}
        addable={addable}
        pending={treatments.isPending}
        error={errors['package.suggested']}
        onChange={(suggested) => set({ suggested }, 'package.suggested')}
      />
      <TextField
        label={t('staff.products.package.minTreatments')}
        inputMode="numeric"
        autoComplete="off"
        required
        value={setup.minTreatments}
        error={errors['package.minTreatments']}
        hint={t('staff.products.package.minTreatmentsHint')}
        onChange={(event) => set({ minTreatments: event.target.value }, 'package.minTreatments')}
      />
    </fieldset>
  );
}

/** Focuses an element once rendered: a row's button may be gone after a move or a removal. */
function useFocusNext() {
  const next = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    const find = next.current;
    next.current = null;
    find?.()?.focus();
  });
  return (find: () => HTMLElement | null | undefined) => {
    next.current = find;
  };
}

type ListProps = {
  legend: string;
  hint: string;
  empty: string;
  addLabel: string;
  addText: string;
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
};

/** Treatments in their order: moved up, removed, or added from those not taken yet. */
function TreatmentList({ legend, hint, empty, addLabel, addText, max, codes, name, addable, pending, error, marksError = false, onChange, details }: ListProps) {
  const { t } = useI18n();
  const id = useId();
  const [adding, setAdding] = useState('');
  const focusNext = useFocusNext();
  // A treatment chosen here and meanwhile taken by the other list is no longer offered.
  const chosen = addable.some((item) => item.code === adding) ? adding : '';
  const full = codes.length >= max;
  const marked = error && !marksError;
  const button = (action: 'up' | 'remove', code: string) => document.getElementById(`${id}-${action}-${code}`);
  const choice = () => document.getElementById(`${id}-add`)?.querySelector('select');
  return (
    <fieldset className="staff-products__subgroup" aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}>
      <legend>{legend}</legend>
      <p id={`${id}-hint`} className="form-field__hint">
        {hint}
      </p>
      {codes.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ol className="staff-products__treatments">
          {codes.map((code, i) => (
            <li key={code}>
              <div className="staff-products__treatment">
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
          <option value="">{t(pending ? 'staff.products.package.treatmentsLoading' : 'staff.products.package.chooseTreatment')}</option>
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
