/**
 * The shop's field rules, mirrored from the servers so a form says what is
 * wrong before anything is sent; the server checks again and its answer
 * wins. Mostly the cart service's rules for the guest's details and a gift
 * voucher (services/cart/README.md "Checkout": `invalid_address`,
 * `invalid_voucher_configuration` name every wrong field); the lengths of
 * names, e-mail addresses and phones, and spec 5's phone shape (`isPhone`),
 * are the account, product inquiry and newsletter forms' too. The one copy:
 * the forms and the test servers (src/testing/mocks) check them here. The
 * password rule is ./password.ts.
 */

/** Countries the guesthouse sells to (spec 3). */
export const COUNTRIES = ['PL', 'DE'] as const;
export type Country = (typeof COUNTRIES)[number];

/** Whether a country code is one the guesthouse sells to. */
export const isCountry = (code: string | null | undefined): code is Country =>
  (COUNTRIES as readonly (string | null | undefined)[]).includes(code);

/** A first or last name (checkout, the account): 1 to 60 characters once trimmed. */
export const MAX_NAME = 60;
/** An e-mail address, at most (checkout, the product inquiry, the newsletter). */
export const MAX_EMAIL = 254;
export const MAX_LINE = 120;
export const MAX_NOTES = 1000;
export const MIN_PHONE = 7;
export const MAX_PHONE = 30;
export const MAX_VOUCHER_NAME = 60;
export const MAX_VOUCHER_MESSAGE = 300;

/** A text field that must be there: 1 to `max` characters once trimmed. */
export const isFilled = (value: string, max: number) => {
  const length = [...value.trim()].length;
  return length > 0 && length <= max;
};

/** As the server's e-mail check: one @, no spaces, a dotted domain. */
export function isValidEmail(raw: string): boolean {
  const email = raw.trim();
  if (email.length > MAX_EMAIL || /\s/.test(email)) return false;
  const at = email.indexOf('@');
  if (at <= 0) return false;
  const domain = email.slice(at + 1);
  return (
    !domain.includes('@') && domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.') && !domain.includes('..')
  );
}

/**
 * Checkout's phone (the cart service's): 7 to 30 characters: digits with an
 * optional plus (first only), parentheses, dashes, spaces, dots or slashes;
 * at least 7 digits (spec 5). Stricter than `isPhone` below.
 */
export function isValidPhone(raw: string): boolean {
  const phone = raw.trim();
  const length = [...phone].length;
  if (length < MIN_PHONE || length > MAX_PHONE) return false;
  if (!/^[0-9+()\-. /]+$/.test(phone)) return false;
  if (phone.slice(1).includes('+')) return false;
  return (phone.match(/\d/g) ?? []).length >= MIN_PHONE;
}

const PHONE_SHAPE = /^\+?[\d\s()./-]+$/;

/**
 * Spec 5's phone shape, as the users service (the account's optional phone)
 * and the product inquiry check it: at least 7 characters, digits with an
 * optional leading plus, brackets, dashes, spaces, dots or slashes, and a
 * digit among them. At most `MAX_PHONE` is checked beside it.
 */
export function isPhone(raw: string): boolean {
  const phone = raw.trim();
  return phone.length >= MIN_PHONE && PHONE_SHAPE.test(phone) && /\d/.test(phone);
}

/** `00-000` in Poland, five digits in Germany. */
export function isValidPostcode(country: string, raw: string): boolean {
  const postcode = raw.trim();
  if (country === 'PL') return /^\d{2}-\d{3}$/.test(postcode);
  if (country === 'DE') return /^\d{5}$/.test(postcode);
  return false;
}

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/**
 * A Polish NIP: 10 digits whose weighted sum (6-5-7-2-3-4-5-6-7) mod 11 is
 * the last digit; dashes, spaces and a `PL` prefix allowed. A German VAT
 * number: `DE` and 9 digits.
 */
export function isValidVatNumber(country: string, raw: string): boolean {
  const compact = raw.replace(/[\s-]/g, '').toUpperCase();
  if (country === 'PL') {
    const digits = compact.startsWith('PL') ? compact.slice(2) : compact;
    if (!/^\d{10}$/.test(digits)) return false;
    const d = [...digits].map(Number);
    const sum = NIP_WEIGHTS.reduce((total, weight, index) => total + weight * (d[index] ?? 0), 0);
    return sum % 11 === d[9];
  }
  if (country === 'DE') return /^DE\d{9}$/.test(compact);
  return false;
}
