import { describe, expect, it } from 'vitest';

import { formatMessage } from './format-message';
import { LOCALES, toLanguageTag } from './locale';
import { dictionaries } from './messages';

describe('locale dictionaries', () => {
  const polishKeys = Object.keys(dictionaries.pl).sort();

  it.each(LOCALES)('%s has exactly the Polish key set', (locale) => {
    expect(Object.keys(dictionaries[locale]).sort()).toEqual(polishKeys);
  });

  it.each(LOCALES)('%s has no empty messages and every message parses', (locale) => {
    for (const [key, message] of Object.entries(dictionaries[locale])) {
      expect(message, key).toBeTruthy();
      expect(() => formatMessage(message ?? '', { count: 2 }, toLanguageTag(locale)), key).not.toThrow();
    }
  });
});
