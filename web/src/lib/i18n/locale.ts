/**
 * The three shop locales. The codes are the ones the shop API expects in its
 * `locale` query parameter; the page language (<html lang>) uses BCP 47 tags.
 */
export const LOCALES = ['pl', 'de', 'en_GB'] as const;

export type Locale = (typeof LOCALES)[number];

/** Polish is the default and the fallback for missing translations. */
export const DEFAULT_LOCALE: Locale = 'pl';

const LANGUAGE_TAGS: Record<Locale, string> = {
  pl: 'pl',
  de: 'de',
  en_GB: 'en-GB',
};

/** The BCP 47 tag for <html lang> and for Intl formatters. */
export function toLanguageTag(locale: Locale): string {
  return LANGUAGE_TAGS[locale];
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Maps a page language attribute ("pl", "de", "de-AT", "en-GB", "en", "en_GB")
 * to a shop locale. Anything unknown or empty means Polish.
 */
export function localeFromLanguageTag(tag: string | null | undefined): Locale {
  const primary = (tag ?? '').trim().toLowerCase().replace('_', '-').split('-')[0];
  switch (primary) {
    case 'de':
      return 'de';
    case 'en':
      return 'en_GB';
    default:
      return DEFAULT_LOCALE;
  }
}

/**
 * The locale of this page load, as decided by the gateway (the `/en` prefix or
 * the host) and written into <html lang>. It does not change without a reload.
 */
export function getDocumentLocale(doc: Document = document): Locale {
  return localeFromLanguageTag(doc.documentElement.lang);
}
