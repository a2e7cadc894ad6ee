import { ApiError } from '@/lib/api-client';

/**
 * What went wrong with an order desk's call, as the page says it: who may
 * not (401, 403), no such order (404), a field the server refused (400
 * or 422 naming it), the order's state or the reference refused (409, in the
 * server's words), anything else.
 */
export type StaffFailure = 'login' | 'forbidden' | 'notFound' | 'invalid' | 'refused' | 'other';

export function staffFailure(error: unknown): StaffFailure {
  if (!(error instanceof ApiError)) return 'other';
  switch (error.status) {
    case 400:
    case 422:
      return error.errors.length > 0 ? 'invalid' : 'other';
    case 401:
      return 'login';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 409:
      return 'refused';
    default:
      return 'other';
  }
}

/** Failures the desk explains in place: no notification for them. */
export const shownByDesk = (error: ApiError): boolean => staffFailure(error) !== 'other';

/** The server's message about one field, else its message as a whole. */
export function serverMessage(error: unknown, field?: string): string {
  if (!(error instanceof ApiError)) return '';
  return error.errors.find((fieldError) => fieldError.field === field)?.message ?? error.message;
}
