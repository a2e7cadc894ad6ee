/**
 * What search engines read in every page's head: the title, the meta
 * description and the links to the canonical page and to the same page in
 * the other languages (`hreflang` pl, de, en-GB and x-default), all in the
 * page's language and absolute. Every route of the table is rendered
 * through the app's own routes; a route added without a case here fails.
 */
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { paths, type RouteName } from '@/config/paths';
import { staffPaths, type StaffRouteName } from '@/config/staff-paths';
import type { Locale } from '@/lib/i18n/locale';
import { createTranslator } from '@/lib/i18n/translate';
import { createContentServer, demoPages } from '@/testing/mocks/content-server';
import { packageCost, packageDetails, roomOffer, roomSearchResponse, taxon } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { DESCRIPTION_MAX_LENGTH, toDescription } from '@/utils/meta-description';

import { giftVoucher, loadCheckoutPages, renderCheckout, setUpCheckout, stay } from './checkout-test-support';

const origin = window.location.origin;
/** Where the gateway says each language lives; the page's own language is on this page's origin. */
const HOSTS = { pl: 'http://shop.test:8080', de: 'http://de.shop.test:8080', en_GB: 'http://shop.test:8080' };
const hrefLangs = { pl: 'pl', de: 'de', en_GB: 'en-GB' } as const;

/** The product of the product page, by its slug in each language. */
const PRODUCT = {
  pl: '/oferta/pakiety/romantyczny-weekend-we-dwoje',
  de: '/angebot/pakete/romantisches-wochenende-zu-zweit',
  en_GB: '/en/offer/packages/romantic-weekend-for-two',
};
const PRODUCT_DESCRIPTION =
  'Dwie noce w pokoju z widokiem na jezioro, kolacja przy świecach i masaż dla dwojga.\n\n' +
  'Pakiet obejmuje śniadania, strefę saun i późne wymeldowanie. Rezerwując online, wybierasz zabiegi na miejscu.';

const head = {
  title: () => document.title,
  descriptions: () => [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]')].map((m) => m.content),
  canonical: () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
  alternate: (hrefLang: string) =>
    document.head.querySelector(`link[rel="alternate"][hreflang="${hrefLang}"]`)?.getAttribute('href') ?? null,
};

/** The answers a page needs beyond the default ones. */
function serveCatalog() {
  server.use(
    http.get(apiPath('/products/by-slug/:slug'), ({ request }) => {
      const locale = (new URL(request.url).searchParams.get('locale') ?? 'pl') as Locale;
      return HttpResponse.json(packageDetails({ description: PRODUCT_DESCRIPTION, links: { self: PRODUCT[locale] } }));
    }),
    // The same product in the other languages, by its code: its page there.
    http.get(apiPath('/products/:code'), ({ params, request }) => {
      const locale = (new URL(request.url).searchParams.get('locale') ?? 'pl') as Locale;
      const code = String(params.code);
      if (code === 'VC_AMOUNT') {
        return HttpResponse.json(packageDetails({ code, type: 'voucher', name: 'Voucher kwotowy', voucherValues: [20000] }));
      }
      return HttpResponse.json(packageDetails({ code, links: { self: PRODUCT[locale] } }));
    }),
    http.post(apiPath('/packages/:code/estimated-cost'), () => HttpResponse.json(packageCost(129900))),
    http.get(apiPath('/taxons/treatments'), () =>
      HttpResponse.json(
        taxon('treatments', 'Zabiegi', [
          ['massages', 'Masaże'],
          ['body-treatments', 'Zabiegi na ciało'],
        ]),
      ),
    ),
    http.get(apiPath('/rooms/search'), () => HttpResponse.json(roomSearchResponse([roomOffer()]))),
  );
  server.use(...createContentServer().handlers);
}

type Case = {
  /** The page's path in each language (with the query it needs). */
  url: (locale: Locale) => string;
  /** The canonical page, by language: the route's path without the query unless given. */
  canonical?: (locale: Locale) => string;
  setUp?: () => void;
  /** The description it must have, when the test knows it. */
  description?: (locale: Locale) => string;
};

