/**
 * Shapes of the /shop-api wire format, named for the app. They are aliases of
 * `openapi.gen.ts`, which is generated from the gateway's OpenAPI document
 * (itself generated from the Rust types): `npm run gen:api` after a change
 * there; `npm run check:api` fails while the file is stale.
 *
 * Every amount is an integer in minor units; dates are `YYYY-MM-DD` except
 * `availableFrom`/`availableTo`, which are `DD-MM-YYYY`.
 */
import type { components, paths } from './openapi.gen';

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
// Basket (/shop-api/carts)
// ---------------------------------------------------------------------------

/** The kinds of basket line. */
export type CartItemType = Schemas['LineType'];

/** What a basket line is of (the room of a reservation). */
export type CartProduct = Schemas['LineProduct'];

/** A treatment of a package line and how many of it. */
export type CartTreatment = Schemas['LineTreatment'];

/** A basket line; stay fields on reservations, treatments on packages, packages attached to a stay in childItems. */
export type CartItem = Schemas['CartItem'];

/** The basket's totals; `base` is the total in PLN, set while the basket is in another currency. */
export type CartTotals = Schemas['Totals'];

/** The basket, as every basket call answers. */
export type Cart = Schemas['Cart'];

// Checkout (/shop-api/checkout/{token}/...): every step answers the basket; completion the order.

/** PUT /checkout/{token}/address: the guest, the invoice details, notes, regulations, a password to register. */
export type CheckoutAddress = Schemas['AddressBody'];
export type CheckoutCustomer = Schemas['CustomerDetails'];
export type BillingAddress = Schemas['BillingAddress'];
export type PostalAddress = Schemas['PostalAddress'];

/** GET /checkout/{token}/vouchers: the designs and the basket's gift vouchers (indexed). */
export type VoucherStep = Schemas['VoucherStep'];
export type VouchersAnswer = Schemas['VouchersAnswer'];
export type VoucherDesign = Schemas['VoucherDesign'];
/** PUT /checkout/{token}/vouchers/{index}. */
export type VoucherConfiguration = Schemas['VoucherConfiguration'];
export type VoucherDelivery = Schemas['Delivery'];
/** A gift voucher line's dedication (and design and delivery, once configured). */
export type LineVoucher = Schemas['LineVoucher'];
/** A gift voucher's dedication, given with its add (`options.dedication` of POST /carts/{token}/items): who it is for and from, a message, an e-mail. */
export type VoucherDedication = Schemas['Dedication'];
/** The gift voucher code paying for a basket line: what it pays of the line now, what it has left, its last day. */
export type LineRedemption = Schemas['LineRedemption'];
/** PUT /carts/{token}/items/{id}/voucher: pays for the line with a gift voucher code (`GV-XXXX-XXXX-XXXX`). */
export type RedeemVoucher = Schemas['RedeemVoucher'];

/** A shipping or payment method on offer; GET .../shipping and .../payment. */
export type MethodOption = Schemas['MethodOption'];
export type ShippingAnswer = Schemas['ShippingAnswer'];
export type PaymentAnswer = Schemas['PaymentAnswer'];
export type PaymentOffer = Schemas['Payment'];
/** PUT .../shipping/0. */
export type MethodChoice = Schemas['MethodChoice'];
/** PUT .../payment/0. */
export type PaymentChoice = Schemas['PaymentChoice'];

/** PUT /checkout/{token}/complete: the placed order. */
export type Order = Schemas['Order'];

/** POST /carts/{token}/items and .../children-items: what is added depends on `type` (see the basket API). */
export type AddCartItem = Schemas['AddItem'];

/** PUT /carts/{token}/items/{id}: a quantity (a package's persons) and a package's treatments. */
export type UpdateCartItem = Schemas['UpdateItem'];

/** GET /carts/{token}/items/{id}/associations/{kind}/default. */
export type CartAssociationKind =
  paths['/shop-api/carts/{token}/items/{id}/associations/{kind}/default']['get']['parameters']['path']['kind'];

