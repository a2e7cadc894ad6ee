/**
 * A page's code, loaded on demand: spec 8 says a chunk that fails to load
 * times out after 120 seconds and shows the generic error notification.
 *
 * React Router keeps a failed `lazy()` for good, so the way to try again is
 * a fresh page load (the error page's "try again"), which also picks up new
 * chunk names after a deployment.
 */
import { CHUNK_LOAD_TIMEOUT_MS } from '@/config/constants';
import type { Locale } from '@/lib/i18n/locale';
import { notifyError } from '@/lib/i18n/notify-error';
import { withTimeout } from '@/lib/with-timeout';

/**
 * `withTimeout`, plus the generic error notification in the page language
 * when the chunk does not come. The error is rethrown for the route's error
 * page.
 */
export async function loadChunk<T>(load: () => Promise<T>, locale: Locale): Promise<T> {
  try {
    return await withTimeout(load, CHUNK_LOAD_TIMEOUT_MS);
  } catch (error) {
    notifyError(locale, (t) => t('errors.generic'));
    throw error;
  }
}
