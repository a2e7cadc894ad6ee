import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Every navigation starts at the top of the page (spec 2.1). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, search]);
  return null;
}
