/**
 * What the settings page's forms share (settings-desk.tsx,
 * guesthouse-settings.tsx): how a save's outcome is shown, and how the
 * server's refusal of one lands on the form's fields or on the form as a whole.
 */
import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-fields';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import { ApiError } from '@/lib/api-client';

/** A settings resource's save: its answer replaces what was read. */
export type Save<C, T> = { mutateAsync: (change: C) => Promise<T>; isPending: boolean };

/** A save's outcome: a refusal of the whole form, or the confirmation (announced). */
export function useOutcome() {
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const shown = (
    <>
      <div className="staff-settings__status" role="status">
        {done && <p className="staff-notice staff-notice--success">{done}</p>}
      </div>
      {alert && (
        <FormAlert>
          <p>{alert}</p>
        </FormAlert>
      )}
    </>
  );
  return { setAlert, setDone, shown };
}

/** The fields the server refused (400 or 422 naming them) with its messages, by the form's names; none when it named none of the form's. */
function namedErrors<F extends string>(error: unknown, fields: Record<F, string>): Partial<Record<F, string>> {
  if (staffFailure(error) !== 'invalid' || !(error instanceof ApiError)) return {};
  const named = error.errors.map((e) => e.field);
  const found = (Object.keys(fields) as F[]).filter((field) => named.includes(fields[field]));
  return Object.fromEntries(found.map((field) => [field, serverMessage(error, fields[field])])) as Partial<Record<F, string>>;
}

/**
 * A save refused: on its fields when the server names them (`fields`: the
 * form's names to the server's), else for the whole form.
 */
export function refusal<F extends string>(error: unknown, fields: Record<F, string>, fallback: string): { errors: Partial<Record<F, string>> } | { alert: string } {
  const errors = namedErrors(error, fields);
  if (Object.keys(errors).length > 0) return { errors };
  return { alert: staffFailure(error) === 'other' ? fallback : serverMessage(error) };
}
