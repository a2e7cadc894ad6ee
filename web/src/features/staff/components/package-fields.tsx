import { useId } from 'react';

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

import { OrderedChoices } from './ordered-choices';
import { LoadFailed } from './staff-fields';

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
      <OrderedChoices
        nested
        placeholder={t(treatments.isPending ? 'staff.products.package.treatmentsLoading' : 'staff.products.package.chooseTreatment')}
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
      <OrderedChoices
        nested
        placeholder={t(treatments.isPending ? 'staff.products.package.treatmentsLoading' : 'staff.products.package.chooseTreatment')}
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
