import type pl from '@/locales/pl.json';

import type { Locale } from './locale';

/** Polish is the reference dictionary: its keys are the message keys. */
export type MessageKey = keyof typeof pl;

export type Dictionary = Partial<Record<string, string>>;

export type Dictionaries = Record<Locale, Dictionary>;

/**
 * The dictionaries in use. Each is a chunk of its own, which
 * `loadDictionary` fetches once: a page downloads only its own language
 * (the first page load stays within its JavaScript budget). A dictionary
 * not loaded yet is empty. All three have the same keys (a test fails the
 * build otherwise), so a German or English page needs no Polish; the Polish
 * fallback applies wherever Polish is loaded.
 */
export const dictionaries: Dictionaries = { pl: {}, de: {}, en_GB: {} };

const loaders: Record<Locale, () => Promise<{ default: Dictionary }>> = {
  pl: () => import('@/locales/pl.json'),
  de: () => import('@/locales/de.json'),
  en_GB: () => import('@/locales/en_GB.json'),
};

const loading = new Map<Locale, Promise<void>>();

export const isDictionaryLoaded = (locale: Locale): boolean => Object.keys(dictionaries[locale]).length > 0;

/** Makes a locale's dictionary available to `createTranslator` (fetched once). */
export function loadDictionary(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = loaders[locale]().then(
      ({ default: dictionary }) => {
        dictionaries[locale] = dictionary;
      },
      (error: unknown) => {
        // Another try may succeed.
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}
