/**
 * The alcohol age gate (spec 4): the cookie agePermission holds a positive
 * number once the visitor has said they are of age; "Yes" stores
 * agePermission=1 for a year. The product page of an age-restricted product
 * asks on arrival (components/age-gate.tsx); adding one without the cookie
 * is refused by the server (403 `age_confirmation_required`), and the
 * basket asks then (features/basket/components/basket-host.tsx).
 *
 * Only the age gate uses these: it loads with the pages that show it, never
 * with the first page load.
 */
import { AGE_PERMISSION_COOKIE, AGE_PERMISSION_MAX_AGE_S } from '@/config/constants';
import { readCookie, serializeCookie, type CookieOptions } from '@/lib/cookies';

/** True when the cookie holds a positive number ("1", "2.5"; not "0", "-1", "yes"). */
export function hasAgePermission(cookies: string): boolean {
  const value = readCookie(AGE_PERMISSION_COOKIE, cookies);
  if (value === null || value.trim() === '') return false;
  const number = Number(value);
  return Number.isFinite(number) && number > 0;
}

export const AGE_PERMISSION_COOKIE_OPTIONS: CookieOptions = {
  path: '/',
  maxAge: AGE_PERMISSION_MAX_AGE_S,
  sameSite: 'Lax',
};

/** The cookie "Yes" sets. */
export function agePermissionCookie(options: CookieOptions = AGE_PERMISSION_COOKIE_OPTIONS): string {
  return serializeCookie(AGE_PERMISSION_COOKIE, '1', options);
}

export function grantAgePermission() {
  document.cookie = agePermissionCookie();
}
