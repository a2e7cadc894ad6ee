import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { notifications } from '@/lib/notifications';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { Customer, NewProduct, ProductChange, ProductEditor, ProductSummary, ProductTexts, Taxon } from '@/types/api';

import { createRoutes } from './router';

// The back office's code, loaded once before the tests (the first lazy load takes a while in tests).
beforeAll(() => import('./routes/staff'));

const SAVED_AT = '2027-05-03T12:00:00Z';

// Intl puts (narrow) no-break spaces into formatted amounts.
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ').trim();

const texts = (name: string, slug: string, extra: Partial<ProductTexts> = {}): ProductTexts => ({
  name,
  slug,
  description: '',
  metaTitle: '',
  metaDescription: '',
  ...extra,
});

const offer = (code: string, type: ProductEditor['type'], translations: ProductEditor['translations'], extra: Partial<ProductEditor> = {}): ProductEditor => ({
  code,
  type,
  published: true,
  translations,
  price: 10000,
  originalPrice: null,
  stock: null,
  durationMinutes: null,
  ageRestriction: false,
  availableFrom: null,
  availableTo: null,
  promotionFrom: null,
  promotionTo: null,
  mainTaxon: 'treatments',
  taxons: [],
  related: [],
  voucherValues: null,
  package: null,
  images: [],
  updatedAt: '2027-04-01T12:00:00Z',
  updatedBy: 'anna@example.pl',
  ...extra,
});

/**
 * A treatment on promotion without German texts (with the shop's own
 * pictures), oil without English ones, a day spa not published, candles sold
 * out (with one picture of the shop's, one uploaded).
 */
const OFFERS = (): ProductEditor[] => [
  offer(
    'TR_HOT_STONES',
    'treatment',
    {
      pl: texts('Masaż gorącymi kamieniami', 'masaz-goracymi-kamieniami', { description: 'Rozgrzewa i odpręża.' }),
      de: null,
      en_GB: texts('Hot stone massage', 'hot-stone-massage'),
    },
    { price: 25000, originalPrice: 30000, durationMinutes: 60, mainTaxon: 'massages', images: ['/media/products/hot-stones-1.jpg', '/media/products/hot-stones-2.jpg'] },
  ),
  offer(
    'PR_ROSE_OIL',
    'product',
    { pl: texts('Olejek różany', 'olejek-rozany', { description: 'Olejek do masażu.' }), de: texts('Rosenöl', 'rosenoel'), en_GB: null },
    { price: 8900, stock: 5, mainTaxon: 'cosmetics' },
  ),
  offer(
    'DS_SUNDAY',
    'day_spa',
    { pl: texts('Niedziela w spa', 'niedziela-w-spa'), de: texts('Sonntag im Spa', 'sonntag-im-spa'), en_GB: texts('Sunday at the spa', 'sunday-at-the-spa') },
    { price: 45000, published: false, durationMinutes: 240 },
  ),
  offer(
    'PR_CANDLE',
    'product',
    { pl: texts('Świeca sojowa', 'swieca-sojowa'), de: texts('Sojakerze', 'sojakerze'), en_GB: texts('Soy candle', 'soy-candle') },
    { price: 4500, stock: 0, mainTaxon: 'cosmetics', images: ['/media/products/candle.jpg', '/pictures/PR_CANDLE/3-page.jpg'] },
  ),
];

/** A weekend package with a massage included, a sauna suggested; two more treatments to choose from. */
const PACKAGE_OFFERS = (): ProductEditor[] => [
  offer(
    'PK_WEEKEND',
    'package',
    { pl: texts('Weekend w spa', 'weekend-w-spa'), de: texts('Spa-Wochenende', 'spa-wochenende'), en_GB: texts('Spa weekend', 'spa-weekend') },
    {
      price: 99000,
      package: {
        nights: 2,
        included: [
          { code: 'TR_HOT_STONES', quantity: 1, minQuantity: 1, maxQuantity: 2, free: false, deletable: true, replaceable: true, deletePermanently: true },
        ],
        suggested: ['TR_SAUNA'],
        minTreatments: 1,
      },
    },
  ),
  offer('TR_SAUNA', 'treatment', { pl: texts('Rytuał saunowy', 'rytual-saunowy'), de: null, en_GB: texts('Sauna ritual', 'sauna-ritual') }, { durationMinutes: 30 }),
  offer('TR_FACIAL', 'treatment', { pl: texts('Zabieg na twarz', 'zabieg-na-twarz'), de: null, en_GB: texts('Facial', 'facial') }, { durationMinutes: 45 }),
];

const TAXON_NAMES: Record<string, Record<Locale, string>> = {
  treatments: { pl: 'Zabiegi', de: 'Anwendungen', en_GB: 'Treatments' },
  massages: { pl: 'Masaże', de: 'Massagen', en_GB: 'Massages' },
  cosmetics: { pl: 'Kosmetyki', de: 'Kosmetik', en_GB: 'Cosmetics' },
};

const taxonTree = (locale: Locale): Taxon[] => {
  const node = (code: string, position: number, children: Taxon[] = []): Taxon => ({ code, name: TAXON_NAMES[code]![locale], slug: code, position, children });
  return [node('cosmetics', 2), node('treatments', 1, [node('massages', 1)])];
};

const LANGUAGES = ['pl', 'de', 'en_GB'] as const;

type Sent = { method: 'PUT' | 'POST' | 'DELETE'; path: string; body: unknown };

const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

const refuse = (status: number, code: string, message: string, errors: { field: string; message: string }[] = []) =>
  HttpResponse.json({ code, message, errors }, { status });

