/**
 * Where the login page sends a customer once logged in: `?return=` when it
 * is a path of this shop (one leading slash; never `//host` or `/\host`,
 * which browsers read as another site), otherwise nowhere in particular.
 */
export function returnPath(search: string): string | null {
  const target = new URLSearchParams(search).get('return');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}

/** The login page's address that comes back to `here` afterwards. */
export function loginReturningTo(loginPath: string, here: string): string {
  return `${loginPath}?${new URLSearchParams({ return: here }).toString()}`;
}