const AND = { pl: 'i', de: 'und', en_GB: 'and' } as const;

const pagePaths = { ...paths, ...staffPaths };
const routePath = (name: RouteName | StaffRouteName) => (locale: Locale) => pagePaths[name].path(locale);
const page = (name: RouteName | StaffRouteName, extra: Omit<Case, 'url'> = {}): Case => ({ url: routePath(name), ...extra });
const t = (locale: Locale) => createTranslator(locale);
const contentDescription = (name: string) => (locale: Locale) =>
  demoPages.find((demo) => demo.name === name)?.description[locale] ?? '';

/**
 * Every page of the route table; `reservation` and `basket` only redirect,
 * and the newsletter e-mails' link pages are one visitor's, kept from search
 * engines by robots.txt (their title and description: newsletter-link.test.tsx).
 */
type Skipped = 'reservation' | 'basket' | 'newsletterConfirm' | 'newsletterUnsubscribe';
const SKIPPED: readonly RouteName[] = ['reservation', 'basket', 'newsletterConfirm', 'newsletterUnsubscribe'];
const cases: Record<Exclude<RouteName, Skipped> | StaffRouteName, Case> = {
  root: page('root', { description: (locale) => t(locale)('home.lead') }),
  offer: page('offer', { description: contentDescription('offer') }),
  regulations: page('regulations', { description: contentDescription('regulations') }),
  register: page('register', { description: (locale) => t(locale)('account.register.lead') }),
  login: page('login', { description: (locale) => t(locale)('account.login.lead') }),
  profile: page('profile', { description: (locale) => t(locale)('account.profile.description') }),
  forgotPassword: page('forgotPassword'),
  passwordReset: {
    url: (locale) => paths.passwordReset.href(locale, { token: 'a1b2c3' }),
    canonical: (locale) => paths.passwordReset.href(locale, { token: 'a1b2c3' }),
    description: (locale) => t(locale)('account.reset.lead'),
  },
  contact: page('contact', { description: (locale) => t(locale)('contact.lead') }),
  treatments: page('treatments', {
    // The lead, and the categories the server names.
    description: (locale) =>
      `${t(locale)('catalog.treatments.lead')} ${t(locale)('catalog.categories', { names: `Masaże ${AND[locale]} Zabiegi na ciało` })}`,
  }),
  packages: page('packages', { description: (locale) => t(locale)('catalog.packages.lead') }),
  products: page('products'),
  rooms: page('rooms'),
  vouchers: page('vouchers'),
  daySpa: page('daySpa'),
  voucherConfiguration: {
    url: (locale) => paths.voucherConfiguration.href(locale, { code: 'VC_AMOUNT' }),
    canonical: routePath('voucherConfiguration'),
  },
  reservationSearch: page('reservationSearch', { description: contentDescription('reservation-search') }),
  reservationRooms: {
    url: (locale) => paths.reservationRooms.href(locale, { dateFrom: '2026-07-10', dateTo: '2026-07-13' }),
    canonical: routePath('reservationRooms'),
    description: (locale) => t(locale)('rooms.results.description', { from: '10.07.2026', to: '13.07.2026' }),
  },
  reservationTerms: page('reservationTerms', { description: contentDescription('reservation-terms') }),
  reservationLocalization: page('reservationLocalization', { description: contentDescription('reservation-localization') }),
  basketItems: page('basketItems', { description: (locale) => t(locale)('basket.description') }),
  basketSuggestion: {
    url: (locale) => paths.basketSuggestion.href(locale, { variantCode: 'PKG_1' }),
    canonical: routePath('basketSuggestion'),
  },
  basketPersonal: page('basketPersonal', {
    setUp: () => setUpCheckout({ items: [stay()] }),
    description: (locale) => t(locale)('checkout.personal.description'),
  }),
  basketVoucher: page('basketVoucher', {
    setUp: () => setUpCheckout({ items: [stay(), giftVoucher()], state: 'addressed' }),
    description: (locale) => t(locale)('checkout.voucher.intro'),
  }),
  basketLogin: page('basketLogin', { setUp: () => setUpCheckout({ items: [stay()] }) }),
  basketPayment: page('basketPayment', {
    setUp: () => setUpCheckout({ items: [stay()], state: 'vouchering_skipped' }),
    description: (locale) => t(locale)('checkout.payment.description'),
  }),
  basketComplete: page('basketComplete', { description: (locale) => t(locale)('checkout.complete.description') }),
  editBlock: {
    url: (locale) => paths.editBlock.href(locale, { id: 'regulations-booking' }),
    canonical: (locale) => paths.editBlock.href(locale, { id: 'regulations-booking' }, { locale: 'pl' }),
  },
  staffOrders: page('staffOrders', { description: (locale) => t(locale)('staff.lead') }),
  staffBoard: page('staffBoard', { description: (locale) => t(locale)('staff.board.lead') }),
  staffBookings: page('staffBookings', { description: (locale) => t(locale)('staff.bookings.lead') }),
  staffArrivals: page('staffArrivals', { description: (locale) => t(locale)('staff.day.lead') }),
  staffTeam: page('staffTeam', { description: (locale) => t(locale)('staff.team.lead') }),
  staffRates: page('staffRates', { description: (locale) => t(locale)('staff.rates.lead') }),
  staffProducts: page('staffProducts', { description: (locale) => t(locale)('staff.products.lead') }),
  staffSettings: page('staffSettings', { description: (locale) => t(locale)('staff.settings.lead') }),
  staffChannels: page('staffChannels', { description: (locale) => t(locale)('staff.channels.lead') }),
};

