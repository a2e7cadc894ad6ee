import { formatMessage, type MessageValues } from './format-message';
import { DEFAULT_LOCALE, toLanguageTag, type Locale } from './locale';
import { dictionaries as bundledDictionaries, type Dictionaries, type MessageKey } from './messages';

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * Returns `t(key, values)` for a locale. A key missing in the locale's
 * dictionary falls back to Polish; a key missing everywhere renders as itself
 * (and is reported in development) so a gap is visible, never blank.
 */
export function createTranslator(
  locale: Locale,
  dictionaries: Dictionaries = bundledDictionaries,
): Translate {
  const languageTag = toLanguageTag(locale);
  return (key, values) => {
    const own = dictionaries[locale][key];
    const message = own ?? dictionaries[DEFAULT_LOCALE][key];
    if (message === undefined) {
      if (import.meta.env.DEV) console.warn(`[i18n] missing message "${key}"`);
      return key;
    }
    // A fallback message is formatted with Polish rules: its plural branches are Polish.
    return formatMessage(message, values, own === undefined ? toLanguageTag(DEFAULT_LOCALE) : languageTag);
  };
}
