import { beforeAll, describe, expect, it } from 'vitest';

import accountPl from '@/locales/account/pl.json';
import pl from '@/locales/app/pl.json';
import checkoutDe from '@/locales/checkout/de.json';
import checkoutEn from '@/locales/checkout/en_GB.json';
import checkoutPl from '@/locales/checkout/pl.json';
import contentDe from '@/locales/content/de.json';
import contentEn from '@/locales/content/en_GB.json';
import contentPl from '@/locales/content/pl.json';
import editorDe from '@/locales/editor/de.json';
import editorEn from '@/locales/editor/en_GB.json';
import editorPl from '@/locales/editor/pl.json';
import shopPl from '@/locales/shop/pl.json';
import siteDe from '@/locales/site/de.json';
import siteEn from '@/locales/site/en_GB.json';
import sitePl from '@/locales/site/pl.json';
import staffDe from '@/locales/staff/de.json';
import staffEn from '@/locales/staff/en_GB.json';
import staffPl from '@/locales/staff/pl.json';

import { formatMessage } from './format-message';
import { LOCALES, toLanguageTag } from './locale';
import { dictionaries, isDictionaryLoaded, loadDictionary } from './messages';

describe('locale dictionaries', () => {
  beforeAll(() =>
    Promise.all(
      LOCALES.flatMap((locale) => [
        loadDictionary(locale),
        loadDictionary(locale, 'shop'),
        loadDictionary(locale, 'account'),
        loadDictionary(locale, 'checkout'),
        loadDictionary(locale, 'site'),
        loadDictionary(locale, 'content'),
        loadDictionary(locale, 'editor'),
        loadDictionary(locale, 'staff'),
      ]),
    ),
  );

  // The gateway's German texts are held to the same words (gateway/src/i18n.rs).
  it('speaks to German guests in one word for the extra bed and names the VAT number as they know it', () => {
    const german = Object.values(dictionaries.de).join('\n');
    expect(german).toContain('Zustellbett');
    expect(german).not.toMatch(/Zusatzbett|Steuernummer/);
    expect(dictionaries.de['checkout.field.vatNumber']).toBe('USt-IdNr./NIP');
  });

  it('loads each dictionary on demand, once', async () => {
    await loadDictionary('de');
    const german = dictionaries.de;
    await loadDictionary('de');
    expect(dictionaries.de).toBe(german);
    expect(dictionaries.pl['nav.home']).toBe('Strona główna');
    expect(dictionaries.de['nav.home']).toBe('Startseite');
    expect(dictionaries.en_GB['nav.home']).toBe('Home');
  });

  it('merges the shop and account parts into their language; the parts share no key', () => {
    expect(isDictionaryLoaded('en_GB', 'shop')).toBe(true);
    expect(isDictionaryLoaded('de', 'account')).toBe(true);
    expect(dictionaries.en_GB['basket.added']).toBe('Added to basket');
    expect(dictionaries.de['account.login.success']).toBe('Angemeldet');
    expect(dictionaries.en_GB['nav.home']).toBe('Home');
    expect(Object.keys(shopPl).filter((key) => key in pl)).toEqual([]);
    expect(Object.keys(accountPl).filter((key) => key in pl || key in shopPl)).toEqual([]);
  });

  it('merges the checkout part into its language; it shares no key with the others', () => {
    expect(isDictionaryLoaded('de', 'checkout')).toBe(true);
    expect(dictionaries.en_GB['basket.added']).toBe('Added to basket');
    expect(dictionaries.de['checkout.payment.submit']).toBe('Bezahlen und abschließen');
    expect(dictionaries.en_GB['nav.home']).toBe('Home');
    expect(Object.keys(shopPl).filter((key) => key in pl)).toEqual([]);
    expect(Object.keys(checkoutPl).filter((key) => key in pl || key in shopPl || key in accountPl)).toEqual([]);
  });

  it.each([
    ['de', checkoutDe],
    ['en_GB', checkoutEn],
  ])('the checkout part in %s has exactly the keys of the Polish checkout part', (_locale, part) => {
    expect(Object.keys(part).sort()).toEqual(Object.keys(checkoutPl).sort());
  });

  it('merges the site part into its language; it shares no key with the others', () => {
    expect(isDictionaryLoaded('en_GB', 'site')).toBe(true);
    expect(dictionaries.en_GB['banner.next']).toBe('Next slide');
    expect(dictionaries.de['newsletter.exists']).toBe('Diese Adresse existiert bereits.');
    expect(
      Object.keys(sitePl).filter((key) => key in pl || key in shopPl || key in accountPl || key in checkoutPl),
    ).toEqual([]);
  });

  it.each([
    ['de', siteDe],
    ['en_GB', siteEn],
  ])('the site part in %s has exactly the keys of the Polish site part', (_locale, part) => {
    expect(Object.keys(part).sort()).toEqual(Object.keys(sitePl).sort());
  });

  it('merges the content and editor parts into their language; they share no key with the others', () => {
    expect(isDictionaryLoaded('de', 'content')).toBe(true);
    expect(isDictionaryLoaded('en_GB', 'editor')).toBe(true);
    expect(dictionaries.de['content.editMode.toggle']).toBe('Bearbeitungsmodus');
    expect(dictionaries.en_GB['editor.save']).toBe('Save');
    const others = [pl, shopPl, accountPl, checkoutPl];
    expect(Object.keys(contentPl).filter((key) => others.some((part) => key in part))).toEqual([]);
    expect(Object.keys(editorPl).filter((key) => [...others, contentPl].some((part) => key in part))).toEqual([]);
  });

  it.each([
    ['de', contentDe, editorDe],
    ['en_GB', contentEn, editorEn],
  ])('the content and editor parts in %s have exactly the keys of the Polish ones', (_locale, content, editor) => {
    expect(Object.keys(content).sort()).toEqual(Object.keys(contentPl).sort());
    expect(Object.keys(editor).sort()).toEqual(Object.keys(editorPl).sort());
  });

  it('merges the staff part into its language; it shares no key with the others', () => {
    expect(isDictionaryLoaded('de', 'staff')).toBe(true);
    expect(dictionaries.en_GB['staff.money.submit']).toBe('Record the payment');
    const others = [pl, shopPl, accountPl, checkoutPl, sitePl, contentPl, editorPl];
    expect(Object.keys(staffPl).filter((key) => others.some((part) => key in part))).toEqual([]);
  });

  it.each([
    ['de', staffDe],
    ['en_GB', staffEn],
  ])('the staff part in %s has exactly the keys of the Polish one', (_locale, part) => {
    expect(Object.keys(part).sort()).toEqual(Object.keys(staffPl).sort());
  });

  const polishKeys = () => Object.keys(dictionaries.pl).sort();

  it.each(LOCALES)('%s has exactly the Polish key set', (locale) => {
    expect(polishKeys().length).toBeGreaterThan(100);
    expect(Object.keys(dictionaries[locale]).sort()).toEqual(polishKeys());
  });

  it.each(LOCALES)('%s has no empty messages and every message parses', (locale) => {
    for (const [key, message] of Object.entries(dictionaries[locale])) {
      expect(message, key).toBeTruthy();
      expect(() => formatMessage(message ?? '', { count: 2 }, toLanguageTag(locale)), key).not.toThrow();
    }
  });
});
