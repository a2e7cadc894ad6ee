/**
 * The localized route table (spec 2.1) and an `href()` builder per route.
 *
 * The router registers only the paths of the current page's locale, so the
 * Polish and German forms may coincide (/reservation, /basket): the gateway
 * decides the language from the `/en` prefix or the host and writes it into
 * <html lang> before the app starts.
 *
 * Paths are written exactly as the spec gives them (the Polish listings keep
 * their trailing slash). Cells the spec leaves empty are marked "not in spec".
 */
import type { Locale } from '@/lib/i18n/locale';
import type { OfferType } from '@/types/api';

/** An array is sent as repeated keys: `{ 'taxon[]': ['a', 'b'] }` -> `taxon[]=a&taxon[]=b`. */
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

// The query argument is optional unless the route declares required parameters.
type HrefArgs<Q extends QueryParams> = Record<never, never> extends Q ? [query?: Q] : [query: Q];

export type AppRoute<Q extends QueryParams = QueryParams> = {
  /** The path the router registers for a locale. */
  path: (locale: Locale) => string;
  /** A link to the route in a locale, with an optional (or required) query. */
  href: (locale: Locale, ...args: HrefArgs<Q>) => string;
};

type LocalizedPaths = Record<Locale, string>;

export function toQueryString(query: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) {
      for (const entry of value as readonly (string | number)[]) search.append(key, String(entry));
    } else if (value !== undefined && value !== null && value !== '') {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function route<Q extends QueryParams = QueryParams>(paths: LocalizedPaths): AppRoute<Q> {
  return {
    path: (locale) => paths[locale],
    href: (locale, ...[query]) => `${paths[locale]}${toQueryString(query)}`,
  };
}

/** A back-office page: the same path in every language. */
export const backOffice = <Q extends QueryParams>(path: string) => route<Q>({ pl: path, de: path, en_GB: path });

/**
 * A route with one `:param` segment (an e-mail link's token): the router
 * registers the pattern, `href` fills it in.
 */
function paramRoute<P extends string>(paths: LocalizedPaths, param: P) {
  return {
    path: (locale: Locale) => paths[locale],
    href: (locale: Locale, values: Record<P, string>) =>
      paths[locale].replace(`:${param}`, encodeURIComponent(values[param])),
  };
}

/**
 * A page an e-mail links to with a token in its path: an English e-mail's
 * link is under `/en` like every English page; a German one is on the
 * German host (the gateway picks the language by host, <html lang>).
 */
const mailLink = (path: string) => paramRoute({ pl: path, de: path, en_GB: `/en${path}` }, 'token');

/** A sub-step under a localized base path; the segment is the same in every language. */
function step<Q extends QueryParams = QueryParams>(base: LocalizedPaths, segment: string) {
  const join = (path: string) => `${path.replace(/\/$/, '')}/${segment}`;
  return route<Q>({ pl: join(base.pl), de: join(base.de), en_GB: join(base.en_GB) });
}

const reservationBase: LocalizedPaths = {
  pl: '/reservation',
  de: '/reservation',
  en_GB: '/en/reservation',
};

const basketBase: LocalizedPaths = {
  pl: '/basket',
  de: '/basket',
  en_GB: '/en/basket',
};

/** Listing filters live in the query (see features/catalog/utils/listing-filters.ts). */
type ListingQuery = {
  page?: number;
  category?: string;
  subcategory?: string;
  nights?: number;
  sorting?: string;
  price_from?: number;
  price_to?: number;
};

/** The room search, shareable in the URL (spec 3 "search state"); dates `YYYY-MM-DD`. */
export type ReservationSearchQuery = {
  dateFrom?: string;
  dateTo?: string;
  adults?: number;
  children?: number;
  babies?: number;
};

/** Results need both dates (spec 2.3). */
export type ReservationRoomsQuery = ReservationSearchQuery & { dateFrom: string; dateTo: string };

export const paths = {
  root: route({
    pl: '/',
    de: '/',
    // The spec gives "/" for English too, which only stays English on a host
    // mapped to en_GB; with the `/en` prefix the English home is /en.
    en_GB: '/en',
  }),
  offer: route({ pl: '/oferta', de: '/angebot', en_GB: '/en/our-offer' }),
  regulations: route({
    pl: '/regulamin',
    de: '/regulations',
    en_GB: '/en/regulations', // not in spec
  }),
  register: route({
    pl: '/register',
    de: '/register',
    en_GB: '/en/register', // not in spec
  }),
  // Accounts (spec 2.1 names only the register page).
  login: route({
    pl: '/logowanie', // not in spec
    de: '/anmelden', // not in spec
    en_GB: '/en/login', // not in spec
  }),
  profile: route({
    pl: '/profil', // not in spec
    de: '/profil', // not in spec
    en_GB: '/en/profile', // not in spec
  }),
  forgotPassword: route({
    pl: '/nie-pamietam-hasla', // not in spec
    de: '/passwort-vergessen', // not in spec
    en_GB: '/en/forgot-password', // not in spec
  }),
  // not in spec: the password reset e-mail links to /reset-password/{token}
  // (services/content/src/account.rs), answered in the language of the host.
  passwordReset: paramRoute(
    {
      pl: '/reset-password/:token',
      de: '/reset-password/:token',
      en_GB: '/en/reset-password/:token',
    },
    'token',
  ),
  // not in spec: the newsletter e-mails' links (services/content/src/newsletter.rs).
  newsletterConfirm: mailLink('/newsletter/confirm/:token'),
  newsletterUnsubscribe: mailLink('/newsletter/unsubscribe/:token'),
  contact: route({
    pl: '/kontakt',
    de: '/kontakt',
    en_GB: '/en/contact', // not in spec (spec names only /kontakt)
  }),

  // Listings.
  treatments: route<ListingQuery>({
    pl: '/oferta/zabiegi/',
    de: '/angebot/behandlungen',
    en_GB: '/en/offer/treatments',
  }),
  packages: route<ListingQuery>({
    pl: '/oferta/pakiety/',
    de: '/angebot/pakete',
    en_GB: '/en/offer/packages',
  }),
  products: route<ListingQuery>({
    pl: '/oferta/produkty/',
    de: '/angebot/produkte',
    en_GB: '/en/offer/products',
  }),
  rooms: route<ListingQuery>({
    pl: '/pensjonat/baza-noclegowa/',
    de: '/pension/unterkunft',
    en_GB: '/en/guesthouse/accomodation', // sic, as in the spec
  }),
  vouchers: route<ListingQuery>({
    pl: '/oferta/vouchery',
    de: '/angebot/gutscheine',
    en_GB: '/en/offer/vouchers',
  }),
  daySpa: route<ListingQuery>({
    // not in spec: shaped like the other offer listings
    pl: '/oferta/day-spa/',
    de: '/angebot/day-spa',
    en_GB: '/en/offer/day-spa',
  }),
  // Gift voucher configuration (spec 2.4); not in spec: a step under the vouchers listing.
  voucherConfiguration: route<{ code?: string }>({
    pl: '/oferta/vouchery/konfiguracja',
    de: '/angebot/gutscheine/konfiguration',
    en_GB: '/en/offer/vouchers/configure',
  }),

  // Reservation area (spec 2.3): the base redirects to search.
  reservation: route(reservationBase),
  reservationSearch: step<ReservationSearchQuery>(reservationBase, 'search'),
  reservationRooms: step<ReservationRoomsQuery>(reservationBase, 'rooms'),
  reservationTerms: step(reservationBase, 'terms'),
  reservationLocalization: step(reservationBase, 'localization'),

  // Basket area (spec 2.2): the base redirects to items.
  basket: route(basketBase),
  basketItems: step(basketBase, 'items'),
  basketSuggestion: step<{ variantCode: string }>(basketBase, 'suggestion'),
  // `account`: what the visitor chose at the login step (register with the booking, or book as a guest).
  basketPersonal: step<{ account?: 'register' | 'guest' }>(basketBase, 'personal'),
  basketVoucher: step(basketBase, 'voucher'),
  basketLogin: step(basketBase, 'login'),
  basketPayment: step(basketBase, 'payment'),
  basketComplete: step(basketBase, 'complete'),

  // The content editor (spec 2.1 "other paths", spec 6): one path in every
  // language, outside /en; the language of the block is in the query
  // (`?locale=`, the page's own language without it).
  editBlock: {
    path: (_locale: Locale) => '/backend/block/edit/:id',
    href: (_locale: Locale, values: { id: string }, query?: { locale?: Locale }) =>
      `/backend/block/edit/${encodeURIComponent(values.id)}${toQueryString(query)}`,
  },
  // The back office's pages: config/staff-paths.ts.
} as const;

export type RouteName = keyof typeof paths;

/** The listing of each offer type. */
export const listingRouteByType = {
  treatment: 'treatments',
  package: 'packages',
  product: 'products',
  room: 'rooms',
  voucher: 'vouchers',
  day_spa: 'daySpa',
} as const satisfies Record<OfferType, RouteName>;

export type ListingRouteName = (typeof listingRouteByType)[OfferType];

const withoutTrailingSlash = (path: string) => path.replace(/\/$/, '');

/**
 * A product page: its listing's path + `/{slug}`, e.g. /oferta/pakiety/{slug}
 * (the API's `links.self`). Slugs differ per language, so a product page
 * names its equivalents in the other languages itself (lib/i18n/page-alternates.tsx).
 */
export const productPage = {
  path: (listing: ListingRouteName, locale: Locale) =>
    `${withoutTrailingSlash(paths[listing].path(locale))}/:slug`,
  href: (listing: ListingRouteName, locale: Locale, slug: string) =>
    `${withoutTrailingSlash(paths[listing].path(locale))}/${encodeURIComponent(slug)}`,
} as const;

/** Full-page targets outside the app (spec 2.1 "other paths"). */
export const externalPaths = {
  orderPayment: (token: string) => `/order/${encodeURIComponent(token)}/pay`,
  /** The room popup's HTML fragment: `/{pl|de|en}/_partial/rooms/{code}`. */
  roomPartial: (locale: Locale, code: string) =>
    `/${locale === 'en_GB' ? 'en' : locale}/_partial/rooms/${encodeURIComponent(code)}`,
} as const;
