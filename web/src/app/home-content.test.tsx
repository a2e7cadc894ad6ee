import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';

import { contentKeys } from '@/features/content/api/content-keys';
import type { Locale } from '@/lib/i18n/locale';
import { createContentServer, editorCustomer } from '@/testing/mocks/content-server';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { PageBlock, Customer } from '@/types/api';

import { createRoutes } from './router';

/** The home page over the fake content server (its demo home page); `overrides` answer before it. */
function renderHome(locale: Locale, url: string, loggedIn?: Customer, ...overrides: HttpHandler[]) {
  const fake = createContentServer({ loggedIn });
  server.use(...fake.handlers);
  if (overrides.length > 0) server.use(...overrides);
  const queryClient = createTestQueryClient();
  return { ...renderRoutes(createRoutes(locale, queryClient), url, { locale, queryClient }), fake, user: userEvent.setup() };
}

/** The home page's blocks as the content system would answer them for `url`. */
const homePage = (url: string, locale: Locale, blocks: PageBlock[]) =>
  http.get(apiPath('/pages'), () =>
    HttpResponse.json({
      url,
      locale,
      name: 'home',
      title: 'Home',
      description: 'Home page',
      containers: { content: blocks.map((b) => b.content).join('\n') },
      blocks,
    }),
  );

const block = (id: string, content: string): PageBlock => ({ id, content, revision: 1 });

const slideButtons = (banner: HTMLElement) =>
  within(banner)
    .getAllByRole('button', { name: /^(Slide|Slajd|Folie) \d+: / })
    .map((button) => button.getAttribute('aria-label'));

describe('the home page’s content blocks', () => {
  it('shows the welcome under the hero and the banner’s slides from the home-slide-* blocks (English)', async () => {
    const { fake } = renderHome('en_GB', '/en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Unwind with us' })).toBeTruthy();

    const welcome = await screen.findByRole('heading', { level: 2, name: 'Welcome to our guesthouse' });
    const banner = screen.getByRole('region', { name: 'Our suggestions' });
    expect(banner.getAttribute('aria-roledescription')).toBe('carousel');
    expect(banner.contains(welcome)).toBe(false);
    // Hero, welcome, banner.
    expect(screen.getByRole('heading', { level: 1 }).compareDocumentPosition(welcome) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(welcome.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Each slide is named by its block's heading, in the page's order.
    expect(slideButtons(banner)).toEqual([
      'Slide 1: Stay packages',
      'Slide 2: Rooms with a lake view',
      'Slide 3: Day spa for two',
      'Slide 4: A voucher as a gift',
    ]);
    expect(within(banner).getByRole('heading', { level: 2, name: 'Stay packages' })).toBeTruthy();
    expect(within(banner).getByText('A few nights by the lake with treatments chosen for you.')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'See packages' }).getAttribute('href')).toBe('/en/offer/packages');
    const shown = within(banner).getByRole('group', { name: '1 of 4' });
    expect(shown.querySelector('img')?.getAttribute('src')).toBe('/media/pkg-relaxation-ritual.svg');

    // The page is asked for once, by the home path in the language.
    expect(fake.requests.filter((r) => r.path === '/pages').map((r) => [r.query.url, r.query.locale])).toEqual([
      ['/en', 'en_GB'],
    ]);
    // A visitor gets neither the edit-mode toggle nor edit links.
    expect(screen.queryByRole('button', { name: 'Edit mode' })).toBeNull();
    expect(screen.queryAllByRole('link', { name: /^Edit block: / })).toEqual([]);
  });

  it('turns to a slide picked by its heading, whose link opens its page within the app (Polish)', async () => {
    const { user, router } = renderHome('pl', '/');
    const banner = await screen.findByRole('region', { name: 'Polecamy' });
    await user.click(within(banner).getByRole('button', { name: 'Slajd 2: Pokoje z widokiem na jezioro' }));
    expect(within(banner).getByRole('heading', { level: 2, name: 'Pokoje z widokiem na jezioro' })).toBeTruthy();

    await user.click(within(banner).getByRole('button', { name: 'Slajd 4: Voucher w prezencie' }));
    const link = within(banner).getByRole('link', { name: 'Wybierz voucher' });
    expect(link.getAttribute('href')).toBe('/oferta/vouchery');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/oferta/vouchery'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vouchery' })).toBeTruthy();
  });

  it('names a slide without a heading by its number, and leaves other blocks out of the banner', async () => {
    renderHome(
      'de',
      '/',
      undefined,
      homePage('/', 'de', [
        block('home-slide-first', '<h3>Erste  Folie</h3><p>Text</p>'),
        block('home-note', '<h2>Kein Teil des Banners</h2>'),
        block('home-slide-second', '<p>Ohne Überschrift</p>'),
      ]),
    );
    const banner = await screen.findByRole('region', { name: 'Unsere Empfehlungen' });
    expect(slideButtons(banner)).toEqual(['Folie 1: Erste Folie', 'Folie 2: 2']);
    expect(screen.queryByRole('heading', { name: 'Kein Teil des Banners' })).toBeNull();
  });

  it('shows the welcome but no banner without slide blocks', async () => {
    renderHome(
      'en_GB',
      '/en',
      undefined,
      homePage('/en', 'en_GB', [block('home-welcome', '<h2>Hello there</h2><p>Come and stay.</p>')]),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Hello there' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Our suggestions' })).toBeNull();
  });

  it.each([
    ['has no home page (404)', 404, 'page_not_found'],
    ['fails (503)', 503, 'service_unavailable'],
  ] as const)('keeps the hero alone when the content system %s', async (_, status, code) => {
    const { queryClient } = renderHome(
      'en_GB',
      '/en',
      undefined,
      http.get(apiPath('/pages'), () => HttpResponse.json({ code, message: 'No page.' }, { status })),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Unwind with us' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See treatments' })).toBeTruthy();
    // The answer has come: still no banner and no welcome.
    await waitFor(() => expect(queryClient.getQueryState(contentKeys.page('en_GB', '/en'))?.status).toBe('error'));
    expect(screen.queryByRole('region', { name: 'Our suggestions' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Welcome to our guesthouse' })).toBeNull();
  });

  it('gives an editor one edit-mode toggle and a link to edit the welcome and each slide', async () => {
    const { user } = renderHome('pl', '/', editorCustomer());
    const toggle = await screen.findByRole('button', { name: 'Tryb edycji' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const banner = await screen.findByRole('region', { name: 'Polecamy' });

    const editLinks = () =>
      [...document.querySelectorAll<HTMLAnchorElement>('a.content-block__edit')].map((link) => link.getAttribute('href'));
    expect(editLinks()).toEqual([
      '/backend/block/edit/home-welcome?locale=pl',
      '/backend/block/edit/home-slide-packages?locale=pl',
      '/backend/block/edit/home-slide-rooms?locale=pl',
      '/backend/block/edit/home-slide-day-spa?locale=pl',
      '/backend/block/edit/home-slide-vouchers?locale=pl',
    ]);
    // The shown slide's own link (the others are hidden with their slides).
    expect(within(banner).getByRole('link', { name: 'Edytuj blok: home-slide-packages' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edytuj blok: home-welcome' })).toBeTruthy();
    // The slide is still named by its heading, not by its edit link.
    expect(slideButtons(banner)[0]).toBe('Slajd 1: Pakiety pobytowe');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(editLinks()).toEqual([]);
    expect(screen.getAllByRole('button', { name: 'Tryb edycji' })).toHaveLength(1);
  });
});
