import { useEffect, useRef } from 'react';

/**
 * After a check or a save refused, the keyboard goes to the first field in
 * error: `focusError()` before the errors are set, `form` on the form.
 */
export function useFocusFirstError(errors: object) {
  const form = useRef<HTMLFormElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return {
    form,
    focusError: () => {
      pending.current = true;
    },
  };
}
