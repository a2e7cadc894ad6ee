import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Navigation state that keeps the scroll position (e.g. a listing filter changed in place). */
export type KeepScrollState = { keepScroll: true };

const keepsScroll = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Partial<KeepScrollState>).keepScroll === true;

/** Every navigation starts at the top of the page (spec 2.1), unless it asks to keep the position. */
export function ScrollToTop() {
  const location = useLocation();
  const { pathname, search } = location;
  const keep = keepsScroll(location.state as unknown);
  useLayoutEffect(() => {
    if (!keep) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, search, keep]);
  return null;
}
