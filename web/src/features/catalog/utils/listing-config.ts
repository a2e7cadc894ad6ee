/**
 * What differs between the offer listings: the taxon whose children are the
 * categories, the orders offered, the stay-length filter (packages only)
 * and the texts.
 */
import { LISTING_LIMIT, ROOMS_LISTING_LIMIT } from '@/config/constants';
import { listingRouteByType, type ListingRouteName } from '@/config/paths';
import type { MessageKey } from '@/lib/i18n/messages';
import type { OfferType, Sorting } from '@/types/api';

export type ListingConfig = {
  type: OfferType;
  route: ListingRouteName;
  /** Top-level taxon code; its children are the categories. */
  mainTaxon: string;
  /** The order used while the query names none. */
  defaultSorting: Sorting;
  /** Orders offered, the default first. */
  sortings: readonly Sorting[];
  /** The stay-length filter (spec 2.4: packages only). */
  stayLength: boolean;
  limit: number;
  text: {
    title: MessageKey;
    lead: MessageKey;
    count: MessageKey;
  };
};

const SORTINGS = ['taxons_position_asc', 'price_asc', 'price_desc', 'latest', 'oldest'] as const;

const config = (
  type: OfferType,
  mainTaxon: string,
  key: 'treatments' | 'packages' | 'products' | 'vouchers' | 'daySpa' | 'rooms',
  extra: Partial<ListingConfig> = {},
): ListingConfig => ({
  type,
  route: listingRouteByType[type],
  mainTaxon,
  defaultSorting: 'taxons_position_asc',
  sortings: SORTINGS,
  stayLength: false,
  limit: LISTING_LIMIT,
  text: {
    title: `catalog.${key}.title`,
    lead: `catalog.${key}.lead`,
    count: `catalog.${key}.count`,
  },
  ...extra,
});

export const listingConfigs: Record<OfferType, ListingConfig> = {
  treatment: config('treatment', 'treatments', 'treatments'),
  package: config('package', 'packages', 'packages', { stayLength: true }),
  product: config('product', 'products', 'products'),
  voucher: config('voucher', 'vouchers', 'vouchers'),
  day_spa: config('day_spa', 'day-spa', 'daySpa'),
  // Spec 7: rooms are listed by position, at most 100.
  room: config('room', 'rooms', 'rooms', {
    defaultSorting: 'position_asc',
    sortings: ['position_asc', 'price_asc', 'price_desc', 'latest', 'oldest'],
    limit: ROOMS_LISTING_LIMIT,
  }),
};

/** The listing config of a listing route. */
export function listingConfigForRoute(route: ListingRouteName): ListingConfig {
  const found = Object.values(listingConfigs).find((config) => config.route === route);
  if (!found) throw new Error(`no listing for route ${route}`);
  return found;
}
