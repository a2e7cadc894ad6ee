import { ApiError } from '@/lib/api-client';

/**
 * The server's field errors of a refused step (`errors[].field`, as the
 * request body spelled it) on the form's own fields: `names` turns a
 * server field into the form's name (or null when the form has no such
 * field). Answers the fields in the order given by `order`, so that the
 * first one can take focus, and what is left over (fields the form does
 * not show), to say in the form's alert.
 */
export function fieldErrors<F extends string>(
  error: unknown,
  order: readonly F[],
  names: (field: string) => F | null,
): { fields: [F, string][]; other: string[] } {
  if (!(error instanceof ApiError)) return { fields: [], other: [] };
  const fields: [F, string][] = [];
  const other: string[] = [];
  for (const { field, message } of error.errors) {
    const name = names(field);
    if (name && !fields.some(([known]) => known === name)) fields.push([name, message]);
    else if (!name) other.push(message);
  }
  fields.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
  return { fields, other };
}
