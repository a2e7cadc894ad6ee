import { useEffect, useState } from 'react';

/**
 * `value`, but only once it has stayed the same for `delayMs`: a burst of
 * changes yields one update, with the last value. The first value is
 * returned at once.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
