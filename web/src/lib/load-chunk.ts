/**
 * Code loaded on demand (page chunks, dictionaries): spec 8 says a chunk
 * that fails to load times out after 120 seconds and shows the generic
 * error notification.
 *
 * A dynamic import cannot be cancelled; after the timeout its late answer
 * is ignored. React Router keeps a failed `lazy()` for good, so the way to
 * try again is a fresh page load (the error page's "try again"), which also
 * picks up new chunk names after a deployment.
 */
import { CHUNK_LOAD_TIMEOUT_MS } from '@/config/constants';
import type { Locale } from '@/lib/i18n/locale';
import { createTranslator } from '@/lib/i18n/translate';
import { notifications } from '@/lib/notifications';

export class ChunkLoadError extends Error {
  /** True when the chunk did not arrive in time, false when loading it failed. */
  readonly timedOut: boolean;

  constructor(timedOut: boolean, cause?: unknown) {
    super(timedOut ? 'Loading a chunk timed out' : 'Loading a chunk failed', { cause });
    this.name = 'ChunkLoadError';
    this.timedOut = timedOut;
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof ChunkLoadError;

/** `load()`, or a `ChunkLoadError` when it fails or has not settled after `timeoutMs`. */
export function withTimeout<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), timeoutMs);
    Promise.resolve()
      .then(load)
      .then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError(false, error));
        },
      );
  });
}

/**
 * `withTimeout`, plus the generic error notification in the page language
 * when the chunk does not come (spec 8). The error is rethrown for the
 * route's error page.
 */
export async function loadChunk<T>(
  load: () => Promise<T>,
  locale: Locale,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  try {
    return await withTimeout(load, timeoutMs);
  } catch (error) {
    notifications.notify('error', createTranslator(locale)('errors.generic'));
    throw error;
  }
}
