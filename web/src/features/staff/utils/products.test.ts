import { describe, expect, it } from 'vitest';

import type { IncludedTreatment, ProductEditor, ProductTexts } from '@/types/api';

import {
  emptyProductForm,
  formFields,
  makeSlug,
  missingLanguages,
  NEW_PRODUCT_TYPES,
  productForm,
  refusedField,
  taxonOptions,
  toNewProduct,
  toProductChange,
  type PackageForm,
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
    expect(toNewProduct({ ...form, type: 'room' })).toEqual({ problems: { type: 'required' } });
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

const included = (code: string, extra: Partial<IncludedTreatment> = {}): IncludedTreatment => ({
  code,
  quantity: 1,
  minQuantity: 1,
  maxQuantity: 2,
  free: false,
  deletable: false,
  replaceable: true,
  deletePermanently: false,
  ...extra,
});

const weekend = () =>
  editor({
    code: 'PK_WEEKEND',
    type: 'package',
    durationMinutes: null,
    related: [],
    package: {
      nights: 2,
      included: [included('TR_HOT_STONES', { deletable: true, deletePermanently: true }), included('TR_SAUNA', { quantity: 2, maxQuantity: 4, free: true, replaceable: false })],
      suggested: ['TR_FACIAL'],
      minTreatments: 1,
    },
  });

describe('a package’s stay and treatments', () => {
  it('are typed as text, numbers and all; other offers have none', () => {
    const form = productForm(weekend(), 'pl');
    expect(form.package).toEqual({
      nights: '2',
      included: [
        { code: 'TR_HOT_STONES', quantity: '1', minQuantity: '1', maxQuantity: '2', free: false, deletable: true, replaceable: true, deletePermanently: true },
        { code: 'TR_SAUNA', quantity: '2', minQuantity: '1', maxQuantity: '4', free: true, deletable: false, replaceable: false, deletePermanently: false },
      ],
      suggested: ['TR_FACIAL'],
      minTreatments: '1',
    });
    expect(formFields(form, false)).toEqual(expect.arrayContaining(['package.nights', 'package.included', 'package.suggested', 'package.minTreatments']));
    const treatment = productForm(editor(), 'pl');
    expect(treatment.package).toEqual({ nights: '', included: [], suggested: [], minTreatments: '0' });
    expect(formFields(treatment, false).filter((field) => field.startsWith('package'))).toEqual([]);
  });

  it('are sent with a package, in numbers, and left out for another offer', () => {
    const form = productForm(weekend(), 'pl');
    form.package = { ...form.package, nights: ' 0 ', minTreatments: '2' };
    expect(toProductChange(form)).toMatchObject({
      change: { durationMinutes: null, package: { ...weekend().package, nights: 0, minTreatments: 2 } },
    });
    expect(toProductChange(productForm(editor(), 'pl'))).not.toHaveProperty('change.package');
    // Typed and then given another type while created, they stay behind.
    expect(toProductChange({ ...form, type: 'day_spa' })).not.toHaveProperty('change.package');
  });

  it('are checked as the server checks them', () => {
    const form = productForm(weekend(), 'pl');
    const check = (setup: Partial<PackageForm>) => toProductChange({ ...form, package: { ...form.package, ...setup } });
    const row = (quantity: string, minQuantity: string, maxQuantity: string) => [{ ...form.package.included[0]!, quantity, minQuantity, maxQuantity }];
    for (const nights of ['15', '-1', '1,5', '', 'dwie']) expect(check({ nights })).toEqual({ problems: { 'package.nights': 'nights' } });
    expect(check({ nights: '14' })).toHaveProperty('change');
    expect(check({ included: [], minTreatments: '0' })).toEqual({ problems: { 'package.included': 'packageEmpty' } });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...form.package.included[0]!, code: `TR_${i}` }));
    expect(check({ included: eleven, suggested: [] })).toEqual({ problems: { 'package.included': 'packageEmpty' } });
    expect(check({ included: eleven.slice(1), suggested: [] })).toHaveProperty('change');
    for (const [quantity, min, max] of [
      ['2', '3', '4'],
      ['2', '2', '1'],
      ['0', '0', '1'],
      ['1', '1', '11'],
      ['1', '', '2'],
      ['1.5', '1', '2'],
    ] as const) {
      expect(check({ included: row(quantity, min, max), minTreatments: '1' })).toEqual({ problems: { 'package.included': 'packageQuantities' } });
    }
    expect(check({ included: row('10', '1', '10'), minTreatments: '1' })).toMatchObject({ change: { package: { included: [{ quantity: 10, minQuantity: 1, maxQuantity: 10 }] } } });
    expect(check({ suggested: ['TR_SAUNA'] })).toEqual({ problems: { 'package.suggested': 'suggested' } });
    expect(check({ suggested: Array.from({ length: 11 }, (_, i) => `TR_OTHER_${i}`) })).toEqual({ problems: { 'package.suggested': 'suggested' } });
    for (const minTreatments of ['3', '', '-1']) expect(check({ minTreatments })).toEqual({ problems: { 'package.minTreatments': 'minTreatments' } });
  });

  it('are a new package’s; a new gift voucher comes with its price options', () => {
    expect(NEW_PRODUCT_TYPES).toEqual(['package', 'treatment', 'day_spa', 'product', 'voucher']);
    const form: ProductForm = { ...emptyProductForm(), code: 'pk_new', type: 'package', mainTaxon: 'packages', price: '990' };
    form.texts.pl = { ...form.texts.pl, name: 'Weekend', slug: 'weekend' };
    expect(toNewProduct(form)).toEqual({ problems: { 'package.nights': 'nights', 'package.included': 'packageEmpty' } });
    form.package = { ...form.package, nights: '2', included: [{ ...productForm(weekend(), 'pl').package.included[0]! }] };
    expect(toNewProduct(form)).toMatchObject({
      product: { code: 'PK_NEW', type: 'package', durationMinutes: null, package: { nights: 2, included: [included('TR_HOT_STONES', { deletable: true, deletePermanently: true })], suggested: [], minTreatments: 0 } },
    });
    expect(toNewProduct(form)).not.toHaveProperty('product.voucherValues');

    const voucher: ProductForm = { ...form, code: 'VC_NEW', type: 'voucher' };
    expect(toNewProduct(voucher)).toEqual({ problems: { voucherValues: 'voucherCount' } });
    expect(toNewProduct({ ...voucher, voucherValues: ['100', '200'] })).toMatchObject({ product: { type: 'voucher', voucherValues: [10000, 20000] } });
    expect(toNewProduct({ ...voucher, voucherValues: ['100', '200'] })).not.toHaveProperty('product.package');
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
    expect(refusedField('package.included[1].minQuantity')).toBe('package.included');
    expect(refusedField('package.included[0].code')).toBe('package.included');
    expect(refusedField('package.suggested[0]')).toBe('package.suggested');
    expect(refusedField('package.nights')).toBe('package.nights');
  });

  it('lands a package refused as a whole at its treatments', () => {
    expect(refusedField('package')).toBe('package.included');
  });
});
