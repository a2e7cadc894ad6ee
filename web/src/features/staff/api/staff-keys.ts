import type { Locale } from '@/lib/i18n/locale';

/** Query keys of the back office: an order by the booking code looked up, the payments to give back, the occupancy board, in the page's language. */
export const staffKeys = {
  order: (code: string, locale: Locale) => ['staff', 'order', code, locale] as const,
  refunds: (locale: Locale) => ['staff', 'refunds', locale] as const,
  board: (from: string, days: number, locale: Locale) => ['staff', 'board', from, days, locale] as const,
  bookings: (search: object, locale: Locale) => ['staff', 'bookings', search, locale] as const,
  arrivals: (date: string, locale: Locale) => ['staff', 'arrivals', date, locale] as const,
  team: (locale: Locale) => ['staff', 'team', locale] as const,
  nights: (room: string, from: string, to: string) => ['staff', 'nights', room, from, to] as const,
  roomType: (room: string, locale: Locale) => ['staff', 'roomType', room, locale] as const,
  seasons: (locale: Locale) => ['staff', 'seasons', locale] as const,
  guesthouseSettings: (locale: Locale) => ['staff', 'settings', 'guesthouse', locale] as const,
  checkoutSettings: (locale: Locale) => ['staff', 'settings', 'checkout', locale] as const,
  mailSettings: (locale: Locale) => ['staff', 'settings', 'mail', locale] as const,
  paymentSettings: (locale: Locale) => ['staff', 'settings', 'payments', locale] as const,
  products: (filter: object, locale: Locale) => ['staff', 'products', 'list', filter, locale] as const,
  product: (code: string, locale: Locale) => ['staff', 'products', 'one', code, locale] as const,
  taxonTree: (locale: Locale) => ['staff', 'taxons', locale] as const,
  channels: (locale: Locale) => ['staff', 'channels', locale] as const,
};

export const orderPath = (code: string) => `/backend/orders/${encodeURIComponent(code)}`;

export const REFUNDS_PATH = '/backend/refunds';

export const BOARD_PATH = '/backend/board';

export const BOOKINGS_PATH = '/backend/bookings';

export const ARRIVALS_PATH = '/backend/arrivals';

export const TEAM_PATH = '/backend/staff';

export const GUESTHOUSE_SETTINGS_PATH = '/backend/settings/guesthouse';

export const CHECKOUT_SETTINGS_PATH = '/backend/settings/checkout';

export const MAIL_SETTINGS_PATH = '/backend/settings/mail';

export const MAIL_TEST_PATH = '/backend/settings/mail/test';

export const PAYMENT_SETTINGS_PATH = '/backend/settings/payments';
export const PAYMENT_TEST_PATH = '/backend/settings/payments/test';

export const roomTypePath = (room: string) => `/backend/room-types/${encodeURIComponent(room)}`;

export const nightsPath = (room: string) => `${roomTypePath(room)}/nights`;

export const SEASONS_PATH = '/backend/seasons';

export const PRODUCTS_PATH = '/backend/products';

export const productPath = (code: string) => `${PRODUCTS_PATH}/${encodeURIComponent(code)}`;

/** An offer's pictures: POST one (the file as the body), DELETE one by its path. */
export const picturesPath = (code: string) => `${productPath(code)}/images`;

/** The catalogue's categories (public): where a new offer is listed. */
export const TAXONS_PATH = '/taxons/';

/** The booking portals' channels: the list (GET, POST), one (GET, PUT, DELETE), its import now (POST). */
export const CHANNELS_PATH = '/backend/channels';

export const channelPath = (id: string) => `${CHANNELS_PATH}/${encodeURIComponent(id)}`;

export const channelSyncPath = (id: string) => `${channelPath(id)}/sync`;