/** A product page (under its listing): its name, its own description, its pages in the other languages. */
const productCase: Case = {
  url: (locale) => PRODUCT[locale],
  description: () => toDescription(PRODUCT_DESCRIPTION),
};

/** The page in `locale` once its head is there; returns what the router ended on. */
async function renderPage(testCase: Case, locale: Locale) {
  serveCatalog();
  testCase.setUp?.();
  const { router } = renderCheckout(testCase.url(locale), locale);
  await waitFor(
    () => {
      expect(head.canonical()).not.toBeNull();
      expect(head.descriptions()).toHaveLength(1);
      expect(head.alternate('x-default')).not.toBeNull();
    },
    { timeout: 5000 },
  );
  return router;
}

function expectHead(testCase: Case, locale: Locale, canonicalOf: (locale: Locale) => string) {
  const siteName = t(locale)('app.name');
  expect(head.title()).toMatch(new RegExp(`^.+ \\| ${siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

  const [description = ''] = head.descriptions();
  expect(description.trim().length).toBeGreaterThanOrEqual(10);
  expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH);
  // A message key instead of a text: a translation is missing.
  expect(description).not.toMatch(/^[a-z]+(\.[A-Za-z]+)+$/);
  const expected = testCase.description?.(locale);
  if (expected) expect(description).toBe(expected);

  expect(head.canonical()).toBe(`${origin}${canonicalOf(locale)}`);
  for (const other of ['pl', 'de', 'en_GB'] as const) {
    const host = other === locale ? origin : HOSTS[other];
    expect(head.alternate(hrefLangs[other])).toBe(`${host}${canonicalOf(other)}`);
  }
  expect(head.alternate('x-default')).toBe(head.alternate('pl'));
}

describe('page head', () => {
  beforeAll(async () => {
    // The lazy pages' first loads take a while in tests.
    await Promise.all([loadCheckoutPages(), import('./routes/catalog/listing'), import('./routes/catalog/product')]);
  });

  beforeEach(() => {
    const meta = document.createElement('meta');
    meta.name = 'locale-hosts';
    meta.content = 'pl=shop.test:8080,de=de.shop.test:8080,en_GB=shop.test:8080';
    document.head.append(meta);
  });
  afterEach(() => document.head.querySelector('meta[name="locale-hosts"]')?.remove());

  it('has a case for every page of the route table', () => {
    const pages = (Object.keys(pagePaths) as (RouteName | StaffRouteName)[]).filter((name) => !(SKIPPED as string[]).includes(name));
    expect(Object.keys(cases).sort()).toEqual(pages.sort());
  });

  it.each(Object.entries(cases))('%s: title, description, canonical and alternates in Polish', async (name, testCase) => {
    const router = await renderPage(testCase, 'pl');
    // The page stayed itself (no redirect elsewhere).
    expect(router.state.location.pathname).toBe(testCase.url('pl').split('?')[0]);
    expectHead(testCase, 'pl', testCase.canonical ?? routePath(name as RouteName | StaffRouteName));
  });

  // The pages the search engine audit visits, in every language.
  describe.each(['pl', 'de', 'en_GB'] as const)('in %s', (locale) => {
    it.each([
      ['the home page', cases.root, routePath('root')],
      ['a listing', cases.treatments, routePath('treatments')],
      ['the reservation search', cases.reservationSearch, routePath('reservationSearch')],
    ] as const)('%s has its head in the language', async (_, testCase, canonical) => {
      await renderPage(testCase, locale);
      expectHead(testCase, locale, canonical);
    });

    it('a product page names its own description and the same product in the other languages', async () => {
      await renderPage(productCase, locale);
      await waitFor(() => expect(head.alternate('de')).toBe(`${locale === 'de' ? origin : HOSTS.de}${PRODUCT.de}`));
      expect(head.title()).toMatch(/^Romantyczny weekend we dwoje \| /);
      expectHead(productCase, locale, (other) => PRODUCT[other]);
    });
  });

  it('takes over the head the server wrote: its links at once, its Open Graph and JSON-LD once the page is left', async () => {
    const served = [
      Object.assign(document.createElement('link'), { rel: 'canonical', href: 'http://server.test/oferta/zabiegi/' }),
      Object.assign(document.createElement('link'), { rel: 'alternate', hreflang: 'de', href: 'http://server.test/de' }),
      Object.assign(document.createElement('meta'), { content: 'Zabiegi' }),
      Object.assign(document.createElement('script'), { type: 'application/ld+json', text: '{}' }),
    ];
    served[2]?.setAttribute('property', 'og:title');
    for (const tag of served) {
      tag.setAttribute('data-head', '');
      document.head.append(tag);
    }
    const router = await renderPage(cases.treatments, 'pl');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(head.canonical()).toBe(`${origin}/oferta/zabiegi/`);
    expect(served.map((tag) => tag.isConnected)).toEqual([false, false, true, true]);
    await router.navigate('/oferta/pakiety/');
    await waitFor(() => expect(document.head.querySelectorAll('[data-head]')).toHaveLength(0));
  });

  it('has descriptions within the length search engines show, in every language', () => {
    const keys = [
      'home.lead',
      'contact.lead',
      'reservation.search.lead',
      'catalog.treatments.lead',
      'catalog.packages.lead',
      'catalog.products.lead',
      'catalog.vouchers.lead',
      'catalog.daySpa.lead',
      'catalog.rooms.lead',
      'rooms.results.description',
      'basket.description',
      'basket.suggestion.description',
      'account.login.lead',
      'account.register.lead',
      'account.forgot.lead',
      'account.reset.lead',
      'account.checkout.lead',
      'account.profile.description',
      'checkout.personal.description',
      'checkout.voucher.intro',
      'checkout.payment.description',
      'checkout.complete.description',
      'checkout.config.lead',
      'staff.lead',
      'notFound.body',
      'errors.pageBody',
      'errors.chunkBody',
    ] as const;
    for (const locale of ['pl', 'de', 'en_GB'] as const) {
      for (const key of keys) {
        const text = t(locale)(key, { from: '10.07.2026', to: '13.07.2026' });
        expect(text, `${key} in ${locale}`).not.toBe(key);
        expect(text.length, `${key} in ${locale}`).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH);
      }
    }
  });

  it('keeps one description while the visitor moves on, each page its own', async () => {
    const router = await renderPage(cases.root, 'pl');
    const home = head.descriptions()[0];
    await router.navigate(paths.packages.href('pl'));
    await waitFor(() => expect(head.descriptions()).toEqual([t('pl')('catalog.packages.lead')]));
    expect(head.descriptions()[0]).not.toBe(home);
    expect(head.canonical()).toBe(`${origin}/oferta/pakiety/`);
  });
});
