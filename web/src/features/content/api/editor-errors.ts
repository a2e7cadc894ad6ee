import { ApiError } from '@/lib/api-client';

/** What went wrong with an editor's call, as the editor page says it. */
export type EditorFailure = 'login' | 'forbidden' | 'notFound' | 'conflict' | 'other';

export function editorFailure(error: unknown): EditorFailure {
  if (!(error instanceof ApiError)) return 'other';
  if (error.status === 401) return 'login';
  if (error.status === 403) return 'forbidden';
  if (error.status === 404) return 'notFound';
  // Saved by someone else since the revision the change was made from.
  if (error.status === 409 && error.code === 'block_changed') return 'conflict';
  return 'other';
}

/** Failures the editor page explains in its own words: no notification for them. */
export const shownByEditor = (error: ApiError): boolean => editorFailure(error) !== 'other';
