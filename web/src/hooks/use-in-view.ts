import { useCallback, useEffect, useState } from 'react';

type Options = {
  /** How far outside the viewport an element already counts as in view (CSS margin syntax). */
  rootMargin?: string;
};

const canObserve = () => typeof IntersectionObserver === 'function';

/**
 * Whether the element has come into view (or within `rootMargin` of it) at
 * least once. It stays `true` afterwards, so whatever it started loading is
 * kept. Without IntersectionObserver everything counts as in view.
 *
 * Returns a ref callback for the element and the flag.
 */
export function useInView<T extends Element>({ rootMargin = '0px' }: Options = {}): [
  (element: T | null) => void,
  boolean,
] {
  const [element, setElement] = useState<T | null>(null);
  const [seen, setSeen] = useState(() => !canObserve());

  useEffect(() => {
    if (seen || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootMargin, seen]);

  const ref = useCallback((node: T | null) => setElement(node), []);
  return [ref, seen];
}
