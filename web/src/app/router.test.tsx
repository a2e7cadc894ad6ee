import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { listingItem, listingResponse } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';

import { createRoutes } from './router';

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

  it('shows an honest coming-soon page for parts not built yet', async () => {
    renderApp('/angebot/pakete', 'de');
    const page = await screen.findByTestId('coming-soon');
    expect(within(page).getByRole('heading', { level: 1, name: 'Pakete' })).toBeTruthy();
    expect(page.textContent).toContain('Dieser Bereich ist noch nicht verfügbar.');
    expect(document.title).toBe('Pakete | Pension Spa & Wellness');
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

    // Same page in Polish; German needs its own host and is not configured in tests.
    const switcher = screen.getByRole('navigation', { name: 'Choose language' });
    expect(within(switcher).getByRole('link', { name: 'Polski' }).getAttribute('href')).toBe('/oferta/zabiegi/');
    expect(within(switcher).queryByRole('link', { name: 'Deutsch' })).toBeNull();

    expect(screen.getByRole('link', { name: 'Basket: 0 items' }).getAttribute('href')).toBe('/en/basket');
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
});
