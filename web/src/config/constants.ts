/** Business constants from spec section 9. */

/** Notifications (toasts) disappear after this long. */
export const NOTIFICATION_TIMEOUT_MS = 2000;

/** Code loaded on demand (a page's chunk) that has not come after this long has failed (spec 8). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

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

/** The home page's banner moves on to its next slide after this long (spec 9). */
export const BANNER_AUTOPLAY_MS = 10_000;

/** Related products slider: slides in view at once. */
export const RELATED_SLIDES_MAX = 4;


/** Package configuration: persons 1..2 (default 1). */
export const PACKAGE_PERSONS_MIN = 1;
export const PACKAGE_PERSONS_MAX = 2;

/** A treatment picked in the treatment modal: quantity 1, min 1, max 2 (spec 5). */
export const MODAL_TREATMENT_MAX_QUANTITY = 2;

/** The mini basket's list scrolls above this many lines (spec 9). */
export const MINI_BASKET_SCROLL_THRESHOLD = 4;

/** The package price is recalculated this long after the last change. */
export const PACKAGE_PRICE_DEBOUNCE_MS = 50;

/** Age gate for alcohol products. */
export const AGE_GATE_MIN_AGE = 18;
export const AGE_PERMISSION_COOKIE = 'agePermission';
export const AGE_PERMISSION_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The shop's base currency; prices in other currencies carry a PLN base. */
export const BASE_CURRENCY = 'PLN';

/** Guest picker (spec 5, 9): adults 1-2, children (4-16) 0-2, babies (under 4) 0-2. */
export const GUEST_LIMITS = {
  adults: { min: 1, max: 2 },
  children: { min: 0, max: 2 },
  babies: { min: 0, max: 2 },
} as const;
export const DEFAULT_GUESTS = { adults: 2, children: 0, babies: 0 } as const;
/** A guest counter without a maximum of its own stops here (spec 5). */
export const GUEST_COUNTER_DEFAULT_MAX = 3;
/** Children's ages, as the picker names them. */
export const CHILD_MIN_AGE = 4;
export const CHILD_MAX_AGE = 16;

/** Stays: from today, at most 30 nights; the calendar reaches a year ahead. */
export const STAY_MAX_NIGHTS = 30;
export const BOOKING_HORIZON_DAYS = 365;
/** The date picker's own minimum stay, and its form wrapper's (spec 5). */
export const DATE_PICKER_MIN_NIGHTS = 1;
export const DATE_FIELD_MIN_NIGHTS = 0;
/** The value format of picked dates (spec 5). */
export const DATE_VALUE_FORMAT = 'YYYY-MM-DD';
/** Date picker: two months from this width, one below; phones under the second (spec 2.5, 9). */
export const DATE_PICKER_TWO_MONTHS_MIN_WIDTH = 768;
export const DATE_PICKER_PHONE_MAX_WIDTH = 479;
/** Date picker: 42 day cells per month (six weeks from Monday). */
export const CALENDAR_DAY_CELLS = 42;
/** Date picker: clicks on "next month" closer than this are ignored. */
export const NEXT_MONTH_THROTTLE_MS = 200;
/** The room availability calendar asks for at most this many days at once (API limit). */
export const AVAILABILITY_MAX_DAYS = 120;
/** A result's availability calendar loads once it is this close to the viewport. */
export const ROOM_CALENDAR_PRELOAD_MARGIN = '400px 0px';
/** Room descriptions on search results are cut here. */
export const ROOM_DESCRIPTION_MAX_LENGTH = 120;
