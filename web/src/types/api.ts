/**
 * Shapes of the /shop-api wire format, named for the app. They are aliases of
 * `openapi.gen.ts`, which is generated from the gateway's OpenAPI document
 * (itself generated from the Rust types): `npm run gen:api` after a change
 * there; `npm run check:api` fails while the file is stale.
 *
 * Every amount is an integer in minor units; dates are `YYYY-MM-DD` except
 * `availableFrom`/`availableTo`, which are `DD-MM-YYYY`.
 */
import type { components } from './openapi.gen';

type Schemas = components['schemas'];

/** The types GET /offer/{type} lists. */
export type OfferType = Schemas['OfferType'];

/** Item types; cards also know `gift`, which behaves like a voucher (spec 3). */
export type ProductType = OfferType | 'gift';

/** Listing order (spec 9); rooms also accept `position_asc`. */
export type Sorting = Schemas['Sorting'];

export type Price = Schemas['Price'];
export type ProductImage = Schemas['Image'];
export type TaxonRef = Schemas['TaxonRef'];

/** A listing item; room facts (occupancy, available, ...) are set on rooms only. */
export type ListingItem = Omit<Schemas['OfferItem'], 'type'> & { type: ProductType };
export type PriceStats = Schemas['PriceStats'];
export type Paging = Schemas['Paging'];
export type ListingResponse = Omit<Schemas['Listing'], 'items'> & { items: ListingItem[] };

/** A treatment inside a package (spec 3). */
export type Treatment = Schemas['Treatment'];

/** GET /products/{code} and /products/by-slug/{slug}. */
export type ProductDetails = Omit<Schemas['ProductPage'], 'type'> & { type: ProductType };

export type RelatedProductsResponse = { items: ListingItem[] };

/** GET /taxons/{code}: a localized taxon with its subtree. */
export type Taxon = Schemas['Taxon'];

/** POST /packages/{code}/estimated-cost. */
/** A treatment of a package configuration and how many of it. */
export type PackageTreatmentChoice = Schemas['Choice'];
export type PackageCostRequest = { persons: number; treatments: PackageTreatmentChoice[] };
export type PackageCost = Schemas['EstimatedCost'];

export type FieldError = Schemas['FieldError'];

/** The body of every non-2xx answer; `message` is in the request's language. */
export type ApiErrorBody = Schemas['ErrorBody'];

/** GET /rooms/search: why no room is listed. */
export type RoomSearchEmptyReason = Schemas['EmptyReason'];

/** A room type free for the whole stay that takes the guests. */
export type RoomOffer = Schemas['Room'];
export type RoomSearchResponse = Schemas['RoomSearch'];

/** GET /rooms/availability. */
export type RoomAvailability = Schemas['Availability'];

// ---------------------------------------------------------------------------
// Basket. Written from the basket contract while the gateway's OpenAPI
// document does not have these calls yet; they become aliases of
// `openapi.gen.ts` as soon as it does.
// ---------------------------------------------------------------------------

/** The kinds of basket line. */
export type CartItemType = 'reservation' | 'package' | 'treatment' | 'product' | 'voucher';

/** What a basket line is of. */
export type CartProduct = {
  code: string;
  variantCode: string;
  type: ProductType;
  name: string;
  slug: string;
  images: ProductImage[];
  links: { self: string };
  numNights: number;
  ageRestriction: boolean;
};

/** A treatment of a package line and how many of it. */
export type CartTreatment = { code: string; name: string; quantity: number };

export type CartItem = {
  id: number;
  type: CartItemType;
  quantity: number;
  /** The counter's bounds; min == max means the quantity is fixed. */
  minQuantity: number;
  maxQuantity: number;
  /** quantity × unit; 0 when not available. */
  total: number;
  /** One unit (a package: for `quantity` persons; a reservation: the stay). */
  price: Price;
  code: string;
  variantCode: string;
  /** False when the room was sold meanwhile. */
  isAvailable: boolean;
  product: CartProduct;
  /** Reservation lines only (null otherwise); dates `YYYY-MM-DD`, days = nights. */
  adults: number | null;
  children: number | null;
  babies: number | null;
  dateFrom: string | null;
  dateTo: string | null;
  days: number | null;
  /** Package lines: their treatments. */
  treatments: CartTreatment[] | null;
  /** Voucher lines: the index of the chosen value among the voucher's values. */
  priceOption: number | null;
  /** Packages attached to a reservation line. */
  childItems: CartItem[];
};

export type CartTotals = {
  total: number;
  vouchers: number;
  shipping: number;
  deposit: number;
  leftToPay: number;
  currency: string;
  /** The total in the base currency (PLN); null while the basket is in PLN. */
  base: { total: number; currency: string } | null;
};

/** The basket, as every basket call answers. */
export type Cart = {
  tokenValue: string;
  channel: string;
  locale: string;
  currency: string;
  checkoutState: string;
  items: CartItem[];
  totals: CartTotals;
  vouchers: unknown[];
  billingAddress: Record<string, unknown> | null;
  shippingAddress: Record<string, unknown> | null;
  customer: Record<string, unknown> | null;
  payments: unknown[];
  shipments: unknown[];
  /** True while the basket holds a gift voucher. */
  shippingRequired: boolean;
};

/** The stay of a reservation (`YYYY-MM-DD`). */
export type StayOptions = { checkIn: string; checkOut: string; adults: number; children: number; babies: number };

/** POST /carts/{token}/items, by type. */
export type AddCartItem =
  | { type: 'product' | 'treatment'; productCode: string; variantCode?: string; quantity?: number }
  | { type: 'voucher'; productCode: string; quantity?: number; options: { priceOption: number } }
  | { type: 'package'; productCode: string; quantity?: number; options?: { treatments: PackageTreatmentChoice[] } }
  | { type: 'reservation'; productCode: string; options: StayOptions }
  | {
      type: 'reservation_with_package';
      packageCode: string;
      productCode: string;
      variantCode?: string;
      options: StayOptions & { treatments?: PackageTreatmentChoice[] };
    };

/** POST /carts/{token}/items/{id}/children-items: a package into a reservation line. */
export type AddChildCartItem = {
  type: 'package';
  packageCode: string;
  variantCode?: string;
  quantity?: number;
  options?: { treatments: PackageTreatmentChoice[] };
};

/** PUT /carts/{token}/items/{id}. */
export type UpdateCartItem = { quantity: number; options?: { treatments: PackageTreatmentChoice[] } };

/** GET /carts/{token}/items/{id}/associations/{kind}/default. */
export type CartAssociationKind = 'packages' | 'treatments' | 'products';

/** POST /rooms/search: rooms for a stay package. */
export type PackageRoomSearch = Schemas['PackageSearch'];
