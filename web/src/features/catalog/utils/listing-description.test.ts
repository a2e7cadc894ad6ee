import { describe, expect, it } from 'vitest';

import { createTranslator } from '@/lib/i18n/translate';
import { taxon } from '@/testing/mocks/fixtures';

import { listingDescription } from './listing-description';

describe('listingDescription', () => {
  it('names the categories after the lead, in the page language', () => {
    const tree = taxon('treatments', 'Zabiegi', [
      ['massages', 'Masaże'],
      ['body-treatments', 'Zabiegi na ciało'],
      ['facials', 'Zabiegi na twarz'],
    ]);
    expect(listingDescription('Masaże i rytuały.', tree, 'pl', createTranslator('pl'))).toBe(
      'Masaże i rytuały. Kategorie: Masaże, Zabiegi na ciało i Zabiegi na twarz.',
    );
  });

  it('says it in German and English too', () => {
    const tree = taxon('treatments', 'Treatments', [
      ['massages', 'Massages'],
      ['facials', 'Facials'],
    ]);
    expect(listingDescription('Lead.', tree, 'de', createTranslator('de'))).toBe('Lead. Kategorien: Massages und Facials.');
    expect(listingDescription('Lead.', tree, 'en_GB', createTranslator('en_GB'))).toBe('Lead. Categories: Massages and Facials.');
  });

  it('is the lead alone without categories, or while they load', () => {
    const t = createTranslator('pl');
    expect(listingDescription('Lead.', taxon('vouchers', 'Vouchery'), 'pl', t)).toBe('Lead.');
    expect(listingDescription('Lead.', undefined, 'pl', t)).toBe('Lead.');
  });
});
