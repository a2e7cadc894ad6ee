import { describe, expect, it, vi } from 'vitest';

import type { Dictionaries } from './messages';
import { createTranslator } from './translate';

describe('createTranslator', () => {
  it('translates with the bundled dictionaries and Polish plurals', () => {
    const t = createTranslator('pl');
    expect(t('catalog.treatments.count', { count: 1 })).toBe('1 zabieg');
    expect(t('catalog.treatments.count', { count: 2 })).toBe('2 zabiegi');
    expect(t('catalog.treatments.count', { count: 5 })).toBe('5 zabiegów');
  });

  it('uses each language for its own dictionary', () => {
    expect(createTranslator('de')('catalog.treatments.count', { count: 2 })).toBe('2 Behandlungen');
    expect(createTranslator('en_GB')('catalog.treatments.count', { count: 1 })).toBe('1 treatment');
  });

  it('falls back to Polish when a key is missing in the locale', () => {
    const dictionaries: Dictionaries = {
      pl: { 'nav.home': 'Strona główna', 'catalog.treatments.count': '{count, plural, one {# zabieg} few {# zabiegi} many {# zabiegów} other {# zabiegu}}' },
      de: { 'nav.home': 'Startseite' },
      en_GB: {},
    };
    expect(createTranslator('de', dictionaries)('nav.home')).toBe('Startseite');
    expect(createTranslator('en_GB', dictionaries)('nav.home')).toBe('Strona główna');
    // The Polish fallback keeps Polish plural forms.
    expect(createTranslator('en_GB', dictionaries)('catalog.treatments.count', { count: 5 })).toBe(
      '5 zabiegów',
    );
  });

  it('shows the key when no dictionary has it', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = createTranslator('de', { pl: {}, de: {}, en_GB: {} });
    expect(t('nav.home')).toBe('nav.home');
  });
});
