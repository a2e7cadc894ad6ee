/**
 * The alcohol age gate (spec 4): shown when a single product, or any item of
 * a listing, has ageRestriction and cookie agePermission is not a positive
 * number. "Yes" stores agePermission=1 for a year.
 */
import { AGE_PERMISSION_COOKIE, AGE_PERMISSION_MAX_AGE_S } from '@/config/constants';
import { readCookie, serializeCookie, type CookieOptions } from '@/lib/cookies';
import type { ListingItem } from '@/types/api';

/** True when the cookie holds a positive number ("1", "2.5"; not "0", "-1", "yes"). */
export function hasAgePermission(cookies: string): boolean {
  const value = readCookie(AGE_PERMISSION_COOKIE, cookies);
  if (value === null || value.trim() === '') return false;
  const number = Number(value);
  return Number.isFinite(number) && number > 0;
}

/** Whether the gate must show for these items with these cookies. */
export function needsAgeGate(items: readonly Pick<ListingItem, 'ageRestriction'>[], cookies: string): boolean {
  return items.some((item) => item.ageRestriction) && !hasAgePermission(cookies);
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
