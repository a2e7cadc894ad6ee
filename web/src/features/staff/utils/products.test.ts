import { describe, expect, it } from 'vitest';

import type { ProductEditor, ProductTexts } from '@/types/api';

import {
  emptyProductForm,
  formFields,
  makeSlug,
  missingLanguages,
  productForm,
  refusedField,
  taxonOptions,
  toNewProduct,
  toProductChange,
  type ProductForm,
} from './products';

const texts = (name: string, slug: string, extra: Partial<ProductTexts> = {}): ProductTexts => ({
  name,
  slug,
  description: '',
  metaTitle: '',
  metaDescription: '',
  ...extra,
});

const editor = (extra: Partial<ProductEditor> = {}): ProductEditor => ({
  code: 'TR_HOT_STONES',
  type: 'treatment',
  published: true,
  translations: {
    pl: texts('Masaż gorącymi kamieniami', 'masaz-goracymi-kamieniami', { description: 'Rozgrzewa.' }),
    de: null,
    en_GB: texts('Hot stone massage', 'hot-stone-massage'),
  },
  price: 25000,
  originalPrice: null,
  stock: null,
  durationMinutes: 60,
  ageRestriction: false,
  availableFrom: null,
  availableTo: null,
  promotionFrom: null,
  promotionTo: null,
  mainTaxon: 'massages',
  taxons: ['water-and-sauna'],
  related: ['TR_SAUNA'],
  voucherValues: null,
  package: null,
  images: [],
  updatedAt: null,
  updatedBy: '',
  ...extra,
});

