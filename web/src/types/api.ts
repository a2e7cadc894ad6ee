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
export type PackageCostRequest = { persons: number; treatments: Schemas['Choice'][] };
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
