import { createContext, use, useMemo, type ReactNode } from 'react';

import type { MessageValues } from './format-message';
import { formatDate, formatMoney } from './format';
import { toLanguageTag, type Locale } from './locale';
import type { MessageKey } from './messages';
import { createTranslator, type Translate } from './translate';

export type I18n = {
  locale: Locale;
  /** BCP 47 tag of the locale ("en-GB"), for lang attributes and Intl. */
  languageTag: string;
  t: Translate;
  formatMoney: (minorUnits: number, currency: string) => string;
  formatDate: (value: Date | string) => string;
};

const I18nContext = createContext<I18n | null>(null);

export function createI18n(locale: Locale): I18n {
  return {
    locale,
    languageTag: toLanguageTag(locale),
    t: createTranslator(locale),
    formatMoney: (minorUnits, currency) => formatMoney(minorUnits, currency, locale),
    formatDate,
  };
}

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => createI18n(locale), [locale]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const i18n = use(I18nContext);
  // A developer's mistake only: the message stays short, as every guest loads it.
  if (!i18n) throw new Error('no I18nProvider');
  return i18n;
}

export function useLocale(): Locale {
  return useI18n().locale;
}

export type { MessageKey, MessageValues };
