import { useId } from 'react';

import { BASE_CURRENCY, STAY_LENGTH_NIGHTS } from '@/config/constants';
import type { ListingConfig } from '@/features/catalog/utils/listing-config';
import { findTaxon, hasActiveFilters, type ListingFilters } from '@/features/catalog/utils/listing-filters';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { PriceStats, Sorting, Taxon } from '@/types/api';

import { PriceFilter } from './price-filter';

type Props = {
  config: ListingConfig;
  filters: ListingFilters;
  /** The main taxon with its categories; undefined while loading. */
  taxon?: Taxon;
  /** Undefined until the first results arrive. */
  priceStats?: PriceStats;
  onChange: (change: Partial<ListingFilters>) => void;
  onReset: () => void;
};

/** Category, subcategory, stay length (packages), order and price (spec 2.4). */
export function ListingFiltersForm({ config, filters, taxon, priceStats, onChange, onReset }: Props) {
  const { t } = useI18n();
  const id = useId();
  const categories = taxon?.children ?? [];
  const category = filters.category ? findTaxon(taxon, filters.category) : undefined;
  const subcategories = category?.children ?? [];
  // The slider shows priceStats in their currency and sends price_from/price_to, which the
  // server reads in the base currency: it is offered only when the two agree.
  const showPrice =
    priceStats !== undefined && priceStats.currency === BASE_CURRENCY && priceStats.max > priceStats.min;

  return (
    <form
      className="filters"
      role="search"
      aria-label={t('catalog.filters.label')}
      onSubmit={(event) => event.preventDefault()}
    >
      {(categories.length > 0 || filters.category) && (
        <div className="filters__field">
          <label htmlFor={`${id}-category`}>{t('catalog.filters.category')}</label>
          <select
            id={`${id}-category`}
            value={filters.category ?? ''}
            onChange={(e) => onChange({ category: e.target.value || undefined })}
          >
            <option value="">{t('catalog.filters.all')}</option>
            {categories.map((child) => (
              <option key={child.code} value={child.code}>
                {child.name}
              </option>
            ))}
            {filters.category && !category && taxon && (
              <option value={filters.category}>{filters.category}</option>
            )}
          </select>
        </div>
      )}

      {subcategories.length > 0 && (
        <div className="filters__field">
          <label htmlFor={`${id}-subcategory`}>{t('catalog.filters.subcategory')}</label>
          <select
            id={`${id}-subcategory`}
            value={filters.subcategory ?? ''}
            onChange={(e) => onChange({ subcategory: e.target.value || undefined })}
          >
            <option value="">{t('catalog.filters.all')}</option>
            {subcategories.map((child) => (
              <option key={child.code} value={child.code}>
                {child.name}
              </option>
            ))}
          </select>
        </div>
      )}

      {config.stayLength && (
        <div className="filters__field">
          <label htmlFor={`${id}-nights`}>{t('catalog.filters.stayLength')}</label>
          <select
            id={`${id}-nights`}
            value={filters.nights ?? ''}
            onChange={(e) => onChange({ nights: e.target.value ? Number(e.target.value) : undefined })}
          >
            <option value="">{t('catalog.filters.all')}</option>
            {STAY_LENGTH_NIGHTS.map((nights) => (
              <option key={nights} value={nights}>
                {t('catalog.filters.days', { count: nights + 1 })}
              </option>
            ))}
          </select>
        </div>
      )}

      <div className="filters__field">
        <label htmlFor={`${id}-sorting`}>{t('catalog.filters.sorting')}</label>
        <select
          id={`${id}-sorting`}
          value={filters.sorting ?? config.defaultSorting}
          onChange={(e) => {
            const sorting = e.target.value as Sorting;
            onChange({ sorting: sorting === config.defaultSorting ? undefined : sorting });
          }}
        >
          {config.sortings.map((sorting) => (
            <option key={sorting} value={sorting}>
              {t(`catalog.sorting.${sorting}`)}
            </option>
          ))}
        </select>
      </div>

      {showPrice && (
        <PriceFilter
          stats={priceStats}
          priceFrom={filters.priceFrom}
          priceTo={filters.priceTo}
          onCommit={onChange}
        />
      )}

      {hasActiveFilters(filters) && (
        <div className="filters__field filters__reset">
          <button type="button" className="button button--small" onClick={onReset}>
            {t('catalog.filters.reset')}
          </button>
        </div>
      )}
    </form>
  );
}
