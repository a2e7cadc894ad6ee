import { useEffect, useRef } from 'react';

type Target = string | (() => HTMLElement | null | undefined);

/**
 * Where the keyboard goes once the page shows what just happened (a
 * channel added, a form closed, a row moved): `focusLater(target)` beside
 * the state change, and after the render the element of that id, or the
 * one the function finds then (a row's button may be gone), is focused.
 */
export function useFocusLater(): (target: Target) => void {
  const pending = useRef<Target | null>(null);
  useEffect(() => {
    const target = pending.current;
    if (target === null) return;
    pending.current = null;
    (typeof target === 'string' ? document.getElementById(target) : target())?.focus();
  });
  return (target) => {
    pending.current = target;
  };
}
