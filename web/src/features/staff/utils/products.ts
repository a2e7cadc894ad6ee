/**
 * An offer's form as the back office types it (`/backend/products`),
 * checked the way the gateway checks it, and turned into the PUT's or the
 * POST's body; the slug made from a name, the categories to choose from.
 * A package's stay and treatments, a gift voucher's price options are parts of it.
 */
import type { Locale } from '@/lib/i18n/locale';
import type { IncludedTreatment, NewProduct, PackageSetup, ProductChange, ProductEditor, ProductTexts, Taxon } from '@/types/api';
import { isIsoDate } from '@/utils/calendar-date';

import { parseZloty, zlotyInput } from './amount';

/** The offers' types, as the list filters them. */
export const PRODUCT_TYPES = ['package', 'treatment', 'day_spa', 'product', 'voucher', 'room'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const isProductType = (type: string): type is ProductType => (PRODUCT_TYPES as readonly string[]).includes(type);

/** The types the back office creates; rooms come with their own setup. */
export const NEW_PRODUCT_TYPES = ['package', 'treatment', 'day_spa', 'product', 'voucher'] as const satisfies readonly NewProduct['type'][];
export type NewProductType = (typeof NEW_PRODUCT_TYPES)[number];
const isNewProductType = (type: string): type is NewProductType => (NEW_PRODUCT_TYPES as readonly string[]).includes(type);

/** The languages of an offer's texts: Polish always, the others optional. */
export const TEXT_LANGUAGES = ['pl', 'de', 'en_GB'] as const satisfies readonly Locale[];
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

export type TextKey = keyof ProductTexts;
export const TEXT_KEYS: readonly TextKey[] = ['name', 'slug', 'description', 'metaTitle', 'metaDescription'];

/** The most characters of each text (the server's limits). */
export const TEXT_LIMITS: Record<TextKey, number> = { name: 120, slug: 120, description: 5000, metaTitle: 70, metaDescription: 160 };

export const CODE_PATTERN = /^[A-Z][A-Z0-9_]{2,40}$/;
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Prices in grosze, both ends allowed: 1 to 1 000 000 zł. */
export const PRICE_LIMITS = { min: 100, max: 100_000_000 };
export const STOCK_MAX = 1_000_000;
export const DURATION_LIMITS = { min: 5, max: 600 };

export type TextsForm = Record<TextKey, string>;

/** An included treatment as typed: its quantities for one person, and what a guest may change of it. */
export type IncludedForm = Record<'quantity' | 'minQuantity' | 'maxQuantity', string> & Omit<IncludedTreatment, 'quantity' | 'minQuantity' | 'maxQuantity'>;

/** A package's stay and treatments as typed; other offers leave it empty. */
export type PackageForm = {
  nights: string;
  /** In the order guests see them. */
  included: IncludedForm[];
  /** Treatment codes, in their order. */
  suggested: string[];
  minTreatments: string;
};

/** The limits the server sets on a package. */
export const PACKAGE_LIMITS = { nights: 14, included: 10, suggested: 10, quantity: 10 };

/** The form's fields as typed. */
export type ProductForm = {
  /** The offer's type: its own when edited, the one chosen when created. */
  type: string;
  /** Typed only when created. */
  code: string;
  mainTaxon: string;
  published: boolean;
  texts: Record<TextLanguage, TextsForm>;
  price: string;
  /** The price before the promotion; empty: no promotion. */
  originalPrice: string;
  /** Empty: not counted. */
  stock: string;
  durationMinutes: string;
  /** The offer had a duration when read: its field stays whatever its type. */
  durationSet: boolean;
  ageRestriction: boolean;
  availableFrom: string;
  availableTo: string;
  /** The days the promotion runs between (inclusive); empty: open. */
  promotionFrom: string;
  promotionTo: string;
  /** The categories beside the main one (codes), in the tree's order. */
  taxons: string[];
  /** The offers shown with it (codes), in their order. */
  related: string[];
  /** A gift voucher's price options as typed (zł); other offers have none. */
  voucherValues: string[];
  package: PackageForm;
};

/** A field by the server's name of it, so that its refusals land where the page's checks do. */
export type ProductField =
  | 'code'
  | 'type'
  | 'mainTaxon'
  | `translations.${TextLanguage}.${TextKey}`
  | 'price'
  | 'originalPrice'
  | 'stock'
  | 'durationMinutes'
  | 'availableFrom'
  | 'availableTo'
  | 'promotionFrom'
  | 'promotionTo'
  | 'taxons'
  | 'related'
  | 'voucherValues'
  | PackageField;

export type PackageField = 'package.nights' | 'package.included' | 'package.suggested' | 'package.minTreatments';
export const PACKAGE_FIELDS: readonly PackageField[] = ['package.nights', 'package.included', 'package.suggested', 'package.minTreatments'];

export const textField = (language: TextLanguage, key: TextKey): ProductField => `translations.${language}.${key}`;

/** What is wrong with a field. */
export type Problem =
  | 'required'
  | 'tooLong'
  | 'code'
  | 'slug'
  | 'price'
  | 'originalPrice'
  | 'notAbovePrice'
  | 'stock'
  | 'duration'
  | 'date'
  | 'dateOrder'
  | 'noPromotion'
  | 'voucherValues'
  | 'voucherCount'
  | 'nights'
  | 'packageEmpty'
  | 'packageQuantities'
  | 'suggested'
  | 'minTreatments';
export type Problems = Partial<Record<ProductField, Problem>>;

const emptyTexts = (): TextsForm => ({ name: '', slug: '', description: '', metaTitle: '', metaDescription: '' });

// No one has to keep a treatment until told otherwise.
const emptyPackage = (): PackageForm => ({ nights: '', included: [], suggested: [], minTreatments: '0' });

/** A treatment just included: one for each person, a guest may take a second one (paid) or swap it. */
export const newIncluded = (code: string): IncludedForm => ({
  code,
  quantity: '1',
  minQuantity: '1',
  maxQuantity: '2',
  free: false,
  deletable: false,
  replaceable: true,
  deletePermanently: false,
});

const packageForm = (setup: PackageSetup | null): PackageForm =>
  setup
    ? {
        nights: String(setup.nights),
        included: setup.included.map((treatment) => ({
          ...treatment,
          quantity: String(treatment.quantity),
          minQuantity: String(treatment.minQuantity),
          maxQuantity: String(treatment.maxQuantity),
        })),
        suggested: [...setup.suggested],
        minTreatments: String(setup.minTreatments),
      }
    : emptyPackage();

export const emptyProductForm = (): ProductForm => ({
  type: 'treatment',
  code: '',
  mainTaxon: '',
  published: false,
  texts: { pl: emptyTexts(), de: emptyTexts(), en_GB: emptyTexts() },
  price: '',
  originalPrice: '',
  stock: '',
  durationMinutes: '',
  durationSet: false,
  ageRestriction: false,
  availableFrom: '',
  availableTo: '',
  promotionFrom: '',
  promotionTo: '',
  taxons: [],
  related: [],
  voucherValues: [],
  package: emptyPackage(),
});

/** The form of an offer as the server has it; amounts as `zlotyInput` writes them in the page's language. */
export function productForm(product: ProductEditor, locale: Locale): ProductForm {
  const texts = (language: TextLanguage): TextsForm => ({ ...emptyTexts(), ...(product.translations[language] ?? {}) });
  return {
    type: product.type,
    code: product.code,
    mainTaxon: product.mainTaxon,
    published: product.published,
    texts: { pl: texts('pl'), de: texts('de'), en_GB: texts('en_GB') },
    price: zlotyInput(product.price, locale),
    originalPrice: product.originalPrice == null ? '' : zlotyInput(product.originalPrice, locale),
    stock: product.stock == null ? '' : String(product.stock),
    durationMinutes: product.durationMinutes == null ? '' : String(product.durationMinutes),
    durationSet: product.durationMinutes != null,
    ageRestriction: product.ageRestriction,
    availableFrom: product.availableFrom ?? '',
    availableTo: product.availableTo ?? '',
    promotionFrom: product.promotionFrom ?? '',
    promotionTo: product.promotionTo ?? '',
    taxons: [...product.taxons],
    related: [...product.related],
    voucherValues: (product.voucherValues ?? []).map((value) => zlotyInput(value, locale)),
    package: packageForm(product.package),
  };
}

/** A gift voucher's price options are its own. */
export const showsVoucherValues = (form: Pick<ProductForm, 'type'>): boolean => form.type === 'voucher';

/** The most price options a voucher offers (the server's limit). */
export const VOUCHER_VALUES_MAX = 10;
/** The most offers shown with one (the server's limit). */
export const RELATED_MAX = 20;

/** A package's stay and treatments are its own. */
export const showsPackage = (form: Pick<ProductForm, 'type'>): boolean => form.type === 'package';

/**
 * The field a server's refusal names, without a place in a list and what
 * follows it (`related[2]` -> `related`, `package.included[1].minQuantity` ->
 * `package.included`); a package's setup refused as a whole is said at its
 * treatments, the group every package has.
 */
export const refusedField = (field: string): string => {
  const listed = field.replace(/\[\d+\].*$/, '');
  return listed === 'package' ? 'package.included' : listed;
};

/** Stock is counted for goods only. */
export const showsStock = (form: Pick<ProductForm, 'type'>): boolean => form.type === 'product';

/** A treatment takes its time; another offer shows a duration only when it has one. */
export const showsDuration = (form: Pick<ProductForm, 'type' | 'durationSet'>): boolean => form.type === 'treatment' || form.durationSet;

const isEmpty = (texts: TextsForm) => TEXT_KEYS.every((key) => texts[key].trim() === '');

/** The optional languages left without texts: their guests see the Polish ones. */
export const missingLanguages = (form: Pick<ProductForm, 'texts'>): TextLanguage[] =>
  TEXT_LANGUAGES.filter((language) => language !== 'pl' && isEmpty(form.texts[language]));

/** The fields a form shows, by the server's names: a refusal naming another is said for the whole form. */
export function formFields(form: Pick<ProductForm, 'type' | 'durationSet'>, creating: boolean): ProductField[] {
  return [
    ...(creating ? (['code', 'type', 'mainTaxon'] as const) : []),
    ...TEXT_LANGUAGES.flatMap((language) => TEXT_KEYS.map((key) => textField(language, key))),
    'price',
    'originalPrice',
    'promotionFrom',
    'promotionTo',
    ...(showsStock(form) ? (['stock'] as const) : []),
    ...(showsDuration(form) ? (['durationMinutes'] as const) : []),
    'availableFrom',
    'availableTo',
    'taxons',
    'related',
    ...(showsVoucherValues(form) ? (['voucherValues'] as const) : []),
    ...(showsPackage(form) ? PACKAGE_FIELDS : []),
  ];
}

// Letters NFD does not take apart, and the German ones spelt out.
const LETTERS: Record<string, string> = { ł: 'l', ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', đ: 'd', ð: 'd', þ: 'th' };

/** A slug of a name: lower case, Polish and German letters without their marks, words joined with '-' (`Masaż gorącymi kamieniami` -> `masaz-goracymi-kamieniami`). */
export function makeSlug(name: string): string {
  const plain = name
    .toLowerCase()
    .replace(/[łßæøœđðþ]/g, (letter) => LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return plain
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, TEXT_LIMITS.slug)
    .replace(/-$/, '');
}

/** Characters as the server counts them (code points, not UTF-16 units). */
const length = (text: string) => [...text].length;

function checkTexts(language: TextLanguage, form: TextsForm, problems: Problems): ProductTexts | null {
  const texts = Object.fromEntries(TEXT_KEYS.map((key) => [key, form[key].trim()])) as Required<ProductTexts>;
  if (language !== 'pl' && TEXT_KEYS.every((key) => texts[key] === '')) return null;
  for (const key of TEXT_KEYS) {
    if (length(texts[key]) > TEXT_LIMITS[key]) problems[textField(language, key)] = 'tooLong';
  }
  if (texts.name === '') problems[textField(language, 'name')] = 'required';
  if (texts.slug === '') problems[textField(language, 'slug')] = 'required';
  else if (!SLUG_PATTERN.test(texts.slug)) problems[textField(language, 'slug')] = 'slug';
  return texts;
}

const price = (text: string): number | null => {
  const grosze = parseZloty(text);
  return grosze !== null && grosze >= PRICE_LIMITS.min && grosze <= PRICE_LIMITS.max ? grosze : null;
};

const whole = (text: string, min: number, max: number): number | null => {
  const value = text.trim();
  if (!/^\d{1,7}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
};

/** Each of an included treatment's quantities whole, 1 <= fewest <= included <= most <= 10; null: not so. */
function quantities(row: IncludedForm): Pick<IncludedTreatment, 'quantity' | 'minQuantity' | 'maxQuantity'> | null {
  const [quantity, minQuantity, maxQuantity] = [row.quantity, row.minQuantity, row.maxQuantity].map((text) => whole(text, 1, PACKAGE_LIMITS.quantity));
  if (quantity == null || minQuantity == null || maxQuantity == null || minQuantity > quantity || maxQuantity < quantity) return null;
  return { quantity, minQuantity, maxQuantity };
}

/** An included treatment whose quantities the server would refuse. */
export const quantitiesWrong = (row: IncludedForm): boolean => quantities(row) === null;

function checkPackage(form: PackageForm, problems: Problems): PackageSetup {
  const nights = whole(form.nights, 0, PACKAGE_LIMITS.nights);
  if (nights === null) problems['package.nights'] = 'nights';
  const included = form.included.map((row) => ({ ...row, ...(quantities(row) ?? { quantity: 0, minQuantity: 0, maxQuantity: 0 }) }));
  if (included.length === 0 || included.length > PACKAGE_LIMITS.included) problems['package.included'] = 'packageEmpty';
  else if (form.included.some(quantitiesWrong)) problems['package.included'] = 'packageQuantities';
  const codes = form.included.map((row) => row.code);
  if (form.suggested.length > PACKAGE_LIMITS.suggested || form.suggested.some((code) => codes.includes(code))) problems['package.suggested'] = 'suggested';
  const minTreatments = whole(form.minTreatments, 0, included.length);
  if (minTreatments === null) problems['package.minTreatments'] = 'minTreatments';
  return { nights: nights ?? 0, included, suggested: form.suggested, minTreatments: minTreatments ?? 0 };
}

/** What a form sets; the PUT adds the stock the editor showed (`stockWas`). */
export type ProductFields = Omit<ProductChange, 'stockWas'>;

/** The PUT's body of a form, or what is wrong with it, by field. */
export function toProductChange(form: ProductForm): { change: ProductFields } | { problems: Problems } {
  const problems: Problems = {};
  const [pl, de, en_GB] = TEXT_LANGUAGES.map((language) => checkTexts(language, form.texts[language], problems));

  const current = price(form.price);
  if (current === null) problems.price = 'price';
  let originalPrice: number | null = null;
  if (form.originalPrice.trim() !== '') {
    originalPrice = price(form.originalPrice);
    if (originalPrice === null) problems.originalPrice = 'originalPrice';
    else if (current !== null && originalPrice <= current) problems.originalPrice = 'notAbovePrice';
  }

  let stock: number | null = null;
  if (form.stock.trim() !== '') {
    stock = whole(form.stock, 0, STOCK_MAX);
    // A type without stock keeps what the server has (its field is not shown).
    if (stock === null && showsStock(form)) problems.stock = 'stock';
  }

  let durationMinutes: number | null = null;
  if (showsDuration(form) && (form.type === 'treatment' || form.durationMinutes.trim() !== '')) {
    durationMinutes = whole(form.durationMinutes, DURATION_LIMITS.min, DURATION_LIMITS.max);
    if (durationMinutes === null) problems.durationMinutes = 'duration';
  }

  type DateField = 'availableFrom' | 'availableTo' | 'promotionFrom' | 'promotionTo';
  const date = (field: DateField): string | null => {
    const value = form[field].trim();
    if (value === '') return null;
    if (!isIsoDate(value)) problems[field] = 'date';
    return value;
  };
  const range = (fromField: DateField, toField: DateField): [string | null, string | null] => {
    const [from, to] = [date(fromField), date(toField)];
    if (from && to && !problems[fromField] && !problems[toField] && to < from) problems[toField] = 'dateOrder';
    return [from, to];
  };
  const [availableFrom, availableTo] = range('availableFrom', 'availableTo');
  const [promotionFrom, promotionTo] = range('promotionFrom', 'promotionTo');
  // Promotion dates belong to a promotion: without a price before it they mean nothing.
  if (originalPrice === null && !problems.originalPrice) {
    if (promotionFrom) problems.promotionFrom = 'noPromotion';
    if (promotionTo) problems.promotionTo = 'noPromotion';
  }

  let voucherValues: number[] | undefined;
  if (showsVoucherValues(form)) {
    const typed = form.voucherValues.filter((value) => value.trim() !== '');
    voucherValues = typed.map((value) => price(value) ?? Number.NaN);
    if (typed.length === 0 || typed.length > VOUCHER_VALUES_MAX) problems.voucherValues = 'voucherCount';
    // Ascending without repeats: the order guests choose from.
    else if (voucherValues.some((value, i) => Number.isNaN(value) || (i > 0 && value <= (voucherValues?.[i - 1] ?? 0)))) problems.voucherValues = 'voucherValues';
  }

  const setup = showsPackage(form) ? checkPackage(form.package, problems) : undefined;

  if (Object.keys(problems).length > 0 || !pl || current === null) return { problems };
  return {
    change: {
      published: form.published,
      translations: { pl, de: de ?? null, en_GB: en_GB ?? null },
      price: current,
      originalPrice,
      stock,
      durationMinutes,
      ageRestriction: form.ageRestriction,
      availableFrom,
      availableTo,
      promotionFrom,
      promotionTo,
      taxons: form.taxons,
      related: form.related,
      ...(voucherValues ? { voucherValues } : {}),
      // Another type's setup is left as the server has it.
      ...(setup ? { package: setup } : {}),
    },
  };
}

/** The POST's body of a form, or what is wrong with it, by field; the code is taken in capitals. */
export function toNewProduct(form: ProductForm): { product: NewProduct } | { problems: Problems } {
  const checked = toProductChange(form);
  const problems: Problems = 'problems' in checked ? { ...checked.problems } : {};
  const code = form.code.trim().toUpperCase();
  if (code === '') problems.code = 'required';
  else if (!CODE_PATTERN.test(code)) problems.code = 'code';
  if (!isNewProductType(form.type)) problems.type = 'required';
  if (form.mainTaxon === '') problems.mainTaxon = 'required';
  if ('problems' in checked || Object.keys(problems).length > 0 || !isNewProductType(form.type)) return { problems };
  return { product: { code, type: form.type, mainTaxon: form.mainTaxon, ...checked.change } };
}

export type TaxonOption = { code: string; label: string };

/** The categories to list an offer in, in the tree's order, a nested one named after its parents (`Zabiegi › Masaże`). */
export function taxonOptions(tree: readonly Taxon[], parents: readonly string[] = []): TaxonOption[] {
  return [...tree]
    .sort((a, b) => a.position - b.position)
    .flatMap((taxon) => {
      const names = [...parents, taxon.name];
      return [{ code: taxon.code, label: names.join(' › ') }, ...taxonOptions(taxon.children, names)];
    });
}
