/**
 * Listing filters <-> the page's query string <-> the offer API query.
 *
 * The page query (shareable):  ?category=romantic&subcategory=…&nights=3
 *   &sorting=price_asc&price_from=10000&price_to=50000&page=2
 * Prices are integer minor units, as on the wire. Anything invalid is
 * ignored, a default is never written, so equal filters give equal URLs.
 */
import { STAY_LENGTH_NIGHTS } from '@/config/constants';
import type { OfferParams } from '@/features/catalog/api/get-offer';
import type { Locale } from '@/lib/i18n/locale';
import type { Sorting, Taxon } from '@/types/api';

import type { ListingConfig } from './listing-config';

export type ListingFilters = {
  /** A child taxon of the listing's main taxon. */
  category?: string;
  /** A child taxon of the category. */
  subcategory?: string;
  /** Stay length in nights (2..5), packages only. */
  nights?: number;
  /** Only when it differs from the listing's default. */
  sorting?: Sorting;
  priceFrom?: number;
  priceTo?: number;
  page?: number;
};

type FilterRules = Pick<ListingConfig, 'sortings' | 'defaultSorting' | 'stayLength'>;

const CODE = /^[A-Za-z0-9_-]{1,64}$/;

function positiveInteger(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

function code(text: string | null): string | undefined {
  return text !== null && CODE.test(text) ? text : undefined;
}

/** Reads the filters of a listing from its query string. */
export function filtersFromSearch(search: URLSearchParams, rules: FilterRules): ListingFilters {
  const filters: ListingFilters = {};

  const category = code(search.get('category'));
  if (category) {
    filters.category = category;
    const subcategory = code(search.get('subcategory'));
    if (subcategory) filters.subcategory = subcategory;
  }

  const nights = positiveInteger(search.get('nights'));
  if (rules.stayLength && nights !== undefined && (STAY_LENGTH_NIGHTS as readonly number[]).includes(nights)) {
    filters.nights = nights;
  }

  const sorting = search.get('sorting') as Sorting | null;
  if (sorting && sorting !== rules.defaultSorting && rules.sortings.includes(sorting)) {
    filters.sorting = sorting;
  }

  let priceFrom = positiveInteger(search.get('price_from'));
  let priceTo = positiveInteger(search.get('price_to'));
  if (priceFrom !== undefined && priceTo !== undefined && priceFrom > priceTo) {
    [priceFrom, priceTo] = [priceTo, priceFrom];
  }
  if (priceFrom !== undefined) filters.priceFrom = priceFrom;
  if (priceTo !== undefined) filters.priceTo = priceTo;

  const page = positiveInteger(search.get('page'));
  if (page !== undefined && page > 1) filters.page = page;

  return filters;
}

/** The query string of a set of filters (no defaults, a stable order). */
export function filtersToSearch(filters: ListingFilters): URLSearchParams {
  const search = new URLSearchParams();
  const entries: [string, string | number | undefined][] = [
    ['category', filters.category],
    ['subcategory', filters.category ? filters.subcategory : undefined],
    ['nights', filters.nights],
    ['sorting', filters.sorting],
    ['price_from', filters.priceFrom],
    ['price_to', filters.priceTo],
    ['page', filters.page && filters.page > 1 ? filters.page : undefined],
  ];
  for (const [key, value] of entries) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search;
}

/**
 * A new set of filters after the visitor changed some: back to the first
 * page, and a new category forgets the old subcategory.
 */
export function changeFilters(filters: ListingFilters, change: Partial<ListingFilters>): ListingFilters {
  const next: ListingFilters = { ...filters, ...change, page: undefined };
  if ('category' in change && change.category !== filters.category) next.subcategory = undefined;
  for (const key of Object.keys(next) as (keyof ListingFilters)[]) {
    if (next[key] === undefined || next[key] === '') delete next[key];
  }
  return next;
}

/** Whether the visitor narrowed or reordered the listing at all. */
export function hasActiveFilters(filters: ListingFilters): boolean {
  return (
    filters.category !== undefined ||
    filters.nights !== undefined ||
    filters.sorting !== undefined ||
    filters.priceFrom !== undefined ||
    filters.priceTo !== undefined
  );
}

/** A taxon and everything under it, depth first. */
export function findTaxon(root: Taxon | undefined, code: string): Taxon | undefined {
  if (!root) return undefined;
  if (root.code === code) return root;
  for (const child of root.children) {
    const found = findTaxon(child, code);
    if (found) return found;
  }
  return undefined;
}

function subtreeCodes(taxon: Taxon): string[] {
  return [taxon.code, ...taxon.children.flatMap(subtreeCodes)];
}

/**
 * The taxon codes to ask for: the chosen subcategory, else the category,
 * each with everything below it (an item tagged only with a subcategory
 * still belongs to its category). Without the tree, just the chosen code.
 */
export function taxonCodes(filters: ListingFilters, tree: Taxon | undefined): string[] {
  const chosen = filters.subcategory ?? filters.category;
  if (!chosen) return [];
  const node = findTaxon(tree, chosen);
  return node ? subtreeCodes(node) : [chosen];
}

/** The offer API parameters of a listing with these filters (component and loader share them). */
export function offerParamsFor(
  config: Pick<ListingConfig, 'type' | 'limit' | 'defaultSorting'>,
  locale: Locale,
  filters: ListingFilters,
  tree: Taxon | undefined,
): OfferParams {
  return {
    type: config.type,
    locale,
    limit: config.limit,
    page: filters.page ?? 1,
    sorting: filters.sorting ?? config.defaultSorting,
    priceFrom: filters.priceFrom,
    priceTo: filters.priceTo,
    taxons: taxonCodes(filters, tree),
    nights: filters.nights,
  };
}
