import { useEffect, useRef } from 'react';

/**
 * Where the keyboard goes once the page shows what just happened (a
 * channel added, a form closed): `focusLater(id)` beside the state change,
 * the element of that id is focused after the render.
 */
export function useFocusLater(): (id: string) => void {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (pending.current === null) return;
    const id = pending.current;
    pending.current = null;
    document.getElementById(id)?.focus();
  });
  return (id) => {
    pending.current = id;
  };
}