/** POST /rooms/search: rooms for a stay package. */
export type PackageRoomSearch = Schemas['PackageSearch'];

// ---------------------------------------------------------------------------
// Accounts (/shop-api/register, /login_check, /logout, /me, ...)
// ---------------------------------------------------------------------------

/** GET /me (and what registering and changing the profile answer): the logged-in customer. */
export type Customer = Schemas['Customer'];

/** POST /register. */
export type Registration = Schemas['Registration'];

/** POST /login_check: e-mail and password; the answer says whether it worked. */
export type Credentials = Schemas['Credentials'];
export type LoginAnswer = Schemas['LoginAnswer'];

/** PUT /me: names and phone. */
export type ProfileChange = Schemas['Profile'];

/** PUT /me/password. */
export type PasswordChange = Schemas['PasswordChange'];

/** GET /me/orders: the customer's orders and bookings, newest first. */
export type MyOrders = Schemas['MyOrders'];
export type PlacedOrder = Schemas['Order'];

/** POST /newsletter/subscribe. */
export type NewsletterSignUp = Schemas['Subscribe'];

// ---------------------------------------------------------------------------
// Content (/shop-api/pages, /shop-api/backend/blocks)
// ---------------------------------------------------------------------------

/** GET /pages?url=: a page in a language, its blocks' HTML sanitized by the server. */
export type ContentPage = Schemas['PageBody'];
export type PageBlock = Schemas['PageBlock'];

/** GET/PUT /backend/blocks/{id}: a block as an editor sees it, with its revisions (newest first). */
export type ContentBlock = Schemas['BlockBody'];
export type BlockRevision = Schemas['RevisionBody'];
export type BlockChange = Schemas['BlockChange'];

// ---------------------------------------------------------------------------
// Staff (/shop-api/backend/orders): administrators only
// ---------------------------------------------------------------------------

/** GET /backend/orders/{bookingCode}: any order by its booking code, as its guest sees it. */
export type StaffOrder = Schemas['StaffOrder'];
export type Guest = Schemas['Guest'];
export type Bookings = Schemas['Bookings'];
export type DeskDay = Schemas['DeskDay'];
export type OrderState = Schemas['OrderState'];

/** POST /backend/orders/{bookingCode}/bank-transfers: what arrived (grosze, exactly `dueNow`) and the statement's reference. */
export type BankTransfer = Schemas['BankTransfer'];

/** POST /backend/orders/{bookingCode}/payments: money received in any part, or a record reversed. */
export type NewPayment = Schemas['NewPayment'];
export type DeskMethod = Schemas['DeskMethod'];
export type PaymentRecord = Schemas['PaymentRecord'];
export type OrderChange = Schemas['OrderChange'];
/** GET/POST /backend/orders/{bookingCode}/cancellation: the policy's quote, and the cancellation at the version read. */
export type CancellationQuote = Schemas['CancellationQuote'];
export type Cancellation = Schemas['Cancellation'];
export type StayMove = Schemas['StayMove'];
export type OrderMails = Schemas['OrderMails'];
export type OrderMail = Schemas['OrderMail'];
export type ChangeQuote = Schemas['ChangeQuote'];
export type TreatmentPick = Schemas['TreatmentPick'];
/** The stay as the front desk wants it (the quote's query). */
export type StayWanted = Omit<StayMove, 'version'>;

/** GET/POST/PUT /backend/staff: the team, an invitation, a change of a member. */
export type Team = Schemas['Team'];

/** GET/PUT /backend/room-types/{code}/nights: a room type's nights with the guesthouse's rules, and what to set on a range. */
export type RoomNights = Schemas['RoomNights'];
export type RoomNight = Schemas['Night'];
export type NightsChange = Schemas['NightsChange'];

