import { describe, expect, it } from 'vitest';

import { getDocumentLocale, localeFromLanguageTag, toLanguageTag } from './locale';

describe('locale', () => {
  it.each([
    ['pl', 'pl'],
    ['de', 'de'],
    ['de-AT', 'de'],
    ['en-GB', 'en_GB'],
    ['en', 'en_GB'],
    ['en_GB', 'en_GB'],
    ['', 'pl'],
    [undefined, 'pl'],
    ['fr', 'pl'],
  ])('maps <html lang="%s"> to %s', (tag, locale) => {
    expect(localeFromLanguageTag(tag)).toBe(locale);
  });

  it('reads the page language', () => {
    document.documentElement.lang = 'en-GB';
    expect(getDocumentLocale()).toBe('en_GB');
  });

  it('gives BCP 47 tags back', () => {
    expect(toLanguageTag('en_GB')).toBe('en-GB');
    expect(toLanguageTag('pl')).toBe('pl');
  });
});
