import { useId } from 'react';
import { useSearchParams } from 'react-router';

import type { KeepScrollState } from '@/components/layouts/scroll-to-top';
import { Pagination } from '@/components/ui/pagination';
import { StatusMessage } from '@/components/ui/status-message';
import { useOffer } from '@/features/catalog/api/get-offer';
import { useTaxon } from '@/features/catalog/api/get-taxon';
import { groupByFirstTaxon, isGroupedListing, type ItemGroup } from '@/features/catalog/utils/grouping';
import type { ListingConfig } from '@/features/catalog/utils/listing-config';
import {
  changeFilters,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  offerParamsFor,
  type ListingFilters,
} from '@/features/catalog/utils/listing-filters';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { ListingFiltersForm } from './listing-filters';
import { ProductCard } from './product-card';

/**
 * An offer listing with its filters (spec 2.4). The filters live in the
 * query string, so a filtered listing can be shared and survives reloads.
 */
export function OfferListing({ config }: { config: ListingConfig }) {
  const { t, locale } = useI18n();
  const countId = useId();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search, config);

  const taxon = useTaxon({ code: config.mainTaxon, locale });
  // With a category chosen, wait for the tree to ask for its subcategories too.
  const waitForTree = filters.category !== undefined && taxon.isPending;
  const query = useOffer(offerParamsFor(config, locale, filters, taxon.data), { enabled: !waitForTree });

  // A filter changes the list in place: the page keeps its scroll position.
  const inPlace = { state: { keepScroll: true } satisfies KeepScrollState };
  const update = (change: Partial<ListingFilters>) =>
    setSearch(filtersToSearch(changeFilters(filters, change)), inPlace);
  const reset = () => setSearch(new URLSearchParams(), inPlace);

  const form = (
    <ListingFiltersForm
      config={config}
      filters={filters}
      taxon={taxon.data}
      priceStats={query.data?.priceStats}
      onChange={update}
      onReset={reset}
    />
  );

  if (query.isPending) {
    return (
      <>
        {form}
        <StatusMessage kind="loading">{t('catalog.loading')}</StatusMessage>
      </>
    );
  }

  if (query.isError) {
    return (
      <>
        {form}
        <StatusMessage
          kind="error"
          onRetry={() => void query.refetch()}
        >
          {t('catalog.error')}
        </StatusMessage>
      </>
    );
  }

  const { items, pages } = query.data;
  const grouped = isGroupedListing(filters);
  const groups = grouped ? groupByFirstTaxon(items) : [];
  // One group named like the listing itself (rooms, vouchers) needs no heading.
  const onlyGroup = groups.length === 1 ? groups[0] : undefined;
  const showGroups =
    grouped && !(onlyGroup && (onlyGroup.taxon === null || onlyGroup.taxon.code === config.mainTaxon));

  return (
    <>
      {form}
      <section className="listing" aria-labelledby={countId} aria-busy={query.isPlaceholderData || query.isFetching}>
        <p id={countId} className="listing__count" aria-live="polite">
          {t(config.text.count, { count: pages.total })}
        </p>
        {items.length === 0 ? (
          <div className="listing__empty">
            <h2>{t('catalog.noResults')}</h2>
            <p>{t('catalog.noResultsHint')}</p>
            {hasActiveFilters(filters) && (
              <button type="button" className="button" onClick={reset}>
                {t('catalog.filters.reset')}
              </button>
            )}
          </div>
        ) : showGroups ? (
          groups.map((group) => <ListingGroup key={group.taxon?.code ?? ''} group={group} />)
        ) : (
          <CardGrid items={items} headingLevel="h2" />
        )}
        <Pagination page={pages.page} pages={pages.pages} />
      </section>
    </>
  );
}

function ListingGroup({ group }: { group: ItemGroup }) {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="listing__group" aria-labelledby={headingId}>
      <h2 id={headingId} className="listing__group-title">
        {group.taxon?.name ?? t('catalog.otherGroup')}
      </h2>
      <CardGrid items={group.items} headingLevel="h3" />
    </section>
  );
}

function CardGrid({ items, headingLevel }: { items: ItemGroup['items']; headingLevel: 'h2' | 'h3' }) {
  return (
    <ul className="card-grid">
      {items.map((item) => (
        <li key={item.code}>
          <ProductCard item={item} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
