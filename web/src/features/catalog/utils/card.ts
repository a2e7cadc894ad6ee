/**
 * The product card rules of spec 2.4 as plain functions.
 */
import defaultThumbnail from '@/assets/default-thumbnail.svg';
import { BASE_CURRENCY, CARD_DESCRIPTION_MAX_LENGTH, CARD_TITLE_MAX_LENGTH } from '@/config/constants';
import { paths } from '@/config/paths';
import type { Locale } from '@/lib/i18n/locale';
import type { ListingItem, Price } from '@/types/api';
import { truncate } from '@/utils/truncate';

/** Title cut at 36 characters. */
export const cardTitle = (item: Pick<ListingItem, 'name'>) => truncate(item.name, CARD_TITLE_MAX_LENGTH);

/** Description cut at 130 characters. */
export const cardDescription = (item: Pick<ListingItem, 'description'>) =>
  truncate(item.description, CARD_DESCRIPTION_MAX_LENGTH);

/** The listing thumbnail: the first image's default_listing, else a neutral placeholder. */
export function cardImage(item: Pick<ListingItem, 'images'>): string {
  const first = item.images[0];
  return first?.thumbnails.default_listing || first?.path || defaultThumbnail;
}

export type CardPrice = {
  current: number;
  /** Set only when it is higher than the current price (a promotion). */
  original: number | null;
  currency: string;
  /** "from" before the price: packages and day-spa offers (spec 2.4, 9). */
  from: boolean;
  /** A package's base price is per person. */
  perPerson: boolean;
  /** A room's price is for one night. */
  perNight: boolean;
  /**
   * A price set in another currency (spec 1, 9): the amounts above are its
   * conversion to the base currency (PLN), which the basket charges, and
   * this is the price as set, shown beside them with why; null for a PLN price.
   */
  foreign: { current: number; currency: string } | null;
};

const samePrice = (a: Price, b: Price) =>
  a.current === b.current && a.original === b.original && a.currency === b.currency;

/**
 * The base-currency price of the price shown, from the item's `priceBase`
 * (which converts `price`): only when the shown price is in another
 * currency and is `price` itself (a package's per-person price is the same
 * price on the wire; were it not, the price would be shown as set rather
 * than wrongly converted).
 */
function basePrice(shown: Price, item: Pick<ListingItem, 'price' | 'priceBase'>): Price | null {
  const { priceBase } = item;
  if (shown.currency === BASE_CURRENCY || !priceBase || priceBase.currency !== BASE_CURRENCY) return null;
  return samePrice(shown, item.price) ? priceBase : null;
}

/**
 * The price a card shows: a package shows its base price per person, every
 * other type its price; the original is struck only when really higher. A
 * price set in another currency is shown in PLN, as the basket charges it,
 * with the price as set beside it.
 */
export function cardPrice(item: Pick<ListingItem, 'type' | 'price' | 'priceBase' | 'packageBasePrice'>): CardPrice {
  const perPerson = item.type === 'package' && item.packageBasePrice !== undefined;
  const set = perPerson && item.packageBasePrice ? item.packageBasePrice : item.price;
  const base = basePrice(set, item);
  const price = base ?? set;
  return {
    current: price.current,
    original: price.original > price.current ? price.original : null,
    currency: price.currency,
    from: item.type === 'package' || item.type === 'day_spa',
    perPerson,
    perNight: item.type === 'room',
    foreign: base ? { current: set.current, currency: set.currency } : null,
  };
}

/**
 * Days of a stay: the night count plus one (spec 2.4). Null for what is not
 * a stay; a room's price is per night, so rooms show no day count either.
 */
export function cardDays(item: Pick<ListingItem, 'type' | 'numNights'>): number | null {
  if (item.type === 'room' || !item.numNights || item.numNights <= 0) return null;
  return item.numNights + 1;
}

export type CardAction =
  /** Rooms: "reserve" goes to the room's page, which offers the reservation search. */
  | { kind: 'reserve'; href: string }
  /** A link to the item's page: packages and day spa ("details"). */
  | { kind: 'details'; href: string }
  /** Vouchers and gifts: the voucher configuration. */
  | { kind: 'voucher'; href: string }
  /** Everything else goes into the basket (not available yet: the button is disabled). */
  | { kind: 'basket' };

/** The card's button by item type (spec 2.4). */
export function cardAction(item: Pick<ListingItem, 'type' | 'code' | 'links'>, locale: Locale): CardAction {
  switch (item.type) {
    case 'room':
      // The rooms listing's "reserve" (spec 2.4: "room goes to its page").
      return { kind: 'reserve', href: item.links.self };
    case 'package':
    case 'day_spa':
      return { kind: 'details', href: item.links.self };
    case 'voucher':
    case 'gift':
      return { kind: 'voucher', href: paths.voucherConfiguration.href(locale, { code: item.code }) };
    default:
      return { kind: 'basket' };
  }
}
