/**
 * Reading and writing first-party cookies (spec 3: agePermission,
 * votePopupOpened, cms-edit). The cookie string is a parameter so the logic
 * can be tested without a browser.
 */

/** The value of cookie `name`, or null when it is not set. */
export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export type CookieOptions = {
  /** Lifetime in seconds. */
  maxAge?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
};

/** The `document.cookie` assignment that sets a cookie. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const { maxAge, path = '/', sameSite = 'Lax', secure } = options;
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${path}`];
  if (maxAge !== undefined) parts.push(`max-age=${Math.floor(maxAge)}`);
  parts.push(`SameSite=${sameSite}`);
  if (secure ?? (sameSite === 'None' || globalThis.location?.protocol === 'https:')) parts.push('Secure');
  return parts.join('; ');
}

export function writeCookie(name: string, value: string, options?: CookieOptions) {
  document.cookie = serializeCookie(name, value, options);
}
