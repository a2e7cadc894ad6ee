import { describe, expect, it } from 'vitest';

import { taxon } from '@/testing/mocks/fixtures';

import { listingConfigs } from './listing-config';
import {
  changeFilters,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  offerParamsFor,
  taxonCodes,
  type ListingFilters,
} from './listing-filters';

const packages = listingConfigs.package;
const products = listingConfigs.product;
const rooms = listingConfigs.room;
const read = (query: string, config = packages) => filtersFromSearch(new URLSearchParams(query), config);

describe('filters from the URL', () => {
  it('reads every filter', () => {
    expect(
      read('category=romantic&subcategory=spring&nights=3&sorting=price_desc&price_from=10000&price_to=50000&page=2'),
    ).toEqual({
      category: 'romantic',
      subcategory: 'spring',
      nights: 3,
      sorting: 'price_desc',
      priceFrom: 10000,
      priceTo: 50000,
      page: 2,
    });
  });

  it('reads nothing from an empty query', () => {
    expect(read('')).toEqual({});
  });

  it('accepts only stay lengths 2..5 nights, and only for packages', () => {
    expect(read('nights=2').nights).toBe(2);
    expect(read('nights=5').nights).toBe(5);
    for (const bad of ['1', '6', '0', '-2', '2.5', 'three']) expect(read(`nights=${bad}`).nights).toBeUndefined();
    expect(read('nights=3', products).nights).toBeUndefined();
  });

  it('accepts only the orders the listing offers, and drops its default', () => {
    expect(read('sorting=latest').sorting).toBe('latest');
    expect(read('sorting=taxons_position_asc').sorting).toBeUndefined();
    expect(read('sorting=random').sorting).toBeUndefined();
    expect(read('sorting=position_asc').sorting).toBeUndefined();
    expect(read('sorting=position_asc', rooms).sorting).toBeUndefined();
    expect(read('sorting=taxons_position_asc', rooms).sorting).toBeUndefined();
    expect(read('sorting=price_asc', rooms).sorting).toBe('price_asc');
  });

  it('reads prices as non-negative integers and puts them in order', () => {
    expect(read('price_from=0')).toEqual({ priceFrom: 0 });
    expect(read('price_from=-5&price_to=12.5')).toEqual({});
    expect(read('price_from=50000&price_to=10000')).toEqual({ priceFrom: 10000, priceTo: 50000 });
  });

  it('needs a category for a subcategory and ignores odd codes', () => {
    expect(read('subcategory=spring')).toEqual({});
    expect(read('category=<script>')).toEqual({});
    expect(read('category=wine-and-spirits')).toEqual({ category: 'wine-and-spirits' });
  });

  it('ignores page 1 and bad pages', () => {
    for (const bad of ['page=1', 'page=0', 'page=-1', 'page=1.5', 'page=abc']) expect(read(bad).page).toBeUndefined();
  });
});

describe('filters to the URL', () => {
  it('writes the set filters in a stable order', () => {
    const filters: ListingFilters = { priceTo: 50000, nights: 3, category: 'romantic', sorting: 'price_asc' };
    expect(filtersToSearch(filters).toString()).toBe('category=romantic&nights=3&sorting=price_asc&price_to=50000');
    expect(filtersToSearch({}).toString()).toBe('');
  });

  it('round-trips', () => {
    const query = 'category=romantic&subcategory=spring&nights=4&sorting=oldest&price_from=100&price_to=900&page=3';
    expect(filtersToSearch(read(query)).toString()).toBe(query);
  });
});

describe('changeFilters', () => {
  it('goes back to the first page on any change', () => {
    expect(changeFilters({ page: 3, nights: 2 }, { nights: 3 })).toEqual({ nights: 3 });
  });

  it('forgets the subcategory when the category changes', () => {
    expect(changeFilters({ category: 'a', subcategory: 'a1' }, { category: 'b' })).toEqual({ category: 'b' });
    expect(changeFilters({ category: 'a', subcategory: 'a1' }, { nights: 2 })).toEqual({
      category: 'a',
      subcategory: 'a1',
      nights: 2,
    });
  });

  it('removes filters set to undefined', () => {
    expect(changeFilters({ priceFrom: 1, priceTo: 9 }, { priceFrom: undefined })).toEqual({ priceTo: 9 });
  });
});

it('knows whether any filter is active', () => {
  expect(hasActiveFilters({})).toBe(false);
  expect(hasActiveFilters({ page: 2 })).toBe(false);
  expect(hasActiveFilters({ category: 'x' })).toBe(true);
  expect(hasActiveFilters({ priceFrom: 0 })).toBe(true);
});

describe('the API query', () => {
  const tree = taxon('products', 'Produkty', [
    taxon('cosmetics', 'Kosmetyki', [['face', 'Twarz'], ['body', 'Ciało']]),
    ['wine-and-spirits', 'Wina'],
  ]);

  it('asks for the chosen category with everything below it', () => {
    expect(taxonCodes({ category: 'cosmetics' }, tree)).toEqual(['cosmetics', 'face', 'body']);
    expect(taxonCodes({ category: 'cosmetics', subcategory: 'face' }, tree)).toEqual(['face']);
    expect(taxonCodes({ category: 'wine-and-spirits' }, tree)).toEqual(['wine-and-spirits']);
    expect(taxonCodes({}, tree)).toEqual([]);
    // Without the tree (it failed to load), just the code.
    expect(taxonCodes({ category: 'cosmetics' }, undefined)).toEqual(['cosmetics']);
  });

  it('maps filters to the offer parameters with the listing defaults', () => {
    expect(offerParamsFor(packages, 'de', {}, undefined)).toEqual({
      type: 'package',
      locale: 'de',
      limit: 1000,
      page: 1,
      sorting: 'taxons_position_asc',
      priceFrom: undefined,
      priceTo: undefined,
      taxons: [],
      nights: undefined,
    });
    expect(offerParamsFor(rooms, 'pl', {}, undefined)).toMatchObject({ limit: 100, sorting: 'position_asc' });
    expect(
      offerParamsFor(products, 'pl', { category: 'cosmetics', sorting: 'price_asc', priceFrom: 1000, priceTo: 5000 }, tree),
    ).toMatchObject({ sorting: 'price_asc', priceFrom: 1000, priceTo: 5000, taxons: ['cosmetics', 'face', 'body'] });
  });
});
