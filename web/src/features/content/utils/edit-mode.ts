/**
 * Edit mode (spec 3, 4, 6): cookie `cms-edit`, `1` or `0`. The first visit
 * sets it to 1; the toggle flips it and shows or hides the blocks' edit
 * links. Only editors and administrators see the toggle and the links: the
 * server refuses everyone else the editor's calls.
 */
import { readCookie, writeCookie } from '@/lib/cookies';

export const EDIT_MODE_COOKIE = 'cms-edit';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Whether edit mode is on; null before the first visit set the cookie. */
export function readEditMode(cookies?: string): boolean | null {
  const value = readCookie(EDIT_MODE_COOKIE, cookies);
  return value === null ? null : value !== '0';
}

export function writeEditMode(on: boolean) {
  writeCookie(EDIT_MODE_COOKIE, on ? '1' : '0', { maxAge: ONE_YEAR_S });
}
