import { useId } from 'react';

import { TextField } from '@/components/ui/form-fields';
import { useProducts, useTaxonTree } from '@/features/staff/api/products';
import { RELATED_MAX, taxonOptions, VOUCHER_VALUES_MAX, type ProductField, type ProductForm } from '@/features/staff/utils/products';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { OrderedChoices } from './ordered-choices';
import { GroupError, LoadFailed } from './staff-fields';

type Update = (change: Partial<ProductForm>, ...fields: ProductField[]) => void;
type Props = { form: ProductForm; error?: string; update: Update };

/**
 * The categories an offer is listed under beside its main one (the
 * listings' filters): a checkbox each, kept in the tree's order.
 */
export function CategoryChoices({ form, error, update }: Props) {
  const { t, locale } = useI18n();
  const taxons = useTaxonTree(locale);
  const id = useId();
  const options = taxons.data ? taxonOptions(taxons.data).filter((option) => option.code !== form.mainTaxon) : [];
  const toggle = (code: string, on: boolean) => {
    const chosen = new Set(form.taxons);
    if (on) chosen.add(code);
    else chosen.delete(code);
    const known = options.map((option) => option.code);
    // A category the tree no longer has stays at the end until unchecked.
    update({ taxons: [...known.filter((c) => chosen.has(c)), ...[...chosen].filter((c) => !known.includes(c))] }, 'taxons');
  };
  return (
    <fieldset className="staff-products__group" aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}>
      <legend>{t('staff.products.categories')}</legend>
      <p id={`${id}-hint`} className="form-field__hint">
        {t('staff.products.categoriesHint')}
      </p>
      {taxons.isPending && <p role="status">{t('staff.products.taxonsLoading')}</p>}
      <LoadFailed query={taxons} text={t('staff.products.taxonsError')} />
      <ul className="staff-products__choices">
        {options.map((option, i) => (
          <li key={option.code} className="form-check__row">
            <input
              id={`${id}-${option.code}`}
              type="checkbox"
              className="form-check__input"
              checked={form.taxons.includes(option.code)}
              aria-invalid={error && i === 0 ? true : undefined}
              onChange={(event) => toggle(option.code, event.target.checked)}
            />
            <label htmlFor={`${id}-${option.code}`}>{option.label}</label>
          </li>
        ))}
      </ul>
      <GroupError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/**
 * The offers shown with this one ("you may also like"), in their order:
 * moved up, removed, or added from every other offer.
 */
export function RelatedOffers({ code, form, error, update }: Props & { code: string }) {
  const { t, locale } = useI18n();
  const all = useProducts({ type: '', q: '' }, locale);
  const names = new Map((all.data?.items ?? []).map((item) => [item.code, item.name]));
  return (
    <OrderedChoices
      legend={t('staff.products.related')}
      hint={t('staff.products.relatedHint', { max: RELATED_MAX })}
      empty={t('staff.products.noRelated')}
      addLabel={t('staff.products.addRelated')}
      addText={t('staff.products.add')}
      placeholder={t(all.isPending ? 'staff.products.loading' : 'staff.products.chooseOffer')}
      max={RELATED_MAX}
      codes={form.related}
      name={(other) => names.get(other) ?? other}
      addable={(all.data?.items ?? []).filter((item) => item.code !== code && !form.related.includes(item.code))}
      pending={all.isPending}
      error={error}
      notice={<LoadFailed query={all} text={t('staff.products.loadError')} />}
      onChange={(related) => update({ related }, 'related')}
    />
  );
}

/** A gift voucher's price options, in zł, ascending: guests choose one of them. */
export function VoucherOptions({ form, error, update }: Props) {
  const { t } = useI18n();
  const id = useId();
  const set = (voucherValues: string[]) => update({ voucherValues }, 'voucherValues');
  const values = form.voucherValues.length > 0 ? form.voucherValues : [''];
  return (
    <fieldset className="staff-products__group" aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}>
      <legend>{t('staff.products.voucherValues')}</legend>
      <p id={`${id}-hint`} className="form-field__hint">
        {t('staff.products.voucherValuesHint', { max: VOUCHER_VALUES_MAX })}
      </p>
      <ol className="staff-products__related">
        {values.map((value, i) => (
          <li key={i}>
            <TextField
              label={t('staff.products.voucherValue', { position: i + 1 })}
              inputMode="decimal"
              autoComplete="off"
              value={value}
              aria-invalid={error && i === 0 ? true : undefined}
              onChange={(event) => set(values.map((v, j) => (j === i ? event.target.value : v)))}
            />
            {values.length > 1 && (
              <button type="button" className="button button--small" aria-label={t('staff.products.removeVoucherValue', { position: i + 1 })} onClick={() => set(values.filter((_, j) => j !== i))}>
                {t('staff.products.remove')}
              </button>
            )}
          </li>
        ))}
      </ol>
      {values.length < VOUCHER_VALUES_MAX && (
        <button type="button" className="button" onClick={() => set([...values, ''])}>
          {t('staff.products.addVoucherValue')}
        </button>
      )}
      <GroupError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
