/** Business constants from spec section 9. */

/** Notifications (toasts) disappear after this long. */
export const NOTIFICATION_TIMEOUT_MS = 2000;

/** Product card truncation. */
export const CARD_TITLE_MAX_LENGTH = 36;
export const CARD_DESCRIPTION_MAX_LENGTH = 130;

/** Treatment descriptions (package configuration). */
export const TREATMENT_DESCRIPTION_MAX_LENGTH = 100;

/** Page size of the paged treatment list (treatment modal). */
export const OFFER_PAGE_SIZE = 20;

/** Filtered listings ask for everything at once. */
export const LISTING_LIMIT = 1000;

/** The rooms listing: at most 100, by position. */
export const ROOMS_LISTING_LIMIT = 100;

/** Stay-length filter: 3, 4, 5 or 6 days, sent as nights 2 to 5. */
export const STAY_LENGTH_NIGHTS = [2, 3, 4, 5] as const;

/** Price range slider: thumb ("dot") size in px. */
export const PRICE_SLIDER_DOT_SIZE = 21;

/** Related products slider: slides in view at once. */
export const RELATED_SLIDES_MAX = 4;

/** Package configuration: persons 1..2 (default 1). */
export const PACKAGE_PERSONS_MIN = 1;
export const PACKAGE_PERSONS_MAX = 2;

/** The package price is recalculated this long after the last change. */
export const PACKAGE_PRICE_DEBOUNCE_MS = 50;

/** Age gate for alcohol products. */
export const AGE_GATE_MIN_AGE = 18;
export const AGE_PERMISSION_COOKIE = 'agePermission';
export const AGE_PERMISSION_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The shop's base currency; prices in other currencies carry a PLN base. */
export const BASE_CURRENCY = 'PLN';
