import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { staffPaths } from '@/config/staff-paths';
import { useProducts, type ProductsFilter } from '@/features/staff/api/products';
import { isProductType, PRODUCT_TYPES } from '@/features/staff/utils/products';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { ProductSummary } from '@/types/api';

import '@/features/staff/staff.css';

import { DeskStatus, deskFailure } from './desk-status';
import { PRODUCTS_ACCESS, useProductWords } from './product-words';

type Props = {
  filter: ProductsFilter;
  /** Shows other filters (the page puts them into its query). */
  onFilter: (filter: ProductsFilter) => void;
  loginHref: string;
};

/**
 * The offers (`/backend/products`, administrators): each with its type,
 * price (a promotion's earlier one struck through), whether guests see it,
 * its stock and the languages it has no texts in; filtered by type and by
 * a part of its code or name, each leading to its editor.
 */
export function ProductsList({ filter, onFilter, loginHref }: Props) {
  const { t, locale } = useI18n();
  const words = useProductWords();
  const query = useProducts(filter, locale);
  const failure = deskFailure(query);
  const list = failure ? undefined : query.data;
  // The form follows the address (back, forward, a link); typing changes only the form.
  const [draft, setDraft] = useState(filter);
  const filtered = JSON.stringify(filter);
  const [shown, setShown] = useState(filtered);
  if (shown !== filtered) {
    setShown(filtered);
    setDraft(filter);
  }
  const ids = { type: useId(), q: useId(), caption: useId() };
  const access = failure === 'login' || failure === 'forbidden';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter({ type: draft.type, q: draft.q.trim() });
  };

  return (
    <div className="staff-desk staff-products">
      {!access && (
        <>
          <p className="staff-products__actions">
            <Link className="button" to={staffPaths.staffProducts.href(locale, { new: '1' })}>
              {t('staff.products.new')}
            </Link>
          </p>
          <form role="search" aria-label={t('staff.products.search')} className="staff-bookings__search" onSubmit={submit}>
            <div className="field">
              <label className="field__label" htmlFor={ids.type}>
                {t('staff.products.typeLabel')}
              </label>
              <select id={ids.type} className="field__input" value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value })}>
                <option value="">{t('staff.products.anyType')}</option>
                {PRODUCT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {words.type(type)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor={ids.q}>
                {t('staff.products.q')}
              </label>
              <input id={ids.q} className="field__input" type="search" maxLength={100} value={draft.q} onChange={(event) => setDraft({ ...draft, q: event.target.value })} />
            </div>
            <button type="submit" className="button">
              {t('staff.products.show')}
            </button>
          </form>
        </>
      )}

      <DeskStatus query={query} loading="staff.products.loading" loadError="staff.products.loadError" words={PRODUCTS_ACCESS} loginHref={loginHref}>
        {list && <p className="sr-only">{t('staff.products.found', { count: list.items.length })}</p>}
      </DeskStatus>

      {list && list.items.length === 0 && <p className="staff-notice">{t('staff.products.empty')}</p>}
      {list && list.items.length > 0 && (
        <div className="staff-board__scroll" tabIndex={0} role="region" aria-labelledby={ids.caption}>
          <table className="staff-bookings__table staff-products__table" aria-busy={query.isFetching}>
            <caption id={ids.caption}>{t('staff.products.caption', { count: list.items.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.products.name')}</th>
                <th scope="col">{t('staff.products.typeLabel')}</th>
                <th scope="col">{t('staff.products.price')}</th>
                <th scope="col">{t('staff.products.state')}</th>
                <th scope="col">{t('staff.products.stock')}</th>
                <th scope="col">{t('staff.products.missing')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((product) => (
                <ProductRow key={product.code} product={product} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function ProductRow({ product }: { product: ProductSummary }) {
  const { t, locale } = useI18n();
  const words = useProductWords();
  const missing = product.missingLocales.filter((language) => language === 'de' || language === 'en_GB');
  return (
    <tr>
      <th scope="row">
        <Link to={staffPaths.staffProducts.href(locale, { code: product.code })}>{product.name}</Link>
        <span className="staff-bookings__sub">{product.code}</span>
      </th>
      <td>{isProductType(product.type) ? words.type(product.type) : product.type}</td>
      <td className="staff-products__price">
        <PriceText price={product.price} originalPrice={product.originalPrice} />
      </td>
      <td>{t(product.published ? 'staff.products.published' : 'staff.products.unpublished')}</td>
      <td>
        {product.stock === null ? (
          <span className="staff-bookings__sub">{t('staff.products.notCounted')}</span>
        ) : product.stock === 0 ? (
          <strong className="staff-products__sold-out">{t('staff.products.soldOut')}</strong>
        ) : (
          t('staff.products.inStock', { count: product.stock })
        )}
      </td>
      <td>
        {missing.length === 0
          ? '–'
          : missing.map((language) => (
              <span key={language} className="staff-products__badge">
                {words.language(language)}
              </span>
            ))}
      </td>
    </tr>
  );
}

/** A price as a card shows it: during a promotion the earlier one struck through before it. */
export function PriceText({ price, originalPrice }: { price: number; originalPrice: number | null }) {
  const { t, formatMoney } = useI18n();
  if (originalPrice === null || originalPrice <= price) return <>{formatMoney(price, 'PLN')}</>;
  return (
    <>
      <span className="sr-only">{t('staff.products.before')}: </span>
      <del className="price__original">{formatMoney(originalPrice, 'PLN')}</del>{' '}
      <span className="sr-only">{t('staff.products.now')}: </span>
      <strong className="price__current--reduced">{formatMoney(price, 'PLN')}</strong>
    </>
  );
}
