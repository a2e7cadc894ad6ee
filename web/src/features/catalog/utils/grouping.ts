import type { ListingItem, TaxonRef } from '@/types/api';

import type { ListingFilters } from './listing-filters';

/**
 * Spec 4: the listing is grouped by the first 'others' taxon while no filter
 * is active; once any of nights, a sort other than taxons_position_asc,
 * price_from or price_to is set, the list is flat. (A category alone keeps
 * the groups: it narrows, it does not reorder.)
 */
export function isGroupedListing(filters: ListingFilters): boolean {
  return (
    filters.nights === undefined &&
    (filters.sorting === undefined || filters.sorting === 'taxons_position_asc') &&
    filters.priceFrom === undefined &&
    filters.priceTo === undefined
  );
}

export type ItemGroup = {
  /** The group's taxon; null for items without 'others' taxons. */
  taxon: TaxonRef | null;
  items: ListingItem[];
};

/**
 * Items grouped by their first 'others' taxon. Groups come in the order of
 * their first item (the server's taxon order), items keep their order.
 */
export function groupByFirstTaxon(items: readonly ListingItem[]): ItemGroup[] {
  const groups = new Map<string, ItemGroup>();
  for (const item of items) {
    const taxon = item.taxons?.others[0] ?? null;
    const key = taxon ? `taxon:${taxon.code}` : 'none';
    let group = groups.get(key);
    if (!group) {
      group = { taxon, items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}