/**
 * The offers' pages over a fake catalogue keeping what is saved:
 * administrators only, a slug taken in its language by another offer
 * refused with 409 `slug_taken`, a code taken with 409 `product_exists`.
 * A picture sent (its type, bytes and script marker kept) is added last as
 * `/pictures/{CODE}/{id}-page.jpg`; another type is refused with 415, over
 * 8 MB with 413; one removed by its path goes, an unknown path is 404.
 */
function renderProducts(url: string, locale: Locale, me: Customer, more: ProductEditor[] = []) {
  const store = new Map([...OFFERS(), ...more].map((product) => [product.code, product]));
  const sent: Sent[] = [];
  const asked: URLSearchParams[] = [];
  let pictureId = 7;
  const admin = me.roles.includes('admin');
  const forbidden = () => refuse(403, 'forbidden', 'No.');
  const summary = (product: ProductEditor, language: Locale): ProductSummary => ({
    code: product.code,
    type: product.type,
    name: product.translations[language]?.name ?? product.translations.pl.name,
    price: product.price,
    originalPrice: product.originalPrice,
    published: product.published,
    stock: product.stock,
    missingLocales: (['de', 'en_GB'] as const).filter((other) => !product.translations[other]),
    image: product.images[0] ?? null,
  });
  const slugTaken = (code: string, change: Omit<ProductChange, 'stockWas'>) => {
    for (const language of LANGUAGES) {
      const slug = change.translations[language]?.slug;
      const other = [...store.values()].find((product) => product.code !== code && product.translations[language]?.slug === slug);
      if (slug && other) return refuse(409, 'slug_taken', `${other.code} has this slug.`, [{ field: `translations.${language}.slug`, message: `Another offer (${other.code}) has this slug.` }]);
    }
    return null;
  };
  const saved = (code: string, change: Omit<ProductChange, 'stockWas'>, before: Pick<ProductEditor, 'type' | 'mainTaxon' | 'taxons' | 'related' | 'voucherValues' | 'package' | 'images'>): ProductEditor => ({
    ...before,
    ...change,
    // What a change leaves out, the server keeps as none.
    ageRestriction: change.ageRestriction ?? false,
    originalPrice: change.originalPrice ?? null,
    stock: change.stock ?? null,
    durationMinutes: change.durationMinutes ?? null,
    availableFrom: change.availableFrom ?? null,
    availableTo: change.availableTo ?? null,
    promotionFrom: change.promotionFrom ?? null,
    promotionTo: change.promotionTo ?? null,
    // Lists a change leaves out (or sends as null) stay as they were.
    taxons: change.taxons ?? before.taxons,
    related: change.related ?? before.related,
    voucherValues: change.voucherValues ?? before.voucherValues,
    package: change.package ?? before.package,
    code,
    updatedAt: SAVED_AT,
    updatedBy: me.email,
  });
  server.use(
    http.get(apiPath('/me'), () => HttpResponse.json(me)),
    http.get(apiPath('/taxons/'), ({ request }) => HttpResponse.json(taxonTree((new URL(request.url).searchParams.get('locale') ?? 'pl') as Locale))),
    http.get(apiPath('/backend/products'), ({ request }) => {
      if (!admin) return forbidden();
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const language = (query.get('locale') ?? 'pl') as Locale;
      const q = (query.get('q') ?? '').toLowerCase();
      const items = [...store.values()]
        .map((product) => summary(product, language))
        .filter((item) => !query.get('type') || item.type === query.get('type'))
        .filter((item) => !q || item.code.toLowerCase().includes(q) || item.name.toLowerCase().includes(q));
      return HttpResponse.json({ items });
    }),
    http.get(apiPath('/backend/products/:code'), ({ params }) => {
      if (!admin) return forbidden();
      const product = store.get(String(params.code));
      return product ? HttpResponse.json(product) : refuse(404, 'product_not_found', 'No such offer.');
    }),
    http.put(apiPath('/backend/products/:code'), async ({ params, request }) => {
      const code = String(params.code);
      const change = (await request.json()) as ProductChange;
      sent.push({ method: 'PUT', path: `/backend/products/${code}`, body: change });
      if (!admin) return forbidden();
      const before = store.get(code);
      if (!before) return refuse(404, 'product_not_found', 'No such offer.');
      if (change.originalPrice != null && change.originalPrice <= change.price) {
        return refuse(422, 'invalid_product', 'The offer was refused.', [{ field: 'originalPrice', message: 'Must be above the price.' }]);
      }
      const taken = slugTaken(code, change);
      if (taken) return taken;
      const product = saved(code, change, before);
      store.set(code, product);
      return HttpResponse.json(product);
    }),
    http.post(apiPath('/backend/products'), async ({ request }) => {
      const body = (await request.json()) as NewProduct;
      sent.push({ method: 'POST', path: '/backend/products', body });
      if (!admin) return forbidden();
      if (store.has(body.code)) return refuse(409, 'product_exists', 'Taken.', [{ field: 'code', message: 'An offer has this code.' }]);
      const taken = slugTaken(body.code, body);
      if (taken) return taken;
      const { code, type, mainTaxon, ...change } = body;
      const product = saved(code, change, { type, mainTaxon, taxons: [], related: [], voucherValues: null, package: null, images: [] });
      store.set(code, product);
      return HttpResponse.json(product, { status: 201 });
    }),
    http.post(apiPath('/backend/products/:code/images'), async ({ params, request }) => {
      const code = String(params.code);
      const type = request.headers.get('Content-Type');
      const bytes = [...new Uint8Array(await request.arrayBuffer())];
      sent.push({ method: 'POST', path: `/backend/products/${code}/images`, body: { type, bytes, marker: request.headers.get('X-Requested-With') } });
      if (!admin) return forbidden();
      const before = store.get(code);
      if (!before) return refuse(404, 'product_not_found', 'No such offer.');
      if (!PICTURE_TYPES.includes(type ?? '')) return refuse(415, 'unsupported_media_type', 'Not a picture type.');
      if (bytes.length > 8 * 1024 * 1024) return refuse(413, 'payload_too_large', 'Too large.');
      const product = { ...before, images: [...before.images, `/pictures/${code}/${pictureId++}-page.jpg`], updatedAt: SAVED_AT, updatedBy: me.email };
      store.set(code, product);
      return HttpResponse.json(product);
    }),
    http.delete(apiPath('/backend/products/:code/images'), ({ params, request }) => {
      const code = String(params.code);
      const path = new URL(request.url).searchParams.get('path');
      sent.push({ method: 'DELETE', path: `/backend/products/${code}/images`, body: { path, marker: request.headers.get('X-Requested-With') } });
      if (!admin) return forbidden();
      const before = store.get(code);
      if (!before) return refuse(404, 'product_not_found', 'No such offer.');
      if (!path || !before.images.includes(path)) return refuse(404, 'picture_not_found', 'No such picture.');
      const product = { ...before, images: before.images.filter((image) => image !== path), updatedAt: SAVED_AT, updatedBy: me.email };
      store.set(code, product);
      return HttpResponse.json(product);
    }),
  );
  const queryClient = createTestQueryClient();
  return { ...renderRoutes(createRoutes(locale, queryClient), url, { locale, queryClient }), sent, asked, user: userEvent.setup() };
}

