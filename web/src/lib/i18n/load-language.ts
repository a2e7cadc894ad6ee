/**
 * The page's language, loaded before the app renders (its dictionary is a
 * chunk of its own). Should it not come within the chunk timeout, the page
 * falls back to Polish and shows the generic error notification (spec 8).
 */
import { notifications } from '@/lib/notifications';
import { withTimeout } from '@/lib/with-timeout';

import { DEFAULT_LOCALE, type Locale } from './locale';
import { loadDictionary } from './messages';
import { createTranslator } from './translate';

export async function loadLanguage(locale: Locale): Promise<void> {
  try {
    await withTimeout(() => loadDictionary(locale));
  } catch {
    if (locale !== DEFAULT_LOCALE) await withTimeout(() => loadDictionary(DEFAULT_LOCALE)).catch(() => undefined);
    notifications.notify('error', createTranslator(locale)('errors.generic'));
  }
}
