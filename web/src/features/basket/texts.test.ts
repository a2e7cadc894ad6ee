import { describe, expect, it } from 'vitest';

import core from '@/locales/app/pl.json';
import shop from '@/locales/shop/pl.json';

// The basket's code runs on the shop's pages (and the reservation search),
// which load the core and shop parts of the dictionary: a key of another
// part would show as the key itself there.
const sources = import.meta.glob<string>('/src/features/basket/**/*.tsx', { query: '?raw', import: 'default', eager: true });

describe('the basket’s texts', () => {
  it('are all in the parts its pages load', () => {
    const loaded = new Set([...Object.keys(core), ...Object.keys(shop)]);
    const missing = Object.entries(sources)
      .filter(([file]) => !file.endsWith('.test.tsx'))
      .flatMap(([file, text]) => [...text.matchAll(/\bt\('([\w.]+)'/g)].map((match) => `${file}: ${match[1]}`))
      .filter((use) => !loaded.has(use.split(': ')[1] ?? ''));
    expect(Object.keys(sources).length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});
