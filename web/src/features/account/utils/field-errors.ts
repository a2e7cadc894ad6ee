/**
 * Server field errors beside the form's fields.
 *
 * A 400, 422 or 409 names the body fields it is about (`errors[].field`, as the
 * request spelled them) with a message in the request's language. A form
 * shows those beside its fields; the call raises no notification for an
 * answer that names one of them (the visitor reads it where it belongs).
 */
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

import { ApiError } from '@/lib/api-client';

/** `notifyOnError` for a call whose form shows errors of these body fields. */
export const notifyUnlessNaming =
  (fields: readonly string[]) =>
  (error: ApiError): boolean =>
    !error.errors.some((fieldError) => fields.includes(fieldError.field));

/** Which form field shows the server's error of a body field. */
export type FieldMap<T extends FieldValues> = Partial<Record<string, FieldPath<T>>>;

/**
 * Sets the server's field errors on the form and focuses the first field
 * concerned; `message` may replace the server's text for a field. Returns
 * whether any was set (otherwise the failure is the form's as a whole).
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: FieldMap<T>,
  setError: UseFormSetError<T>,
  message: (field: FieldPath<T>, serverMessage: string) => string = (_field, serverMessage) => serverMessage,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let focused = false;
  for (const fieldError of error.errors) {
    const field = fields[fieldError.field];
    if (!field) continue;
    setError(field, { type: 'server', message: message(field, fieldError.message) }, { shouldFocus: !focused });
    focused = true;
  }
  return focused;
}
