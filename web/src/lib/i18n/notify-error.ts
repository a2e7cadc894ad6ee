/**
 * An error notification in the page language. The first requests and the
 * first page's code load alongside the page's dictionary: a failure before
 * it has arrived waits for it (or for Polish, should it fail), at most the
 * chunk timeout, instead of showing a message key.
 */
import { notifications } from '@/lib/notifications';
import { withTimeout } from '@/lib/with-timeout';

import { DEFAULT_LOCALE, type Locale } from './locale';
import { isDictionaryLoaded, loadDictionary } from './messages';
import { createTranslator, type Translate } from './translate';

export function notifyError(locale: Locale, message: (t: Translate) => string): void {
  const show = () => {
    notifications.notify('error', message(createTranslator(locale)));
  };
  if (isDictionaryLoaded(locale) || isDictionaryLoaded(DEFAULT_LOCALE)) {
    show();
    return;
  }
  void withTimeout(() => loadDictionary(locale))
    .catch(() => withTimeout(() => loadDictionary(DEFAULT_LOCALE)))
    .catch(() => undefined)
    .then(show);
}
