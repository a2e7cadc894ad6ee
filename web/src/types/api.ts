/**
 * Shapes of the /shop-api wire format (see the gateway's OpenAPI document).
 * Every amount is an integer in minor units; dates are `YYYY-MM-DD` except
 * `availableFrom`/`availableTo`, which are `DD-MM-YYYY`.
 */

export type ProductType = 'package' | 'room' | 'treatment' | 'product' | 'day_spa' | 'voucher';

export type Price = {
  /** Minor units (grosze, cents). */
  current: number;
  original: number;
  currency: string;
};

export type ProductImage = {
  path: string;
  thumbnails?: { default_listing?: string };
};

export type TaxonRef = { code: string; name: string };

export type ListingItem = {
  id: number;
  code: string;
  variantCode: string;
  type: ProductType;
  name: string;
  slug: string;
  description: string;
  images: ProductImage[];
  links: { self: string };
  price: Price;
  /** The price in the base currency (PLN). */
  priceBase?: Price;
  isPromotion: boolean;
  numNights?: number;
  days?: number;
  durationMinutes?: number;
  ageRestriction: boolean;
  availableFrom: string | null;
  availableTo: string | null;
  taxons?: { main?: string; others: TaxonRef[] };
};

export type PriceStats = { min: number; max: number; currency: string };

export type Paging = { page: number; limit: number; pages: number; total: number };

export type ListingResponse = {
  items: ListingItem[];
  priceStats: PriceStats;
  pages: Paging;
};

export type FieldError = { field: string; message: string };

/** The body of every non-2xx answer. */
export type ApiErrorBody = {
  code: string;
  message: string;
  errors?: FieldError[];
};
