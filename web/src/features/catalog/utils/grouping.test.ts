import { describe, expect, it } from 'vitest';

import { listingItem } from '@/testing/mocks/fixtures';

import { groupByFirstTaxon, isGroupedListing } from './grouping';

describe('isGroupedListing (spec 4)', () => {
  it('groups while no filter is set', () => {
    expect(isGroupedListing({})).toBe(true);
  });

  it('stays grouped with the default taxon order given explicitly', () => {
    expect(isGroupedListing({ sorting: 'taxons_position_asc' })).toBe(true);
  });

  it.each([
    ['nights', { nights: 2 }],
    ['a price order', { sorting: 'price_asc' as const }],
    ['newest first', { sorting: 'latest' as const }],
    ['oldest first', { sorting: 'oldest' as const }],
    ['position order', { sorting: 'position_asc' as const }],
    ['price_from', { priceFrom: 10000 }],
    ['price_from of 0', { priceFrom: 0 }],
    ['price_to', { priceTo: 50000 }],
  ])('is flat once %s is set', (_, filters) => {
    expect(isGroupedListing(filters)).toBe(false);
  });

  it('keeps groups for a category: it narrows, it does not reorder', () => {
    expect(isGroupedListing({ category: 'romantic', subcategory: 'spring' })).toBe(true);
  });
});

describe('groupByFirstTaxon', () => {
  const romantic = { code: 'romantic', name: 'Romantyczne' };
  const wellness = { code: 'wellness', name: 'Wellness' };
  const seasonal = { code: 'seasonal', name: 'Sezonowe' };

  it('groups by the first others taxon, in order of first appearance', () => {
    const a = listingItem({ code: 'A', taxons: { main: 'packages', others: [romantic] } });
    const b = listingItem({ code: 'B', taxons: { main: 'packages', others: [wellness] } });
    const c = listingItem({ code: 'C', taxons: { main: 'packages', others: [romantic, wellness] } });
    // Only the first taxon counts: D is seasonal, not wellness.
    const d = listingItem({ code: 'D', taxons: { main: 'packages', others: [seasonal, wellness] } });

    const groups = groupByFirstTaxon([a, b, c, d]);
    expect(groups.map((g) => [g.taxon?.code, g.items.map((i) => i.code)])).toEqual([
      ['romantic', ['A', 'C']],
      ['wellness', ['B']],
      ['seasonal', ['D']],
    ]);
  });

  it('puts items without others taxons into one unnamed group', () => {
    const groups = groupByFirstTaxon([
      listingItem({ code: 'A', taxons: { main: 'rooms', others: [] } }),
      listingItem({ code: 'B', taxons: undefined }),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.taxon).toBeNull();
    expect(groups[0]?.items.map((i) => i.code)).toEqual(['A', 'B']);
  });

  it('returns no groups for no items', () => {
    expect(groupByFirstTaxon([])).toEqual([]);
  });
});
