import { describe, expect, it } from 'vitest';

import { LOCALES } from '@/lib/i18n/locale';

import { externalPaths, listingRouteByType, paths, productPage, toQueryString, type RouteName } from './paths';
import { staffPaths } from './staff-paths';

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

  it('repeats array values in the query', () => {
    expect(toQueryString({ 'taxon[]': ['a', 'b'], limit: 10 })).toBe('?taxon%5B%5D=a&taxon%5B%5D=b&limit=10');
    expect(toQueryString({ 'taxon[]': [] })).toBe('');
  });

  it('puts product pages under their listing', () => {
    expect(productPage.path('packages', 'pl')).toBe('/oferta/pakiety/:slug');
    expect(productPage.path('packages', 'de')).toBe('/angebot/pakete/:slug');
    expect(productPage.path('rooms', 'en_GB')).toBe('/en/guesthouse/accomodation/:slug');
    expect(productPage.href('daySpa', 'pl', 'pol dnia')).toBe('/oferta/day-spa/pol%20dnia');
    expect(productPage.href(listingRouteByType.voucher, 'en_GB', 'value-gift-voucher')).toBe(
      '/en/offer/vouchers/value-gift-voucher',
    );
  });

  it('has a voucher configuration step under the vouchers listing', () => {
    expect(paths.voucherConfiguration.href('pl', { code: 'VC_AMOUNT' })).toBe(
      '/oferta/vouchery/konfiguracja?code=VC_AMOUNT',
    );
    expect(paths.voucherConfiguration.href('de')).toBe('/angebot/gutscheine/konfiguration');
  });

  it.each(LOCALES)('has a distinct absolute path for every route in %s', (locale) => {
    const all = names.map((name) => paths[name].path(locale));
    for (const path of all) expect(path.startsWith('/')).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });

  it('keeps every English path under /en, the staff’s pages aside', () => {
    const everyLanguage: RouteName[] = ['editBlock'];
    for (const name of names.filter((route) => !everyLanguage.includes(route))) {
      expect(paths[name].path('en_GB')).toMatch(/^\/en(\/|$)/);
    }
  });

  it('has one content editor path for every language, the block’s language in the query', () => {
    for (const locale of LOCALES) expect(paths.editBlock.path(locale)).toBe('/backend/block/edit/:id');
    expect(paths.editBlock.href('pl', { id: 'regulations-booking' })).toBe('/backend/block/edit/regulations-booking');
    expect(paths.editBlock.href('pl', { id: 'a/b' }, { locale: 'en_GB' })).toBe('/backend/block/edit/a%2Fb?locale=en_GB');
  });

  it('has one path in every language for each back-office page, what it shows in the query', () => {
    for (const locale of LOCALES) {
      expect([staffPaths.staffBoard.path(locale), staffPaths.staffBookings.path(locale), staffPaths.staffArrivals.path(locale)]).toEqual([
        '/backend/board',
        '/backend/bookings',
        '/backend/arrivals',
      ]);
    }
    expect(staffPaths.staffBookings.href('de', { q: 'nowak', page: '2' })).toBe('/backend/bookings?q=nowak&page=2');
    expect(staffPaths.staffArrivals.href('en_GB', { date: '2026-12-18' })).toBe('/backend/arrivals?date=2026-12-18');
  });

  it('has one order desk path for every language, the booking code in the query', () => {
    for (const locale of LOCALES) expect(staffPaths.staffOrders.path(locale)).toBe('/backend/orders');
    expect(staffPaths.staffOrders.href('en_GB')).toBe('/backend/orders');
    expect(staffPaths.staffOrders.href('de', { code: 'SPA-7KM4-XQ9D' })).toBe('/backend/orders?code=SPA-7KM4-XQ9D');
  });

  it('has the account pages, the password reset link with its token', () => {
    expect(paths.login.href('de')).toBe('/anmelden');
    expect(paths.profile.href('pl')).toBe('/profil');
    expect(paths.profile.href('en_GB')).toBe('/en/profile');
    expect(paths.forgotPassword.href('pl')).toBe('/nie-pamietam-hasla');
    // The e-mail's link (services/content/src/account.rs): the same path in Polish and German.
    expect(paths.passwordReset.path('pl')).toBe('/reset-password/:token');
    expect(paths.passwordReset.href('de', { token: 'a1b2' })).toBe('/reset-password/a1b2');
    expect(paths.passwordReset.href('en_GB', { token: 'a/b' })).toBe('/en/reset-password/a%2Fb');
  });

  it('gives the newsletter e-mails’ links the Polish path in Polish and German (German on its host), under /en in English', () => {
    for (const locale of ['pl', 'de'] as const) {
      expect(paths.newsletterConfirm.path(locale)).toBe('/newsletter/confirm/:token');
      expect(paths.newsletterUnsubscribe.path(locale)).toBe('/newsletter/unsubscribe/:token');
    }
    expect(paths.newsletterConfirm.path('en_GB')).toBe('/en/newsletter/confirm/:token');
    expect(paths.newsletterConfirm.href('en_GB', { token: 'a/b' })).toBe('/en/newsletter/confirm/a%2Fb');
    expect(paths.newsletterUnsubscribe.href('de', { token: 'x1' })).toBe('/newsletter/unsubscribe/x1');
    expect(paths.basketPersonal.href('pl', { account: 'guest' })).toBe('/basket/personal?account=guest');
  });

  it('puts the room popup fragment under /pl, /de or /en', () => {
    expect(externalPaths.roomPartial('pl', 'ROOM_LAKE_VIEW')).toBe('/pl/_partial/rooms/ROOM_LAKE_VIEW');
    expect(externalPaths.roomPartial('de', 'ROOM 1')).toBe('/de/_partial/rooms/ROOM%201');
    expect(externalPaths.roomPartial('en_GB', 'ROOM_LAKE_VIEW')).toBe('/en/_partial/rooms/ROOM_LAKE_VIEW');
  });

  it('carries the room search in the reservation query', () => {
    expect(paths.reservationSearch.href('pl', { adults: 1, children: 0 })).toBe('/reservation/search?adults=1&children=0');
    expect(paths.reservationSearch.href('de')).toBe('/reservation/search');
  });
});
