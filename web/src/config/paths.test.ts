import { describe, expect, it } from 'vitest';

import { LOCALES } from '@/lib/i18n/locale';

import { paths, toQueryString, type RouteName } from './paths';

const names = Object.keys(paths) as RouteName[];

describe('route table', () => {
  it.each([
    ['treatments', '/oferta/zabiegi/', '/angebot/behandlungen', '/en/offer/treatments'],
    ['packages', '/oferta/pakiety/', '/angebot/pakete', '/en/offer/packages'],
    ['products', '/oferta/produkty/', '/angebot/produkte', '/en/offer/products'],
    ['rooms', '/pensjonat/baza-noclegowa/', '/pension/unterkunft', '/en/guesthouse/accomodation'],
    ['vouchers', '/oferta/vouchery', '/angebot/gutscheine', '/en/offer/vouchers'],
    ['offer', '/oferta', '/angebot', '/en/our-offer'],
    ['reservation', '/reservation', '/reservation', '/en/reservation'],
    ['basket', '/basket', '/basket', '/en/basket'],
    ['regulations', '/regulamin', '/regulations', '/en/regulations'],
    ['register', '/register', '/register', '/en/register'],
    ['root', '/', '/', '/en'],
  ] as const)('%s resolves per locale', (name, pl, de, en) => {
    expect(paths[name].href('pl')).toBe(pl);
    expect(paths[name].href('de')).toBe(de);
    expect(paths[name].href('en_GB')).toBe(en);
  });

  it('puts basket and reservation steps under the localized base', () => {
    expect(paths.basketItems.href('pl')).toBe('/basket/items');
    expect(paths.basketPayment.href('en_GB')).toBe('/en/basket/payment');
    expect(paths.basketComplete.href('de')).toBe('/basket/complete');
    expect(paths.reservationSearch.href('en_GB')).toBe('/en/reservation/search');
    expect(paths.reservationLocalization.href('pl')).toBe('/reservation/localization');
  });

  it('builds query strings, skipping empty values', () => {
    expect(paths.basketSuggestion.href('pl', { variantCode: 'PKG 1' })).toBe(
      '/basket/suggestion?variantCode=PKG+1',
    );
    expect(
      paths.reservationRooms.href('en_GB', { dateFrom: '2026-05-01', dateTo: '2026-05-03', adults: 2 }),
    ).toBe('/en/reservation/rooms?dateFrom=2026-05-01&dateTo=2026-05-03&adults=2');
    expect(paths.treatments.href('de', { page: 2 })).toBe('/angebot/behandlungen?page=2');
    expect(toQueryString({ a: undefined, b: null, c: '' })).toBe('');
  });

  it.each(LOCALES)('has a distinct absolute path for every route in %s', (locale) => {
    const all = names.map((name) => paths[name].path(locale));
    for (const path of all) expect(path.startsWith('/')).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });

  it('keeps every English path under /en', () => {
    for (const name of names) expect(paths[name].path('en_GB')).toMatch(/^\/en(\/|$)/);
  });
});