const adminMe = () => customer({ email: 'admin@example.pl', roles: ['customer', 'admin'] });

/** The texts a control's description points to: its hint, its error. */
const described = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean);

const cells = (row: HTMLElement) => [...row.children].map((cell) => plain(cell.textContent));

describe('the offers', () => {
  it('lists the offers with promotions struck through, stock and missing languages, and filters them in the address', async () => {
    const { asked, user, router } = renderProducts('/backend/products', 'en_GB', adminMe());
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '4 offers' });
    expect(screen.getByRole('region', { name: '4 offers' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('link', { name: 'Offers' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('4 offers found.').closest('[role="status"]')).toBeTruthy();

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Hot stone massageTR_HOT_STONES', 'Treatment', 'Before the promotion: PLN 300.00 Now: PLN 250.00', 'Published', 'not counted', 'German'],
      ['Olejek różanyPR_ROSE_OIL', 'Product', 'PLN 89.00', 'Published', '5 in stock', 'English'],
      ['Sunday at the spaDS_SUNDAY', 'Day spa', 'PLN 450.00', 'Not published', 'not counted', '–'],
      ['Soy candlePR_CANDLE', 'Product', 'PLN 45.00', 'Published', 'Sold out', '–'],
    ]);
    expect(within(rows[0]!).getByText('PLN 300.00').tagName).toBe('DEL');
    expect(within(rows[0]!).getByRole('link', { name: 'Hot stone massage' }).getAttribute('href')).toBe('/backend/products?code=TR_HOT_STONES');
    expect(screen.getByRole('link', { name: 'New offer' }).getAttribute('href')).toBe('/backend/products?new=1');

    const search = screen.getByRole('search', { name: 'Offer search' });
    await user.selectOptions(within(search).getByLabelText('Type'), 'product');
    await user.type(within(search).getByLabelText('Code or name'), ' candle ');
    await user.click(within(search).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=product&q=candle'));
    expect(await screen.findByRole('table', { name: '1 offer' })).toBeTruthy();
    expect([asked.at(-1)?.get('type'), asked.at(-1)?.get('q'), asked.at(-1)?.get('locale')]).toEqual(['product', 'candle', 'en_GB']);

    // Nothing matching says so.
    await user.clear(within(search).getByLabelText('Code or name'));
    await user.type(within(search).getByLabelText('Code or name'), 'sauna');
    await user.click(within(search).getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No offer matches.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('puts an offer on promotion and sold out, saving it in grosze with no texts as null', async () => {
    const { sent, user } = renderProducts('/backend/products?code=PR_ROSE_OIL', 'pl', adminMe());
    const form = await screen.findByRole('form', { name: 'Olejek różany' });
    expect(screen.getByText('Kod PR_ROSE_OIL · Produkt')).toBeTruthy();
    expect(screen.getByText(/^Ostatnio zmienione 01\.04\.2027 \d\d:\d\d przez anna@example\.pl\.$/)).toBeTruthy();
    expect(within(form).getByText('Brak tekstów w językach: Angielski. Goście w tych językach widzą teksty polskie.')).toBeTruthy();
    const english = within(form).getByRole('group', { name: 'Angielski' });
    expect(within(english).getByText('brak')).toBeTruthy();
    expect(within(within(form).getByRole('group', { name: 'Niemiecki' })).queryByText('brak')).toBeNull();
    // Stock is counted for goods; a product has no duration.
    expect(within(form).queryByLabelText('Czas trwania (minuty)')).toBeNull();
    expect(screen.getByText('Brak zdjęć.')).toBeTruthy();
    expect(screen.getByLabelText('Dodaj zdjęcie')).toBeTruthy();

    const prices = within(form).getByRole('group', { name: 'Cena' });
    expect(within(prices).getByLabelText<HTMLInputElement>('Cena (zł)').value).toBe('89,00');
    await user.type(within(prices).getByLabelText('Cena przed promocją (zł)'), '99');
    const stock = within(form).getByLabelText('Stan (sztuk)');
    await user.clear(stock);
    await user.type(stock, '0');
    const preview = within(prices).getByText('Na karcie:');
    expect(plain(preview.textContent)).toBe('Na karcie: Przed promocją: 99,00 zł Teraz: 89,00 zł Wyprzedane');
    expect(within(preview).getByText('99,00 zł', { exact: false }).tagName).toBe('DEL');

    await user.click(within(form).getByRole('button', { name: 'Zapisz' }));
    const done = await within(form).findByText('Zapisano. Goście zobaczą zmianę w ciągu kilku sekund.');
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/backend/products/PR_ROSE_OIL',
        body: {
          published: true,
          translations: {
            pl: texts('Olejek różany', 'olejek-rozany', { description: 'Olejek do masażu.' }),
            de: texts('Rosenöl', 'rosenoel'),
            en_GB: null,
          },
          price: 8900,
          originalPrice: 9900,
          stock: 0,
          durationMinutes: null,
          ageRestriction: false,
          availableFrom: null,
          availableTo: null,
          promotionFrom: null,
          promotionTo: null,
          taxons: [],
          related: [],
          // The count the editor showed: an order taking some meanwhile makes the server refuse it.
          stockWas: 5,
        },
      },
    ]);
    expect(within(prices).getByLabelText<HTMLInputElement>('Cena przed promocją (zł)').value).toBe('99,00');
    expect(screen.getByText(/^Ostatnio zmienione 03\.05\.2027 \d\d:\d\d przez admin@example\.pl\.$/)).toBeTruthy();
    expect(notifications.getSnapshot()).toEqual([]);

    // The list shows it as saved.
    await user.click(screen.getByRole('link', { name: '← Wszystkie oferty' }));
    const row = (await screen.findByRole('link', { name: 'Olejek różany' })).closest('tr')!;
    expect(cells(row).slice(2, 5)).toEqual(['Przed promocją: 99,00 zł Teraz: 89,00 zł', 'Opublikowana', 'Wyprzedane']);
  });

  it('checks the texts and prices in the page, sending nothing until they are right', async () => {
    const { sent, user } = renderProducts('/backend/products?code=TR_HOT_STONES', 'en_GB', adminMe());
    const form = await screen.findByRole('form', { name: 'Hot stone massage' });
    const polish = within(form).getByRole('group', { name: 'Polish' });
    const german = within(form).getByRole('group', { name: 'German' });
    expect(described(german)[0]).toContain('missing');
    expect(within(form).getByLabelText<HTMLInputElement>('Duration (minutes)').value).toBe('60');
    expect(within(form).queryByLabelText('In stock (pieces)')).toBeNull();
    expect(screen.getAllByRole('img', { name: /^Masaż gorącymi kamieniami, picture \d$/ }).map((img) => img.getAttribute('src'))).toEqual([
      '/media/products/hot-stones-1.jpg',
      '/media/products/hot-stones-2.jpg',
    ]);

    const polishName = within(polish).getByLabelText('Name');
    await user.clear(polishName);
    await user.type(within(german).getByLabelText('Name'), 'Heiße Steine');
    expect(within(german).queryByText('missing')).toBeNull();
    const germanSlug = within(german).getByLabelText('Slug (in the address)');
    await user.type(germanSlug, 'Heiße Steine');
    const original = within(form).getByLabelText('Price before the promotion (zł)');
    await user.clear(original);
    await user.type(original, '200');
    expect(plain(within(form).getByText('On the card:').textContent)).toBe('On the card: PLN 250.00');
    const save = () => user.click(within(form).getByRole('button', { name: 'Save' }));

    await save();
    expect(polishName.getAttribute('aria-invalid')).toBe('true');
    expect(described(polishName)).toContain('Enter the name.');
    expect(described(germanSlug)).toContain('Only lower-case letters and digits, words joined by single hyphens, e.g. hot-stone-massage.');
    expect(described(original)).toContain('The price before the promotion must be above the price.');
    expect(document.activeElement).toBe(polishName);
    expect(sent).toEqual([]);

    // Made from the name, the slug is one.
    await user.click(within(german).getByRole('button', { name: 'Make from the name' }));
    expect((germanSlug as HTMLInputElement).value).toBe('heisse-steine');
    expect(germanSlug.getAttribute('aria-invalid')).toBeNull();
    await user.type(polishName, 'Masaż gorącymi kamieniami');
    await user.clear(original);
    await save();
    expect(await within(form).findByText('Saved. Guests see the change within seconds.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      translations: { de: texts('Heiße Steine', 'heisse-steine'), en_GB: texts('Hot stone massage', 'hot-stone-massage') },
      price: 25000,
      originalPrice: null,
      durationMinutes: 60,
    });
    expect(within(form).queryByText(/No texts in/)).toBeNull();
  });

  it('shows a slug another offer has in German at the German slug', async () => {
    const { sent, user } = renderProducts('/backend/products?code=TR_HOT_STONES', 'de', adminMe());
    const form = await screen.findByRole('form', { name: 'Masaż gorącymi kamieniami' });
    const german = within(form).getByRole('group', { name: 'Deutsch' });
    await user.type(within(german).getByLabelText('Name'), 'Sonntag im Spa');
    await user.click(within(german).getByRole('button', { name: 'Aus dem Namen bilden' }));
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));

    const slug = within(german).getByLabelText('Slug (in der Adresse)');
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(described(slug)).toContain('Another offer (DS_SUNDAY) has this slug.');
    expect(document.activeElement).toBe(slug);
    expect(sent.map((s) => s.method)).toEqual(['PUT']);
    expect(within(form).queryByText(/Gespeichert/)).toBeNull();
    // The page says it itself: no notification besides.
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('creates a treatment in three languages and goes on to its editor', async () => {
    const { sent, user, router } = renderProducts('/backend/products?new=1', 'de', adminMe());
    const form = await screen.findByRole('form', { name: 'Neues Angebot' });
    const identity = within(form).getByRole('group', { name: 'Das Angebot' });
    const code = within(identity).getByLabelText<HTMLInputElement>('Code');
    await user.type(code, 'tr_lava');
    await user.tab();
    expect(code.value).toBe('TR_LAVA');
    expect(within(identity).getByLabelText<HTMLSelectElement>('Art').value).toBe('treatment');
    const category = within(identity).getByLabelText<HTMLSelectElement>('Hauptkategorie');
    await waitFor(() => expect([...category.options].map((option) => option.textContent)).toEqual(['Kategorie wählen', 'Anwendungen', 'Anwendungen › Massagen', 'Kosmetik']));
    await user.selectOptions(category, 'massages');

    const names = { pl: ['Polnisch', 'Masaż lawą'], de: ['Deutsch', 'Lava-Massage'], en_GB: ['Englisch', 'Lava massage'] } as const;
    for (const [legend, name] of Object.values(names)) {
      const group = within(form).getByRole('group', { name: legend });
      await user.type(within(group).getByLabelText('Name'), name);
      await user.click(within(group).getByRole('button', { name: 'Aus dem Namen bilden' }));
    }
    await user.type(within(within(form).getByRole('group', { name: 'Polnisch' })).getByLabelText('Beschreibung'), 'Ciepło wulkanicznych kamieni.');
    await user.type(within(form).getByLabelText('Preis (zł)'), '180');
    await user.type(within(form).getByLabelText('Dauer (Minuten)'), '50');
    await user.click(within(form).getByLabelText('Veröffentlicht: Gäste sehen und kaufen es'));
    await user.click(within(form).getByRole('button', { name: 'Angebot anlegen' }));

    const done = await screen.findByText('Angebot TR_LAVA angelegt. Sobald es veröffentlicht ist, sehen Gäste es binnen Sekunden.');
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/backend/products',
        body: {
          code: 'TR_LAVA',
          type: 'treatment',
          mainTaxon: 'massages',
          published: true,
          translations: {
            pl: texts('Masaż lawą', 'masaz-lawa', { description: 'Ciepło wulkanicznych kamieni.' }),
            de: texts('Lava-Massage', 'lava-massage'),
            en_GB: texts('Lava massage', 'lava-massage'),
          },
          price: 18000,
          originalPrice: null,
          stock: null,
          durationMinutes: 50,
          ageRestriction: false,
          availableFrom: null,
          availableTo: null,
          promotionFrom: null,
          promotionTo: null,
          taxons: [],
          related: [],
        },
      },
    ]);
    expect(router.state.location.search).toBe('?code=TR_LAVA');
    expect(router.state.historyAction).toBe('REPLACE');
    const heading = screen.getByRole('heading', { level: 2, name: 'Lava-Massage' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const editor = screen.getByRole('form', { name: 'Lava-Massage' });
    expect(within(editor).getByLabelText<HTMLInputElement>('Preis (zł)').value).toBe('180,00');
    expect(within(editor).queryByLabelText('Code')).toBeNull();
  });

  it('lists an offer under further categories and shows chosen offers with it, in their order', async () => {
    const { sent, user } = renderProducts('/backend/products?code=TR_HOT_STONES', 'pl', adminMe());
    const form = await screen.findByRole('form', { name: 'Masaż gorącymi kamieniami' });
    // Every category but the main one (Masaże) can be checked.
    const categories = within(form).getByRole('group', { name: 'Dodatkowe kategorie' });
    await within(categories).findByLabelText('Kosmetyki');
    expect(within(categories).getAllByRole('checkbox').map((box) => box.nextSibling?.textContent)).toEqual(['Zabiegi', 'Kosmetyki']);
    await user.click(within(categories).getByLabelText('Kosmetyki'));

    const related = within(form).getByRole('group', { name: 'Pokazywane przy tej ofercie' });
    expect(within(related).getByText('Przy tej ofercie nie są pokazywane inne.')).toBeTruthy();
    const add = within(related).getByLabelText('Dodaj ofertę');
    await within(add).findByRole('option', { name: 'Olejek różany (PR_ROSE_OIL)' });
    expect(within(add).queryByRole('option', { name: /TR_HOT_STONES/ })).toBeNull();
    await user.selectOptions(add, 'PR_ROSE_OIL');
    await user.click(within(related).getByRole('button', { name: 'Dodaj' }));
    await user.selectOptions(add, 'PR_CANDLE');
    await user.click(within(related).getByRole('button', { name: 'Dodaj' }));
    expect(within(add).queryByRole('option', { name: /PR_ROSE_OIL/ })).toBeNull();
    await user.click(within(related).getByRole('button', { name: 'Przesuń w górę: Świeca sojowa' }));
    expect(within(related).getAllByRole('listitem').map((item) => plain(item.firstElementChild?.firstElementChild?.textContent))).toEqual(['Świeca sojowa PR_CANDLE', 'Olejek różany PR_ROSE_OIL']);

    await user.click(within(form).getByRole('button', { name: 'Zapisz' }));
    await within(form).findByText('Zapisano. Goście zobaczą zmianę w ciągu kilku sekund.');
    expect(sent[0]?.body).toMatchObject({ taxons: ['cosmetics'], related: ['PR_CANDLE', 'PR_ROSE_OIL'] });
    expect((sent[0]?.body as ProductChange).voucherValues).toBeUndefined();
    expect(within(form).queryByRole('group', { name: 'Kwoty do wyboru' })).toBeNull();
  });

  it('sets a voucher’s price options, lowest first, checked in the page', async () => {
    const voucher = offer('VC_GIFT', 'voucher', { pl: texts('Voucher kwotowy', 'voucher-kwotowy'), de: null, en_GB: texts('Gift voucher', 'gift-voucher') }, { voucherValues: [10000, 20000], mainTaxon: 'cosmetics' });
    const { sent, user } = renderProducts('/backend/products?code=VC_GIFT', 'en_GB', adminMe(), [voucher]);
    const form = await screen.findByRole('form', { name: 'Gift voucher' });
    const options = within(form).getByRole('group', { name: 'Price options' });
    expect(within(options).getByLabelText<HTMLInputElement>('Option 1 (zł)').value).toBe('100.00');
    expect(within(options).getByLabelText<HTMLInputElement>('Option 2 (zł)').value).toBe('200.00');
    await user.click(within(options).getByRole('button', { name: 'Add an option' }));
    await user.type(within(options).getByLabelText('Option 3 (zł)'), '150');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(options).findByText('Each option an amount from 1 to 1,000,000 zł, each above the one before.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.click(within(options).getByRole('button', { name: 'Remove option 3' }));
    await user.click(within(options).getByRole('button', { name: 'Add an option' }));
    await user.type(within(options).getByLabelText('Option 3 (zł)'), '300');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText('Saved. Guests see the change within seconds.');
    expect(sent[0]?.body).toMatchObject({ voucherValues: [10000, 20000, 30000] });
    expect(within(options).getByLabelText<HTMLInputElement>('Option 3 (zł)').value).toBe('300.00');
  });

  it('sets a package’s stay and treatments, checked in the page, and sends them whole', async () => {
    const { sent, user } = renderProducts('/backend/products?code=PK_WEEKEND', 'en_GB', adminMe(), PACKAGE_OFFERS());
    const form = await screen.findByRole('form', { name: 'Spa weekend' });
    const setup = within(form).getByRole('group', { name: 'Stay and treatments' });
    const nights = within(setup).getByLabelText<HTMLInputElement>('Nights');
    expect(nights.value).toBe('2');
    expect(described(nights)).toEqual(['From 0 to 14; 0 = a day package without a room.']);
    // A package has no duration, stock or price options.
    expect(within(form).queryByLabelText('Duration (minutes)')).toBeNull();
    expect(within(form).queryByRole('group', { name: 'Price options' })).toBeNull();

    const included = within(setup).getByRole('group', { name: 'Included treatments' });
    const suggested = within(setup).getByRole('group', { name: 'Suggested treatments' });
    const rows = (group: HTMLElement) => within(group).getAllByRole('listitem').map((item) => plain(item.firstElementChild?.firstElementChild?.textContent));
    await waitFor(() => expect(rows(included)).toEqual(['Hot stone massage TR_HOT_STONES']));
    expect(rows(suggested)).toEqual(['Sauna ritual TR_SAUNA']);
    expect(within(included).getByLabelText<HTMLInputElement>('Included for one person: Hot stone massage').value).toBe('1');
    expect(within(included).getByLabelText<HTMLInputElement>('May be taken out: Hot stone massage').checked).toBe(true);

    // Fewer kept than included: said at the treatments, the keyboard taken to the row's quantities.
    const fewest = within(included).getByLabelText('Fewest: Hot stone massage');
    await user.clear(fewest);
    await user.type(fewest, '2');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const quantities = 'Whole numbers for each treatment: the fewest from 1 to the included number, the most from the included number to 10.';
    expect(await within(included).findByText(quantities)).toBeTruthy();
    expect(described(included)).toContain(quantities);
    expect(fewest.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(included).getByLabelText('Included for one person: Hot stone massage'));
    expect(sent).toEqual([]);
    await user.clear(fewest);
    await user.type(fewest, '1');
    expect(within(included).queryByText(quantities)).toBeNull();
    const most = within(included).getByLabelText('Most: Hot stone massage');
    await user.clear(most);
    await user.type(most, '3');

    // Treatments neither included nor suggested can be added; a new one comes with one a person, a second one paid.
    const add = within(included).getByLabelText<HTMLSelectElement>('Add a treatment');
    await within(add).findByRole('option', { name: 'Facial (TR_FACIAL)' });
    expect([...add.options].map((option) => option.value)).toEqual(['', 'TR_FACIAL']);
    await user.selectOptions(add, 'TR_FACIAL');
    await user.click(within(included).getByRole('button', { name: 'Add to the package' }));
    expect(document.activeElement).toBe(add);
    expect(within(suggested).queryByRole('option', { name: /TR_FACIAL/ })).toBeNull();
    expect(['Included for one person', 'Fewest', 'Most'].map((field) => within(included).getByLabelText<HTMLInputElement>(`${field}: Facial`).value)).toEqual(['1', '1', '2']);
    expect(within(included).getByLabelText<HTMLInputElement>('May be swapped for a suggested one: Facial').checked).toBe(true);
    await user.click(within(included).getByLabelText('Extra ones free: Facial'));
    // Moved to the top it has no button to move it up: the keyboard stays on its row.
    await user.click(within(included).getByRole('button', { name: 'Move Facial up' }));
    expect(rows(included)).toEqual(['Facial TR_FACIAL', 'Hot stone massage TR_HOT_STONES']);
    expect(document.activeElement).toBe(within(included).getByRole('button', { name: 'Remove Facial' }));
    await user.click(within(suggested).getByRole('button', { name: 'Remove Sauna ritual' }));
    expect(within(suggested).getByText('No treatments suggested.')).toBeTruthy();
    const minimum = within(setup).getByLabelText('Fewest treatments kept');
    await user.clear(minimum);
    await user.type(minimum, '2');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText('Saved. Guests see the change within seconds.');
    expect(sent).toHaveLength(1);
    expect((sent[0]?.body as ProductChange).package).toEqual({
      nights: 2,
      included: [
        { code: 'TR_FACIAL', quantity: 1, minQuantity: 1, maxQuantity: 2, free: true, deletable: false, replaceable: true, deletePermanently: false },
        { code: 'TR_HOT_STONES', quantity: 1, minQuantity: 1, maxQuantity: 3, free: false, deletable: true, replaceable: true, deletePermanently: true },
      ],
      suggested: [],
      minTreatments: 2,
    });
    expect(within(included).getByLabelText<HTMLInputElement>('Most: Hot stone massage').value).toBe('3');
  });

  it('shows the server’s refusal of a package’s treatment at the treatments', async () => {
    const { user } = renderProducts('/backend/products?code=PK_WEEKEND', 'pl', adminMe(), PACKAGE_OFFERS());
    const form = await screen.findByRole('form', { name: 'Weekend w spa' });
    const setup = within(form).getByRole('group', { name: 'Pobyt i zabiegi' });
    const included = within(setup).getByRole('group', { name: 'Zabiegi w pakiecie' });
    let refused = 'package.included[0].maxQuantity';
    server.use(
      http.put(apiPath('/backend/products/:code'), () =>
        refuse(422, 'invalid_product', 'The offer was refused.', [{ field: refused, message: 'Najwięcej: od liczby w pakiecie do 10.' }]),
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Zapisz' }));
    expect(await within(included).findByText('Najwięcej: od liczby w pakiecie do 10.')).toBeTruthy();
    expect(described(included)).toContain('Najwięcej: od liczby w pakiecie do 10.');
    const first = within(included).getByRole('button', { name: 'Usuń: Masaż gorącymi kamieniami' });
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(first);
    expect(within(form).queryByRole('alert')).toBeNull();

    // A refusal of the package as a whole lands there too.
    refused = 'package';
    const most = within(included).getByLabelText('Najwięcej: Masaż gorącymi kamieniami');
    await user.clear(most);
    await user.type(most, '3');
    expect(within(included).queryByText('Najwięcej: od liczby w pakiecie do 10.')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Zapisz' }));
    expect(await within(included).findByText('Najwięcej: od liczby w pakiecie do 10.')).toBeTruthy();
  });

  it('creates a gift voucher with its price options, a package’s fields shown for a package only', async () => {
    const { sent, user, router } = renderProducts('/backend/products?new=1', 'de', adminMe());
    const form = await screen.findByRole('form', { name: 'Neues Angebot' });
    const identity = within(form).getByRole('group', { name: 'Das Angebot' });
    const type = within(identity).getByLabelText<HTMLSelectElement>('Art');
    expect([...type.options].map((option) => option.textContent)).toEqual(['Paket', 'Anwendung', 'Day Spa', 'Produkt', 'Gutschein']);
    await user.selectOptions(type, 'package');
    expect(within(form).getByRole('group', { name: 'Aufenthalt und Anwendungen' })).toBeTruthy();
    expect(within(form).queryByLabelText('Dauer (Minuten)')).toBeNull();
    await user.selectOptions(type, 'voucher');
    expect(within(form).queryByRole('group', { name: 'Aufenthalt und Anwendungen' })).toBeNull();

    await user.type(within(identity).getByLabelText('Code'), 'vc_spa');
    const category = within(identity).getByLabelText<HTMLSelectElement>('Hauptkategorie');
    await within(category).findByRole('option', { name: 'Kosmetik' });
    await user.selectOptions(category, 'cosmetics');
    const polish = within(form).getByRole('group', { name: 'Polnisch' });
    await user.type(within(polish).getByLabelText('Name'), 'Voucher do spa');
    await user.click(within(polish).getByRole('button', { name: 'Aus dem Namen bilden' }));
    await user.type(within(form).getByLabelText('Preis (zł)'), '100');
    // A new voucher needs its options.
    await user.click(within(form).getByRole('button', { name: 'Angebot anlegen' }));
    const options = within(form).getByRole('group', { name: 'Beträge zur Wahl' });
    expect(await within(options).findByText('Geben Sie 1 bis 10 Beträge an.')).toBeTruthy();
    expect(sent).toEqual([]);

    await user.type(within(options).getByLabelText('Betrag 1 (zł)'), '100');
    await user.click(within(options).getByRole('button', { name: 'Betrag hinzufügen' }));
    await user.type(within(options).getByLabelText('Betrag 2 (zł)'), '250');
    await user.click(within(form).getByRole('button', { name: 'Angebot anlegen' }));
    await waitFor(() => expect(router.state.location.search).toBe('?code=VC_SPA'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ code: 'VC_SPA', type: 'voucher', mainTaxon: 'cosmetics', price: 10000, durationMinutes: null, voucherValues: [10000, 25000] });
    expect(sent[0]?.body).not.toHaveProperty('package');
  });

  it('says when a code is not an offer', async () => {
    renderProducts('/backend/products?code=NOPE', 'en_GB', adminMe());
    expect(await screen.findByText('There is no offer with the code NOPE.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('tells a receptionist that only administrators change the offers', async () => {
    renderProducts('/backend/products', 'de', customer({ roles: ['customer', 'reception'] }));
    expect(await screen.findByText('Nur Administratoren ändern die Angebote.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Neues Angebot' })).toBeNull();
  });
});

const measured = (width: number, height: number) =>
  vi.stubGlobal('createImageBitmap', vi.fn(() => Promise.resolve({ width, height, close() {} })));

const PNG_BYTES = [137, 80, 78, 71, 13, 10, 26, 10];
const png = () => new File([new Uint8Array(PNG_BYTES)], 'a.png', { type: 'image/png' });

/** The pictures' thumbnails, by their text and address. */
const thumbnails = () => screen.getAllByRole('img').map((img) => [img.getAttribute('alt'), img.getAttribute('src')]);

describe('the offer’s pictures', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uploads a picture checked in the page and shows it last, busy while it is sent', async () => {
    measured(1200, 900);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { sent, user } = renderProducts('/backend/products?code=TR_HOT_STONES', 'en_GB', adminMe());
    const input = await screen.findByLabelText<HTMLInputElement>('Add a picture');
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    expect(described(input)).toEqual(['JPEG, PNG or WebP, at least 800 × 600 pixels, at most 8 MB. The shop makes the page and listing sizes itself.']);
    // The answer waits until the busy state is seen (an unanswered handler hands the request on).
    server.use(http.post(apiPath('/backend/products/:code/images'), async () => held));

    await user.upload(input, png());
    expect(await screen.findByText('Uploading…')).toBeTruthy();
    expect(screen.getByText('Uploading…').closest('[role="status"]')).toBeTruthy();
    expect(input.disabled).toBe(true);
    release();

    const done = await screen.findByText('Picture added.');
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(input.disabled).toBe(false);
    expect(sent).toEqual([{ method: 'POST', path: '/backend/products/TR_HOT_STONES/images', body: { type: 'image/png', bytes: PNG_BYTES, marker: 'XMLHttpRequest' } }]);
    expect(thumbnails()).toEqual([
      ['Masaż gorącymi kamieniami, picture 1', '/media/products/hot-stones-1.jpg'],
      ['Masaż gorącymi kamieniami, picture 2', '/media/products/hot-stones-2.jpg'],
      ['Masaż gorącymi kamieniami, picture 3', '/pictures/TR_HOT_STONES/7-page.jpg'],
    ]);
    const added = screen.getByRole('img', { name: 'Masaż gorącymi kamieniami, picture 3' });
    expect([added.getAttribute('width'), added.getAttribute('height'), added.getAttribute('loading')]).toEqual(['160', '120', 'lazy']);
    expect(screen.getByRole('button', { name: 'Remove picture 3' })).toBeTruthy();
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('refuses a picture under 800 × 600 pixels in the page, sending nothing', async () => {
    measured(640, 480);
    const { sent, user } = renderProducts('/backend/products?code=PR_ROSE_OIL', 'en_GB', adminMe());
    const input = await screen.findByLabelText('Add a picture');
    await user.upload(input, png());
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(described(input)).toContain('The picture is too small: it needs at least 800 × 600 pixels.');
    expect(sent).toEqual([]);
    expect(screen.queryByText('Picture added.')).toBeNull();
  });

  it('refuses a file that is not a JPEG, PNG or WebP in the page, sending nothing', async () => {
    const { sent } = renderProducts('/backend/products?code=PR_ROSE_OIL', 'pl', adminMe());
    // A browser's file dialog can show every file whatever `accept` says.
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Dodaj zdjęcie');
    await user.upload(input, new File(['just words'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(described(input)).toContain('Wybierz zdjęcie w formacie JPEG, PNG lub WebP.');
    expect(sent).toEqual([]);
  });

  it('shows the server’s refusal of the file at the file input', async () => {
    // Without createImageBitmap the page cannot measure the picture: the server decides.
    vi.stubGlobal('createImageBitmap', undefined);
    const { user } = renderProducts('/backend/products?code=PR_ROSE_OIL', 'de', adminMe());
    const input = await screen.findByLabelText('Bild hinzufügen');
    let posted = 0;
    server.use(
      http.post(apiPath('/backend/products/:code/images'), () => {
        posted += 1;
        return refuse(422, 'invalid_picture', 'The picture was refused.', [{ field: 'file', message: 'Kein lesbares Bild.' }]);
      }),
    );
    await user.upload(input, png());
    await waitFor(() => expect(described(input)).toContain('Kein lesbares Bild.'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toBe(1);

    server.use(http.post(apiPath('/backend/products/:code/images'), () => refuse(413, 'payload_too_large', 'Too large.')));
    await user.upload(input, png());
    await waitFor(() => expect(described(input)).toContain('Die Datei ist größer als 8 MB. Wählen Sie eine kleinere.'));
    expect(screen.queryByText('Bild hinzugefügt.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('removes an uploaded picture after asking, by keyboard', async () => {
    const { sent, user } = renderProducts('/backend/products?code=PR_CANDLE', 'en_GB', adminMe());
    const remove = await screen.findByRole('button', { name: 'Remove picture 2' });
    // The shop's own picture stays.
    expect(screen.queryByRole('button', { name: 'Remove picture 1' })).toBeNull();

    remove.focus();
    await user.keyboard('{Enter}');
    const confirm = screen.getByRole('button', { name: 'Confirm removal' });
    expect(document.activeElement).toBe(confirm);
    expect(screen.getByRole('group', { name: 'Remove picture 2' })).toBeTruthy();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove picture 2' }));
    expect(screen.queryByRole('button', { name: 'Confirm removal' })).toBeNull();
    expect(sent).toEqual([]);

    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    const done = await screen.findByText('Picture removed.');
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(sent).toEqual([{ method: 'DELETE', path: '/backend/products/PR_CANDLE/images', body: { path: '/pictures/PR_CANDLE/3-page.jpg', marker: 'XMLHttpRequest' } }]);
    expect(thumbnails()).toEqual([['Świeca sojowa, picture 1', '/media/products/candle.jpg']]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: 'Pictures' }));
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('has no removal for the shop’s own pictures', async () => {
    renderProducts('/backend/products?code=TR_HOT_STONES', 'pl', adminMe());
    expect(await screen.findByRole('img', { name: 'Masaż gorącymi kamieniami, zdjęcie 2' })).toBeTruthy();
    expect(screen.getByText('Goście widzą je w tej kolejności; pierwsze jest na karcie oferty.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Usuń zdjęcie/ })).toBeNull();
  });
});
