/**
 * Shapes of the /shop-api wire format (see the gateway's OpenAPI document).
 * Every amount is an integer in minor units; dates are `YYYY-MM-DD` except
 * `availableFrom`/`availableTo`, which are `DD-MM-YYYY`.
 */

/** The types GET /offer/{type} lists. */
export type OfferType = 'package' | 'room' | 'treatment' | 'product' | 'day_spa' | 'voucher';

/** Item types; cards also know `gift`, which behaves like a voucher (spec 3). */
export type ProductType = OfferType | 'gift';

/** Listing order (spec 9); rooms also accept `position_asc`. */
export type Sorting = 'taxons_position_asc' | 'position_asc' | 'price_asc' | 'price_desc' | 'latest' | 'oldest';

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

export type RoomInfo = {
  occupancy: number;
  maxOccupancy: number;
  extraBed: boolean;
  /** 1 to 5 stars; null while a room has no ratings. */
  averageRating: number | null;
  /** Rooms left; absent means the default (12, spec 9). */
  available?: number;
  /** Floor area in m², when known. */
  areaM2?: number;
};

export type ListingItem = {
  id: number;
  code: string;
  variantCode: string;
  type: ProductType;
  name: string;
  slug: string;
  /** Plain text. */
  description: string;
  images: ProductImage[];
  /** links.self is the localized page path, e.g. /oferta/pakiety/<slug>. */
  links: { self: string };
  price: Price;
  /** The price in the base currency (PLN). */
  priceBase?: Price;
  /** Packages: the price per person, shown as a "from" price. */
  packageBasePrice?: Price;
  isPromotion: boolean;
  numNights?: number;
  /** numNights + 1 for stays, else 1. */
  days?: number;
  durationMinutes?: number | null;
  ageRestriction: boolean;
  availableFrom: string | null;
  availableTo: string | null;
  taxons?: { main?: string; others: TaxonRef[] };
  room?: RoomInfo;
};

export type PriceStats = { min: number; max: number; currency: string };

export type Paging = { page: number; limit: number; pages: number; total: number };

export type ListingResponse = {
  items: ListingItem[];
  priceStats: PriceStats;
  pages: Paging;
};

/** A treatment inside a package (spec 3). */
export type Treatment = {
  code: string;
  name: string;
  description: string;
  images: ProductImage[];
  links: { self: string };
  price: { current: number; currency: string };
  quantity: number;
  minQuantity: number;
  maxQuantity: number;
  /** Included at no extra cost. */
  free: boolean;
  deletable: boolean;
  replacable: boolean;
  /** On the suggested (additional) list. */
  additional: boolean;
  /** Removing it drops it instead of returning it to the suggestions. */
  deletePermanently: boolean;
  durationMinutes: number | null;
};

/** GET /products/{code} and /products/by-slug/{slug}. */
export type ProductDetails = ListingItem & {
  treatments?: { primary: Treatment[]; additional: Treatment[] };
  minTreatments?: number;
  /** Vouchers: the values a buyer can choose, in minor units. */
  voucherValues?: number[];
};

export type RelatedProductsResponse = { items: ListingItem[] };

/** GET /taxons/{code}: a localized taxon with its subtree. */
export type Taxon = {
  code: string;
  name: string;
  slug: string;
  position: number;
  children: Taxon[];
};

/** POST /packages/{code}/estimated-cost. */
export type PackageCostRequest = {
  persons: number;
  treatments: { code: string; quantity: number }[];
};

export type PackageCost = {
  priceWithReservation: { current: number; original: number };
  basePrice: { current: number };
  currency: string;
};

export type FieldError = { field: string; message: string };

/** The body of every non-2xx answer. */
export type ApiErrorBody = {
  code: string;
  message: string;
  errors?: FieldError[];
};

/** GET /rooms/search: why no room is listed. */
export type RoomSearchEmptyReason = 'no_rooms_for_dates' | 'no_room_for_guests';

/** A room type free for the whole stay that takes the guests. */
export type RoomOffer = {
  code: string;
  name: string;
  /** Plain text. */
  description: string;
  images: ProductImage[];
  nights: number;
  /** Rooms of this type left for every night of the stay. */
  available: number;
  occupancy: number;
  maxOccupancy: number;
  extraBed: boolean;
  /** 1 to 5 stars; 0 while the room has no ratings. */
  averageRating: number;
  minStayNights: number;
  /** The whole stay for the guests. */
  price: Price;
  /** Package searches (POST) only. */
  packagePrice?: Price;
  supplement?: Price;
};

export type RoomSearchResponse = {
  items: RoomOffer[];
  emptyReason: RoomSearchEmptyReason | null;
};

/** One day of a room's calendar: the night that starts that day. */
export type RoomAvailabilityDay = {
  date: string;
  /** Rooms of the type free that night. */
  available: number;
  /** Free, open, from today on, and the room takes the guests. */
  bookable: boolean;
  /** The night for the guests; null when the night is not offered at all. */
  price: Price | null;
};

/** GET /rooms/availability. */
export type RoomAvailability = {
  roomCode: string;
  minStayNights: number;
  fitsGuests: boolean;
  days: RoomAvailabilityDay[];
};
