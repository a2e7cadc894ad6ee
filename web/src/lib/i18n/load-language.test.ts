import { describe, expect, it, vi } from 'vitest';

import { notifications } from '@/lib/notifications';

import { loadLanguage } from './load-language';
import { dictionaries, isDictionaryLoaded } from './messages';
import { createTranslator } from './translate';

// The English dictionary's chunk cannot be loaded.
vi.mock('@/locales/app/en_GB.json', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

describe('loadLanguage', () => {
  it("loads the page's own dictionary", async () => {
    await loadLanguage('de');
    expect(createTranslator('de')('nav.home')).toBe('Startseite');
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('falls back to Polish with the generic notification when the dictionary does not come', async () => {
    await loadLanguage('en_GB');
    expect(isDictionaryLoaded('en_GB')).toBe(false);
    expect(dictionaries.en_GB['nav.home']).toBeUndefined();
    expect(createTranslator('en_GB')('nav.home')).toBe('Strona główna');
    expect(notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`)).toEqual([
      'error: Wystąpił nieoczekiwany błąd...',
    ]);
  });
});