describe('a slug made from a name', () => {
  it.each([
    ['Masaż gorącymi kamieniami', 'masaz-goracymi-kamieniami'],
    ['Zażółć gęślą jaźń', 'zazolc-gesla-jazn'],
    ['ŁÓDŹ Śnieżka', 'lodz-sniezka'],
    ['Heiße Steine für Füße & Rücken', 'heisse-steine-fur-fusse-rucken'],
    ['  Day SPA – 3 h!  ', 'day-spa-3-h'],
    ['Crème brûlée', 'creme-brulee'],
    ['!!!', ''],
  ])('%s -> %s', (name, slug) => {
    expect(makeSlug(name)).toBe(slug);
  });

  it('stays within 120 characters, never ending in a hyphen', () => {
    const slug = makeSlug(`${'a'.repeat(119)} bcd`);
    expect(slug).toBe('a'.repeat(119));
    expect(makeSlug('słowo '.repeat(40)).length).toBeLessThanOrEqual(120);
    expect(makeSlug('słowo '.repeat(40))).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('an offer’s form', () => {
  it('is the server’s offer, amounts as the page’s language writes them', () => {
    const form = productForm(editor({ originalPrice: 30000, stock: 0 }), 'pl');
    expect(form.price).toBe('250,00');
    expect(form.originalPrice).toBe('300,00');
    expect(form.stock).toBe('0');
    expect(form.durationMinutes).toBe('60');
    expect(form.texts.de).toEqual(texts('', ''));
    expect(productForm(editor(), 'en_GB').price).toBe('250.00');
    expect(missingLanguages(form)).toEqual(['de']);
  });

  it('becomes the PUT’s body in grosze, a language without texts as null', () => {
    const form: ProductForm = { ...productForm(editor(), 'pl'), price: '199,99', originalPrice: ' 250 ' };
    form.texts.en_GB = { ...form.texts.en_GB, name: ' Hot stone massage ', metaTitle: 'Hot stones' };
    expect(toProductChange(form)).toEqual({
      change: {
        published: true,
        translations: {
          pl: texts('Masaż gorącymi kamieniami', 'masaz-goracymi-kamieniami', { description: 'Rozgrzewa.' }),
          de: null,
          en_GB: texts('Hot stone massage', 'hot-stone-massage', { metaTitle: 'Hot stones' }),
        },
        price: 19999,
        originalPrice: 25000,
        stock: null,
        durationMinutes: 60,
        ageRestriction: false,
        availableFrom: null,
        availableTo: null,
        promotionFrom: null,
        promotionTo: null,
        taxons: ['water-and-sauna'],
        related: ['TR_SAUNA'],
      },
    });
  });

  it('sends a voucher’s price options in grosze, lowest first, and no other offer’s', () => {
    const voucher = productForm(editor({ type: 'voucher', durationMinutes: null, voucherValues: [10000, 25050] }), 'pl');
    expect(voucher.voucherValues).toEqual(['100,00', '250,50']);
    const change = (values: string[]) => toProductChange({ ...voucher, voucherValues: values });
    expect(change(['100', '250,50', ' '])).toMatchObject({ change: { voucherValues: [10000, 25050] } });
    expect(change(['250', '100'])).toEqual({ problems: { voucherValues: 'voucherValues' } });
    expect(change(['100', '100'])).toEqual({ problems: { voucherValues: 'voucherValues' } });
    expect(change(['0,50'])).toEqual({ problems: { voucherValues: 'voucherValues' } });
    expect(change(['', ' '])).toEqual({ problems: { voucherValues: 'voucherCount' } });
    expect(change(Array.from({ length: 11 }, (_, i) => String(i + 1)))).toEqual({ problems: { voucherValues: 'voucherCount' } });
    expect(toProductChange(productForm(editor(), 'pl'))).not.toHaveProperty('change.voucherValues');
  });

  it('names every field the server would refuse', () => {
    const form: ProductForm = {
      ...productForm(editor(), 'pl'),
      price: '0',
      originalPrice: 'dużo',
      durationMinutes: '601',
      availableFrom: '2027-07-10',
      availableTo: '2027-07-09',
    };
    form.texts.pl = { ...form.texts.pl, name: '  ', slug: 'Masaż', metaTitle: 'x'.repeat(71) };
    form.texts.de = { ...form.texts.de, description: 'Nur eine Beschreibung.' };
    expect(toProductChange(form)).toEqual({
      problems: {
        'translations.pl.name': 'required',
        'translations.pl.slug': 'slug',
        'translations.pl.metaTitle': 'tooLong',
        'translations.de.name': 'required',
        'translations.de.slug': 'required',
        price: 'price',
        originalPrice: 'originalPrice',
        durationMinutes: 'duration',
        availableTo: 'dateOrder',
      },
    });
  });

  it('takes a promotion’s earlier price only above the price', () => {
    const form = { ...productForm(editor(), 'pl'), originalPrice: '250' };
    expect(toProductChange(form)).toEqual({ problems: { originalPrice: 'notAbovePrice' } });
    expect(toProductChange({ ...form, price: '1000000,01' })).toEqual({ problems: { price: 'price' } });
  });

  it('runs a promotion between its days, in order, and only with an earlier price', () => {
    const form = { ...productForm(editor({ price: 20000, originalPrice: 25000 }), 'pl'), promotionFrom: '2027-07-01', promotionTo: '2027-07-31' };
    expect(toProductChange(form)).toMatchObject({ change: { originalPrice: 25000, promotionFrom: '2027-07-01', promotionTo: '2027-07-31' } });
    expect(toProductChange({ ...form, promotionFrom: '', promotionTo: ' ' })).toMatchObject({ change: { promotionFrom: null, promotionTo: null } });
    expect(toProductChange({ ...form, promotionTo: '2027-06-30' })).toEqual({ problems: { promotionTo: 'dateOrder' } });
    expect(toProductChange({ ...form, originalPrice: '' })).toEqual({ problems: { promotionFrom: 'noPromotion', promotionTo: 'noPromotion' } });
  });

  it('counts stock for goods only, and asks a duration of treatments only', () => {
    const product = productForm(editor({ type: 'product', durationMinutes: null, stock: 3 }), 'pl');
    expect(formFields(product, false)).toContain('stock');
    expect(formFields(product, false)).not.toContain('durationMinutes');
    expect(toProductChange({ ...product, stock: '0' })).toMatchObject({ change: { stock: 0, durationMinutes: null } });
    expect(toProductChange({ ...product, stock: '' })).toMatchObject({ change: { stock: null } });
    expect(toProductChange({ ...product, stock: '1000001' })).toEqual({ problems: { stock: 'stock' } });

    // A day spa with a duration keeps its field; empty, it has none.
    const daySpa = productForm(editor({ type: 'day_spa', durationMinutes: 180 }), 'pl');
    expect(formFields(daySpa, false)).toContain('durationMinutes');
    expect(formFields(daySpa, false)).not.toContain('stock');
    expect(toProductChange({ ...daySpa, durationMinutes: '' })).toMatchObject({ change: { durationMinutes: null } });
    expect(toProductChange({ ...productForm(editor(), 'pl'), durationMinutes: '' })).toEqual({ problems: { durationMinutes: 'duration' } });
  });

  it('becomes a new offer’s POST body, its code in capitals', () => {
    const form: ProductForm = { ...emptyProductForm(), code: ' tr_new ', type: 'product', mainTaxon: 'cosmetics', price: '89', stock: '12' };
    form.texts.pl = { ...form.texts.pl, name: 'Olejek', slug: 'olejek' };
    expect(toNewProduct(form)).toEqual({
      product: {
        code: 'TR_NEW',
        type: 'product',
        mainTaxon: 'cosmetics',
        published: false,
        translations: { pl: texts('Olejek', 'olejek'), de: null, en_GB: null },
        price: 8900,
        originalPrice: null,
        stock: 12,
        durationMinutes: null,
        ageRestriction: false,
        availableFrom: null,
        availableTo: null,
        promotionFrom: null,
        promotionTo: null,
        taxons: [],
        related: [],
      },
    });
    expect(toNewProduct({ ...form, code: 'T1', mainTaxon: '' })).toEqual({ problems: { code: 'code', mainTaxon: 'required' } });
    expect(toNewProduct({ ...form, type: 'voucher' })).toEqual({ problems: { type: 'required' } });
    expect(toNewProduct({ ...emptyProductForm(), mainTaxon: 'massages' })).toEqual({
      problems: {
        code: 'required',
        'translations.pl.name': 'required',
        'translations.pl.slug': 'required',
        price: 'price',
        durationMinutes: 'duration',
      },
    });
  });
});

describe('the categories to choose from', () => {
  it('follow the tree’s order, a nested one after its parent, named with it', () => {
    const tree = [
      { code: 'products', name: 'Produkty', slug: 'produkty', position: 2, children: [] },
      {
        code: 'treatments',
        name: 'Zabiegi',
        slug: 'zabiegi',
        position: 1,
        children: [
          { code: 'body', name: 'Na ciało', slug: 'na-cialo', position: 2, children: [] },
          { code: 'massages', name: 'Masaże', slug: 'masaze', position: 1, children: [] },
        ],
      },
    ];
    expect(taxonOptions(tree)).toEqual([
      { code: 'treatments', label: 'Zabiegi' },
      { code: 'massages', label: 'Zabiegi › Masaże' },
      { code: 'body', label: 'Zabiegi › Na ciało' },
      { code: 'products', label: 'Produkty' },
    ]);
  });
});

describe('a refusal naming a place in a list', () => {
  it('lands on the list', () => {
    expect(refusedField('related[2]')).toBe('related');
    expect(refusedField('voucherValues[0]')).toBe('voucherValues');
    expect(refusedField('translations.de.slug')).toBe('translations.de.slug');
  });
});