/** GET/PUT /backend/room-types/{code} and /backend/seasons: a room type's own settings and the seasons every rate follows (the rooms service's). */
export type RoomTypeSettings = Schemas['RoomType'];
export type RoomTypeChange = Schemas['RoomTypeChange'];
export type Season = Schemas['Season'];
export type SeasonList = Schemas['SeasonList'];
export type SeasonsChange = Schemas['SeasonsChange'];
export type StaffMember = Schemas['StaffMember'];
export type StaffRole = Schemas['StaffRole'];
export type StaffInvitation = Schemas['Invitation'];
export type StaffChange = Schemas['StaffChange'];

/** GET/PUT /backend/settings/checkout and /payments: what the administrators set (the cart's). */
export type CheckoutSettings = Schemas['CheckoutSettings'];
export type CheckoutSettingsChange = Schemas['CheckoutSettingsChange'];
export type PaymentMethodState = Schemas['PaymentMethodState'];
export type BankAccountSettings = Schemas['BankAccountSettings'];
export type PaymentSettings = Schemas['PaymentSettings'];
export type PaymentSettingsChange = Schemas['PaymentSettingsChange'];
export type MailSettings = Schemas['MailSettings'];

/** GET/PUT /backend/settings/guesthouse: the guesthouse's details in every language (the content service's), as the administrators set them. */
export type GuesthouseSettings = Schemas['GuesthouseSettings'];
export type GuesthouseDetails = Schemas['GuesthouseDetails'];
export type SettingsTexts = Schemas['Texts'];
export type PhoneSettings = Schemas['PhoneSettings'];
export type HoursSettings = Schemas['HoursSettings'];
export type DeskSettings = Schemas['DeskSettings'];
export type TestMail = Schemas['TestMail'];

/** GET/POST /backend/products, GET/PUT /backend/products/{code}: the offers as the administrators manage them (the catalog's). */
export type ProductSummary = Schemas['ProductSummary'];
export type ProductList = Schemas['ProductList'];
export type ProductTexts = Schemas['ProductTexts'];
export type ProductEditor = Schemas['ProductEditor'];
export type ProductChange = Schemas['ProductChange'];
export type NewProduct = Schemas['NewProduct'];
export type PackageSetup = Schemas['PackageSetup'];
export type IncludedTreatment = Schemas['IncludedTreatment'];

/** GET /backend/refunds: a payment that came for an order no longer awaiting it, to give back (or given back). */
export type Refund = Schemas['Refund'];
export type Refunds = Schemas['Refunds'];
export type Board = Schemas['Board'];

/** PUT /backend/refunds/{paymentId}: the refund's reference at the provider. */
export type RefundMade = Schemas['RefundMade'];

/** A login provider the server offers (GET /auth/providers). */
export type LoginProvider = Schemas['LoginProvider'];

/** Around the shop: the vote pop-up's poll, the weather, a product question, a newsletter link's token. */
export type Poll = Schemas['Poll'];
export type PollOption = Schemas['PollOption'];
export type Weather = Schemas['Weather'];
export type WeatherCondition = Schemas['WeatherCondition'];
export type ProductQuestion = Schemas['Question'];
export type VoteRequest = Schemas['Vote'];
export type NewsletterTokenRequest = Required<Schemas['NewsletterToken']>;

/** GET /guesthouse: the guesthouse's address, phones, desks and position in the page's language (the content service's). */
export type Guesthouse = Schemas['Guesthouse'];
export type GuesthouseDesk = Schemas['Desk'];
export type OpeningHours = Schemas['Hours'];

/** POST /backend/settings/payments/test: how a test payment's registration went. */
export type TestPayment = Schemas['TestPayment'];

/** GET/POST /backend/channels, GET/PUT/DELETE /backend/channels/{id}, POST /backend/channels/{id}/sync: the booking portals' calendars (iCal) of each room type, as the administrators set them. */
export type Channel = Schemas['Channel'];
export type ChannelList = Schemas['ChannelList'];
export type ChannelChange = Schemas['ChannelChange'];
export type ChannelConflict = Schemas['ChannelConflict'];
export type SyncAnswer = Schemas['SyncAnswer'];
