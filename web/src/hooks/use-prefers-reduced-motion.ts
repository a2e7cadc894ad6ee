import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const list = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;

function subscribe(onChange: () => void): () => void {
  const query = list();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the visitor asked for less motion (`prefers-reduced-motion: reduce`); false where unknown. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => list()?.matches ?? false, () => false);
}
