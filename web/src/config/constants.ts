/** Business constants from spec section 9. */

/** Notifications (toasts) disappear after this long. */
export const NOTIFICATION_TIMEOUT_MS = 2000;

/** Product card truncation. */
export const CARD_TITLE_MAX_LENGTH = 36;
export const CARD_DESCRIPTION_MAX_LENGTH = 130;

/** Page size of paged offer listings (treatments). */
export const OFFER_PAGE_SIZE = 20;

/** The shop's base currency; prices in other currencies carry a PLN base. */
export const BASE_CURRENCY = 'PLN';
