import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { createContentServer } from '@/testing/mocks/content-server';
import {
  listingItem,
  listingResponse,
  packageCost,
  packageDetails,
  roomOffer,
  roomSearchResponse,
} from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import { addDays, todayIso } from '@/utils/calendar-date';

import { createRoutes } from './router';

const origin = window.location.origin;

/** The href of a <link> in the document head, or null. */
function headLink(rel: string, hrefLang?: string): string | null {
  const selector = hrefLang ? `link[rel="${rel}"][hreflang="${hrefLang}"]` : `link[rel="${rel}"]`;
  return document.head.querySelector(selector)?.getAttribute('href') ?? null;
}

function renderApp(url: string, locale: Locale) {
  const queryClient = createTestQueryClient();
  return renderRoutes(createRoutes(locale, queryClient), url, { locale, queryClient });
}

describe('app router', () => {
  it.each([
    ['pl', '/oferta/zabiegi/', 'Zabiegi', 'Zabiegi | Pensjonat Spa & Wellness'],
    ['de', '/angebot/behandlungen', 'Behandlungen', 'Behandlungen | Pension Spa & Wellness'],
    ['en_GB', '/en/offer/treatments', 'Treatments', 'Treatments | Spa & Wellness Guesthouse'],
  ] as const)('serves the %s treatments listing at %s', async (locale, url, heading, title) => {
    const locales: string[] = [];
    server.use(
      http.get(apiPath('/offer/treatment'), ({ request }) => {
        locales.push(new URL(request.url).searchParams.get('locale') ?? '');
        return HttpResponse.json(listingResponse([listingItem(), listingItem(), listingItem()]));
      }),
    );
    renderApp(url, locale);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(await screen.findAllByTestId('product-card')).toHaveLength(3);
    expect(locales[0]).toBe(locale);
    expect(document.title).toBe(title);
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it('registers only the current language: German paths are unknown in Polish', async () => {
    renderApp('/angebot/behandlungen', 'pl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeTruthy();
  });

  it.each([
    ['pl', '/basket', '/basket/items', 'Koszyk'],
    ['en_GB', '/en/basket', '/en/basket/items', 'Basket'],
    ['pl', '/reservation', '/reservation/search', 'Wyszukaj pokój'],
    ['en_GB', '/en/reservation', '/en/reservation/search', 'Find a room'],
    ['pl', '/basket/suggestion', '/basket/items', 'Koszyk'],
    ['pl', '/reservation/rooms?dateFrom=2026-05-01', '/reservation/search', 'Wyszukaj pokój'],
  ] as const)('in %s redirects %s to %s', async (locale, from, to, heading) => {
    const { router } = renderApp(from, locale);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('keeps a suggestion page that has its variantCode', async () => {
    const { router } = renderApp('/basket/suggestion?variantCode=PKG_1', 'pl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Polecamy również' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/basket/suggestion');
  });

  it('serves the basket items page with the shop texts', async () => {
    renderApp('/en/basket/items', 'en_GB');
    expect(await screen.findByRole('heading', { level: 1, name: 'Basket' })).toBeTruthy();
    expect(await screen.findByText('No products in your basket')).toBeTruthy();
    expect(document.title).toBe('Basket | Spa & Wellness Guesthouse');
  });

  it.each(['/basket/personal', '/basket/payment', '/basket/voucher'])(
    'serves the checkout step %s: without a basket the visitor goes to the basket',
    async (url) => {
      const { router } = renderApp(url, 'pl');
      await waitFor(() => expect(router.state.location.pathname).toBe('/basket/items'));
      expect(await screen.findByText('Brak produktów w koszyku')).toBeTruthy();
      expect(screen.queryByTestId('coming-soon')).toBeNull();
    },
  );

  it.each([
    ['de', '/angebot', '/angebot'],
    ['pl', '/regulamin', '/regulamin'],
    ['en_GB', '/en/regulations', '/en/regulations'],
    ['pl', '/reservation/terms', '/reservation/terms'],
    ['en_GB', '/en/reservation/localization', '/en/reservation/localization'],
  ] as const)('in %s serves %s from the content system, by its path', async (locale, url, asked) => {
    const pages: string[] = [];
    server.use(
      http.get(apiPath('/pages'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        pages.push(`${query.get('locale')} ${query.get('url')}`);
        return HttpResponse.json({
          url: asked,
          locale,
          name: 'page',
          title: 'Strona z treścią',
          description: 'Opis',
          containers: { content: '<p>Treść bloku.</p>' },
          blocks: [{ id: 'block-1', content: '<p>Treść bloku.</p>', revision: 1 }],
        });
      }),
    );
    renderApp(url, locale);
    expect(await screen.findByRole('heading', { level: 1, name: 'Strona z treścią' })).toBeTruthy();
    expect(screen.getByText('Treść bloku.')).toBeTruthy();
    expect(pages).toEqual([`${locale} ${asked}`]);
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it.each([
    ['pl', '/kontakt', 'Kontakt', 'Adres', 'Kontakt | Pensjonat Spa & Wellness'],
    ['de', '/kontakt', 'Kontakt', 'Adresse', 'Kontakt | Pension Spa & Wellness'],
    ['en_GB', '/en/contact', 'Contact', 'Address', 'Contact | Spa & Wellness Guesthouse'],
  ] as const)('in %s serves the contact page at %s with its texts', async (locale, url, heading, section, title) => {
    renderApp(url, locale);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: section })).toBeTruthy();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    expect(document.title).toBe(title);
  });

  it('shows the banner on the home page and the newsletter sign-up in the footer', async () => {
    // The banner's slides are the home page's blocks in the content system.
    server.use(...createContentServer().handlers);
    renderApp('/en', 'en_GB');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unwind with us' })).toBeTruthy();
    const banner = await screen.findByRole('region', { name: 'Our suggestions' });
    expect(banner.getAttribute('aria-roledescription')).toBe('carousel');
    expect(within(banner).getByRole('heading', { level: 2, name: 'Stay packages' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'See packages' }).getAttribute('href')).toBe('/en/offer/packages');
    expect(within(banner).getAllByRole('button', { name: /^Slide \d: / })).toHaveLength(4);

    const footer = screen.getByRole('contentinfo');
    const newsletter = within(footer).getByRole('region', { name: 'Newsletter' });
    expect(within(newsletter).getByLabelText('Your e-mail address')).toBeTruthy();
    expect(within(newsletter).getByRole('button', { name: 'Sign up' })).toBeTruthy();
  });

  it.each([
    ['pl', '/oferta/pakiety/', 'package', 'Pakiety'],
    ['pl', '/oferta/produkty/', 'product', 'Produkty'],
    ['pl', '/oferta/vouchery', 'voucher', 'Vouchery'],
    ['pl', '/oferta/day-spa/', 'day_spa', 'Day spa'],
    ['pl', '/pensjonat/baza-noclegowa/', 'room', 'Pokoje'],
    ['de', '/angebot/pakete', 'package', 'Pakete'],
    ['de', '/pension/unterkunft', 'room', 'Zimmer'],
    ['en_GB', '/en/offer/vouchers', 'voucher', 'Gift vouchers'],
    ['en_GB', '/en/offer/day-spa', 'day_spa', 'Day spa'],
    ['en_GB', '/en/guesthouse/accomodation', 'room', 'Rooms'],
  ] as const)('in %s serves the listing at %s', async (locale, url, type, heading) => {
    const types: string[] = [];
    server.use(
      http.get(apiPath('/offer/:type'), ({ params }) => {
        types.push(String(params.type));
        return HttpResponse.json(listingResponse([listingItem(), listingItem()]));
      }),
    );
    renderApp(url, locale);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(await screen.findAllByTestId('product-card')).toHaveLength(2);
    expect(types).toEqual([type]);
    expect(screen.getByRole('search')).toBeTruthy();
  });

  it('serves a product page under its listing, found by slug', async () => {
    const slugs: string[] = [];
    server.use(
      http.get(apiPath('/products/by-slug/:slug'), ({ params }) => {
        slugs.push(String(params.slug));
        return HttpResponse.json(
          packageDetails({ links: { self: '/en/offer/packages/romantic-weekend-for-two' }, name: 'Romantic weekend' }),
        );
      }),
      http.post(apiPath('/packages/:code/estimated-cost'), () => HttpResponse.json(packageCost(129900))),
      // The same product in Polish, by its code: its own slug there.
      http.get(apiPath('/products/:code'), ({ params, request }) => {
        expect(new URL(request.url).searchParams.get('locale')).toBe('pl');
        return HttpResponse.json(packageDetails({ code: String(params.code) }));
      }),
    );
    renderApp('/en/offer/packages/romantic-weekend-for-two', 'en_GB');
    expect(await screen.findByRole('heading', { level: 1, name: 'Romantic weekend' })).toBeTruthy();
    expect(slugs).toEqual(['romantic-weekend-for-two']);
    await waitFor(() => expect(document.title).toBe('Romantic weekend | Spa & Wellness Guesthouse'));
    // The packages link stays current under a package; the switcher offers the same package in Polish.
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Packages' }).getAttribute('aria-current')).toBe('page');
    const switcher = screen.getByRole('navigation', { name: 'Choose language' });
    await waitFor(() =>
      expect(within(switcher).getByRole('link', { name: 'Polski' }).getAttribute('href')).toBe(
        `${origin}/oferta/pakiety/romantyczny-weekend-we-dwoje`,
      ),
    );
    expect(headLink('canonical')).toBe(`${origin}/en/offer/packages/romantic-weekend-for-two`);
    expect(headLink('alternate', 'pl')).toBe(`${origin}/oferta/pakiety/romantyczny-weekend-we-dwoje`);
  });

  it('asks about a product from its page: the inquiry modal loads and sends the product’s code', async () => {
    const sent: unknown[] = [];
    const oil = packageDetails({
      code: 'OIL_ROSE',
      type: 'product',
      name: 'Olejek różany',
      links: { self: '/oferta/produkty/olejek-rozany' },
    });
    server.use(
      http.get(apiPath('/products/by-slug/:slug'), () => HttpResponse.json(oil)),
      http.get(apiPath('/products/:code'), () => HttpResponse.json(oil)),
      http.post(apiPath('/contact/product-questions'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/oferta/produkty/olejek-rozany', 'pl');
    await screen.findByRole('heading', { level: 1, name: 'Olejek różany' });
    await user.click(screen.getByRole('button', { name: 'Zapytaj o produkt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zapytanie: Olejek różany' });
    await user.type(within(dialog).getByLabelText('Imię i nazwisko'), 'Anna Nowak');
    await user.type(within(dialog).getByLabelText('Adres e-mail'), 'anna@example.pl');
    await user.type(within(dialog).getByLabelText('Telefon'), '600 100 200');
    await user.type(within(dialog).getByLabelText('Wiadomość'), 'Czy jest wegański?');
    await user.click(within(dialog).getByRole('button', { name: 'Wyślij' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Dziękujemy, wiadomość wysłana.'));
    expect(sent).toEqual([
      { productCode: 'OIL_ROSE', customer: 'Anna Nowak', email: 'anna@example.pl', phone: '600 100 200', message: 'Czy jest wegański?' },
    ]);
  });

  it('offers the listing in the other language while the product there is unknown', async () => {
    server.use(
      http.get(apiPath('/products/by-slug/:slug'), () =>
        HttpResponse.json(packageDetails({ links: { self: '/en/offer/packages/romantic-weekend-for-two' } })),
      ),
      http.get(apiPath('/products/:code'), () =>
        HttpResponse.json({ code: 'unavailable', message: 'Service unavailable' }, { status: 503 }),
      ),
      http.post(apiPath('/packages/:code/estimated-cost'), () => HttpResponse.json(packageCost(129900))),
    );
    renderApp('/en/offer/packages/romantic-weekend-for-two', 'en_GB');
    await screen.findByRole('heading', { level: 1, name: 'Romantyczny weekend we dwoje' });
    await waitFor(() => expect(headLink('canonical')).toBe(`${origin}/en/offer/packages/romantic-weekend-for-two`));
    const switcher = screen.getByRole('navigation', { name: 'Choose language' });
    expect(within(switcher).getByRole('link', { name: 'Polski' }).getAttribute('href')).toBe(`${origin}/oferta/pakiety/`);
    expect(headLink('alternate', 'pl')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Notifications' })?.textContent ?? '').not.toContain('unavailable');
  });

  it('shows the not-found page for an unknown product', async () => {
    server.use(
      http.get(apiPath('/products/by-slug/:slug'), () =>
        HttpResponse.json({ code: 'product_not_found', message: 'Product not found' }, { status: 404 }),
      ),
    );
    renderApp('/oferta/produkty/nie-ma-takiego', 'pl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeTruthy();
  });

  it.each([
    ['pl', '/newsletter/confirm/tok-1', 'confirm', 'Potwierdzenie zapisu do newslettera', 'Twój zapis do newslettera jest potwierdzony. Dziękujemy!'],
    ['de', '/newsletter/unsubscribe/tok-2', 'unsubscribe', 'Abmeldung vom Newsletter', 'Sie wurden vom Newsletter abgemeldet. Wir senden keine Nachrichten mehr an diese Adresse.'],
    // English: under /en, like every English page.
    ['en_GB', '/en/newsletter/confirm/tok-3', 'confirm', 'Newsletter confirmation', 'Your subscription is confirmed. Thank you!'],
  ] as const)('in %s serves the newsletter e-mail’s link %s in the page’s language', async (locale, url, action, heading, done) => {
    const tokens: unknown[] = [];
    server.use(
      http.post(apiPath(`/newsletter/${action}`), async ({ request }) => {
        tokens.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    renderApp(url, locale);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('newsletter-link-outcome').textContent).toBe(done));
    expect(tokens).toEqual([{ token: url.split('/').at(-1) }]);
    // The link is the visitor's own: no canonical link, and the switcher offers the home pages.
    expect(headLink('canonical')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('has a voucher configuration page ahead of product slugs', async () => {
    server.use(
      http.get(apiPath('/products/VC_AMOUNT'), () =>
        HttpResponse.json(
          packageDetails({ code: 'VC_AMOUNT', type: 'voucher', name: 'Voucher kwotowy', voucherValues: [20000, 50000] }),
        ),
      ),
    );
    renderApp('/oferta/vouchery/konfiguracja?code=VC_AMOUNT', 'pl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Konfiguracja vouchera' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Voucher kwotowy' })).toBeTruthy();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it('renders the shell: skip link, landmarks, nav in the page language and a language switcher', async () => {
    renderApp('/en/offer/treatments', 'en_GB');
    await screen.findAllByTestId('product-card');

    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main-content');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Packages' }).getAttribute('href')).toBe('/en/offer/packages');
    expect(within(nav).getByRole('link', { name: 'Treatments' }).getAttribute('aria-current')).toBe('page');

    // Same page in Polish; German needs its own host, which no gateway named here.
    const switcher = screen.getByRole('navigation', { name: 'Choose language' });
    expect(within(switcher).getByRole('link', { name: 'Polski' }).getAttribute('href')).toBe(`${origin}/oferta/zabiegi/`);
    expect(within(switcher).queryByRole('link', { name: 'Deutsch' })).toBeNull();

    // The mini basket: nothing stored, nothing counted.
    expect(screen.getByRole('button', { name: 'Basket: 0 items' }).getAttribute('aria-expanded')).toBe('false');
  });

  describe('with the hosts the gateway names', () => {
    beforeEach(() => {
      const meta = document.createElement('meta');
      meta.name = 'locale-hosts';
      meta.content = 'pl=shop.test:8080,de=de.shop.test:8080,en_GB=shop.test:8080';
      document.head.append(meta);
    });
    afterEach(() => document.head.querySelector('meta[name="locale-hosts"]')?.remove());

    it('links each language to the same page on its host, the query kept', async () => {
      renderApp('/oferta/pakiety?category=romantic&nights=2', 'pl');
      await screen.findAllByTestId('product-card');
      const switcher = screen.getByRole('navigation', { name: 'Wybór języka' });
      expect(within(switcher).getByRole('link', { name: 'Deutsch' }).getAttribute('href')).toBe(
        'http://de.shop.test:8080/angebot/pakete?category=romantic&nights=2',
      );
      expect(within(switcher).getByRole('link', { name: 'English' }).getAttribute('href')).toBe(
        'http://shop.test:8080/en/offer/packages?category=romantic&nights=2',
      );
      expect(within(switcher).getByText('Polski').getAttribute('aria-current')).toBe('true');
      // Canonical: this origin, the route table's form (trailing slash), no filters.
      expect(headLink('canonical')).toBe(`${origin}/oferta/pakiety/`);
      expect(headLink('alternate', 'de')).toBe('http://de.shop.test:8080/angebot/pakete');
      expect(headLink('alternate', 'x-default')).toBe(`${origin}/oferta/pakiety/`);
    });

    it('links from German back to the Polish host', async () => {
      renderApp('/angebot/behandlungen', 'de');
      await screen.findAllByTestId('product-card');
      const switcher = screen.getByRole('navigation', { name: 'Sprache wählen' });
      expect(within(switcher).getByRole('link', { name: 'Polski' }).getAttribute('href')).toBe(
        'http://shop.test:8080/oferta/zabiegi/',
      );
      expect(headLink('canonical')).toBe(`${origin}/angebot/behandlungen`);
    });

    it('has no canonical link on the not-found page and offers the other homes', async () => {
      renderApp('/oferta/nie-ma-takiej-strony', 'pl');
      await screen.findByRole('heading', { level: 1, name: 'Nie znaleziono strony' });
      expect(headLink('canonical')).toBeNull();
      const switcher = screen.getByRole('navigation', { name: 'Wybór języka' });
      expect(within(switcher).getByRole('link', { name: 'Deutsch' }).getAttribute('href')).toBe(
        'http://de.shop.test:8080/',
      );
    });
  });

  it('shows the notification region and a toast when the listing fails', async () => {
    server.use(
      http.get(apiPath('/offer/treatment'), () =>
        HttpResponse.json({ code: 'unavailable', message: 'Service unavailable' }, { status: 503 }),
      ),
    );
    renderApp('/en/offer/treatments', 'en_GB');
    const region = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(region).findByText('Service unavailable')).toBeTruthy();
  });

  it('serves the reservation search with the date and guest pickers', async () => {
    renderApp('/en/reservation', 'en_GB');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a room' })).toBeTruthy();
    const form = screen.getByRole('search', { name: 'Room search' });
    expect(within(form).getByRole('button', { name: 'Dates of stay Choose dates' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Guests 2 guests' })).toBeTruthy();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    expect(document.title).toBe('Find a room | Spa & Wellness Guesthouse');
    const more = screen.getByRole('navigation', { name: 'More about booking' });
    expect(within(more).getByRole('link', { name: 'Reservation rules' }).getAttribute('href')).toBe('/en/reservation/terms');
  });

  it('keeps the guests when results lack dates and go back to search', async () => {
    const { router } = renderApp('/reservation/rooms?adults=1&babies=2', 'pl');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reservation/search'));
    expect(router.state.location.search).toBe('?adults=1&children=0&babies=2');
    expect(await screen.findByRole('button', { name: 'Goście 1 gość, 2 niemowlęta' })).toBeTruthy();
  });

  it('serves shareable results from the query', async () => {
    const from = addDays(todayIso(), 30);
    const to = addDays(from, 2);
    const asked: string[] = [];
    server.use(
      http.get(apiPath('/rooms/search'), ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(roomSearchResponse([roomOffer({ name: 'Pokój z balkonem' })]));
      }),
    );
    renderApp(`/reservation/rooms?dateFrom=${from}&dateTo=${to}&adults=2&children=1&babies=0`, 'pl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dostępne pokoje' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Pokój z balkonem' })).toBeTruthy();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(`from=${from}&to=${to}&adults=2&children=1&babies=0`);
    expect(document.title).toBe('Dostępne pokoje | Pensjonat Spa & Wellness');
  });

  it('serves the content editor at one path, outside /en, in the page’s language', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiPath('/backend/blocks/:id'), ({ params, request }) => {
        asked.push(`${String(params.id)} ${new URL(request.url).searchParams.get('locale')}`);
        return HttpResponse.json({ code: 'not_logged_in', message: 'You are not logged in.' }, { status: 401 });
      }),
    );
    // The editor's code, first compiled for the test run, took longer than
    // a lookup's wait (1.3-1.7 s in a run of this file alone): compiled
    // here, so the wait is the router's, not the compiler's.
    await Promise.all([import('./routes/staff'), import('./routes/content-editor')]);
    renderApp('/backend/block/edit/regulations-booking', 'en_GB');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit a block' })).toBeTruthy();
    // Nobody is logged in: the server refuses, the page asks for a login.
    expect(await screen.findByText('Log in with an editor’s account to edit content.')).toBeTruthy();
    expect(asked).toEqual(['regulations-booking en_GB']);
  });

  it('serves the staff’s order desk at one path, outside /en, with the code from the query', async () => {
    const asked: string[] = [];
    server.use(
      http.get(apiPath('/backend/orders/:code'), ({ params, request }) => {
        asked.push(`${String(params.code)} ${new URL(request.url).searchParams.get('locale')}`);
        return HttpResponse.json({ code: 'not_logged_in', message: 'You are not logged in.' }, { status: 401 });
      }),
    );
    renderApp('/backend/orders?code=spa-7km4-xq9d', 'en_GB');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeTruthy();
    expect(await screen.findByText('Log in with a reception or administrator account to see orders.')).toBeTruthy();
    expect(asked).toEqual(['SPA-7KM4-XQ9D en_GB']);
    expect(document.title).toBe('Order SPA-7KM4-XQ9D | Spa & Wellness Guesthouse');
  });
});
