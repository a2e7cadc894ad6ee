import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { createContentServer, editorCustomer } from '@/testing/mocks/content-server';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { Customer } from '@/types/api';

import { createRoutes } from './router';

/** The app at `url` over the fake content server; `overrides` answer before it. */
function renderApp(url: string, locale: Locale, loggedIn?: Customer, ...overrides: HttpHandler[]) {
  const fake = createContentServer({ loggedIn });
  server.use(...fake.handlers);
  // Each use() goes in front of the handlers before it.
  if (overrides.length > 0) server.use(...overrides);
  const queryClient = createTestQueryClient();
  return { ...renderRoutes(createRoutes(locale, queryClient), url, { locale, queryClient }), fake, user: userEvent.setup() };
}

const metaDescription = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
const toasts = (name = 'Powiadomienia') => within(screen.getByRole('region', { name }));
const pageRequests = (fake: ReturnType<typeof createContentServer>) => fake.requests.filter((r) => r.path === '/pages');

describe('content pages', () => {
  it.each([
    ['pl', '/regulamin', 'Regulamin sklepu i rezerwacji', 'Pensjonat Spa & Wellness', 'Rezerwacja i płatność', 'Vouchery podarunkowe'],
    ['de', '/regulations', 'Geschäfts- und Buchungsbedingungen', 'Pension Spa & Wellness', 'Buchung und Zahlung', 'Geschenkgutscheine'],
    ['en_GB', '/en/regulations', 'Terms of sale and booking', 'Spa & Wellness Guesthouse', 'Booking and payment', 'Gift vouchers'],
  ] as const)('in %s serves %s from the content system: blocks, title and description', async (locale, url, title, site, first, second) => {
    const { fake } = renderApp(url, locale);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    // The page's own headings (the footer has its own).
    const headings = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([first, second]);
    expect(document.title).toBe(`${title} | ${site}`);
    await waitFor(() => expect(metaDescription()).toMatch(/.{20,}/));
    expect(pageRequests(fake).map((r) => [r.query.url, r.query.locale])).toEqual([[url, locale]]);
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it.each([
    ['pl', '/oferta', 'Oferta – pakiety, zabiegi, day spa'],
    ['de', '/angebot', 'Angebot – Pakete, Behandlungen, Day Spa'],
    ['en_GB', '/en/our-offer', 'Our offer – packages, treatments, day spa'],
    ['pl', '/reservation/terms', 'Warunki rezerwacji'],
    ['en_GB', '/en/reservation/localization', 'Where the guesthouse is'],
  ] as const)('in %s serves %s from the content system', async (locale, url, title) => {
    renderApp(url, locale);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it('shows the guesthouse on a map beside the location page’s text, with route planning, in the page’s language', async () => {
    const tiles = Object.assign(document.createElement('meta'), { name: 'map-tiles', content: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
    document.head.append(tiles);
    try {
      renderApp('/en/reservation/localization', 'en_GB');
      expect(await screen.findByRole('heading', { level: 1, name: 'Where the guesthouse is' })).toBeTruthy();
      const beside = await screen.findByRole('region', { name: 'Getting here' });
      expect(await within(beside).findByRole('region', { name: 'Map showing where the guesthouse is' }, { timeout: 5000 })).toBeTruthy();
      expect(within(beside).getByRole('form', { name: 'Plan your route' })).toBeTruthy();
    } finally {
      tiles.remove();
    }
  });

  it('sets the meta description from the page, in place of the one the page came with; the next page sets its own', async () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'Opis witryny';
    document.head.append(meta);
    const { user } = renderApp('/regulamin', 'pl');
    await screen.findByRole('heading', { level: 1, name: 'Regulamin sklepu i rezerwacji' });
    await waitFor(() =>
      expect(metaDescription()).toBe('Zasady rezerwacji, płatności, zaliczki, anulowania i voucherów podarunkowych.'),
    );
    expect(meta.isConnected).toBe(false);
    await user.click(within(screen.getByRole('navigation', { name: 'Menu główne' })).getByRole('link', { name: 'Zabiegi' }));
    await screen.findByRole('heading', { level: 1, name: 'Zabiegi' });
    await waitFor(() => expect(metaDescription()).toBe('Masaże, rytuały i zabiegi pielęgnacyjne do zarezerwowania online.'));
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('shows the not-found page when the content system has no page at the path, quietly', async () => {
    renderApp(
      '/regulamin',
      'pl',
      undefined,
      http.get(apiPath('/pages'), () => HttpResponse.json({ code: 'page_not_found', message: 'Nie znaleziono strony.' }, { status: 404 })),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeTruthy();
    expect(document.title).toBe('Nie znaleziono strony | Pensjonat Spa & Wellness');
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('says the page failed, with the notification, and shows it after "try again"', async () => {
    let fail = true;
    const { user } = renderApp(
      '/en/regulations',
      'en_GB',
      undefined,
      http.get(apiPath('/pages'), ({ request }) => {
        if (fail) return HttpResponse.json({ code: 'service_unavailable', message: 'Content unavailable' }, { status: 503 });
        expect(new URL(request.url).searchParams.get('url')).toBe('/en/regulations');
        return HttpResponse.json({
          url: '/en/regulations',
          locale: 'en_GB',
          name: 'regulations',
          title: 'Terms of sale and booking',
          description: 'How booking works.',
          containers: { content: '<p>A booking stands once it is paid.</p>' },
          blocks: [{ id: 'regulations-booking', content: '<p>A booking stands once it is paid.</p>', revision: 1 }],
        });
      }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The content of this page could not be loaded.');
    // The route's own name until the page is there.
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeTruthy();
    expect(await toasts('Notifications').findByText('Content unavailable')).toBeTruthy();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('A booking stands once it is paid.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of sale and booking' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('follows a link of a block to another page of the app without leaving it', async () => {
    const { user, router } = renderApp('/oferta', 'pl');
    await screen.findByRole('heading', { level: 2, name: 'Nasza oferta' });
    const block = screen.getByRole('heading', { level: 2, name: 'Nasza oferta' }).parentElement as HTMLElement;
    await user.click(within(block).getByRole('link', { name: 'Zabiegi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/oferta/zabiegi/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zabiegi' })).toBeTruthy();
  });

  it('shows the reservation search’s introduction from the content system above the search', async () => {
    const { fake } = renderApp('/reservation/search', 'pl');
    expect(await screen.findByText('Ceny obejmują śniadanie i dostęp do strefy saun.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Wyszukaj pokój' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Wyszukiwanie pokoi' })).toBeTruthy();
    expect(pageRequests(fake).map((r) => r.query.url)).toEqual(['/reservation/search']);
  });
});

describe('edit mode (editors only)', () => {
  const editLinks = () => screen.queryAllByRole('link', { name: /^Edytuj blok: / });

  it.each([
    ['nobody logged in', undefined],
    ['a customer without the editor role', customer()],
  ])('shows %s neither the toggle nor edit links', async (_who, loggedIn) => {
    const { fake } = renderApp('/regulamin', 'pl', loggedIn);
    await screen.findByRole('heading', { level: 2, name: 'Vouchery podarunkowe' });
    // The header's /me has answered (its account link shows), and still nothing.
    await within(screen.getByRole('banner')).findByRole('link', { name: loggedIn ? /Ola Nowak/ : 'Zaloguj się' });
    expect(screen.queryByRole('button', { name: 'Tryb edycji' })).toBeNull();
    expect(editLinks()).toEqual([]);
    expect(document.cookie).not.toContain('cms-edit');
    expect(fake.requests.filter((r) => r.path.startsWith('/backend'))).toEqual([]);
  });

  it.each([
    ['an editor', ['customer', 'editor'] as const],
    ['an administrator', ['admin'] as const],
  ])('gives %s the toggle, on at the first visit, and a link to edit each block', async (_who, roles) => {
    renderApp('/regulamin', 'pl', editorCustomer([...roles]));
    const toggle = await screen.findByRole('button', { name: 'Tryb edycji' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(document.cookie).toContain('cms-edit=1');
    expect(editLinks().map((link) => link.getAttribute('href'))).toEqual([
      '/backend/block/edit/regulations-booking?locale=pl',
      '/backend/block/edit/regulations-vouchers?locale=pl',
    ]);
  });

  it('flips the cookie and the links with the toggle', async () => {
    const { user } = renderApp('/en/regulations', 'en_GB', editorCustomer());
    const toggle = await screen.findByRole('button', { name: 'Edit mode' });
    expect(screen.getAllByRole('link', { name: /^Edit block: / })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Edit block: regulations-booking' }).getAttribute('href')).toBe(
      '/backend/block/edit/regulations-booking?locale=en_GB',
    );

    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(document.cookie).toContain('cms-edit=0');
    expect(screen.queryAllByRole('link', { name: /^Edit block: / })).toEqual([]);
    // The blocks stay.
    expect(screen.getByRole('heading', { level: 2, name: 'Gift vouchers' })).toBeTruthy();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(document.cookie).toContain('cms-edit=1');
    expect(screen.getAllByRole('link', { name: /^Edit block: / })).toHaveLength(2);
  });

  it('keeps edit mode off for an editor who turned it off', async () => {
    document.cookie = 'cms-edit=0; path=/';
    renderApp('/regulamin', 'pl', editorCustomer());
    const toggle = await screen.findByRole('button', { name: 'Tryb edycji' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(editLinks()).toEqual([]);
    expect(document.cookie).toContain('cms-edit=0');
  });

  it('leads from a block’s edit link to the editor with that block', async () => {
    const { user, router } = renderApp('/regulamin', 'pl', editorCustomer());
    await user.click(await screen.findByRole('link', { name: 'Edytuj blok: regulations-vouchers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backend/block/edit/regulations-vouchers'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edycja bloku' })).toBeTruthy();
    expect((await screen.findByLabelText<HTMLTextAreaElement>('HTML bloku')).value).toContain('Vouchery podarunkowe');
  });
});

describe('the content editor', () => {
  const source = () => screen.findByLabelText<HTMLTextAreaElement>('HTML bloku');
  const blockCalls = (fake: ReturnType<typeof createContentServer>) =>
    fake.requests.filter((r) => r.path.startsWith('/backend/blocks'));

  it('loads the block: its HTML, the saved version, a sandboxed draft preview, the page and the revisions', async () => {
    const { fake } = renderApp('/backend/block/edit/regulations-booking', 'pl', editorCustomer());
    fake.saveAsSomeoneElse('regulations-booking', 'pl', '<h2>Rezerwacja</h2><p>Druga wersja.</p>');

    expect((await source()).value).toBe('<h2>Rezerwacja</h2><p>Druga wersja.</p>');
    expect(screen.getByRole('heading', { level: 1, name: 'Edycja bloku' })).toBeTruthy();
    expect(document.title).toBe('Edycja bloku regulations-booking | Pensjonat Spa & Wellness');
    expect(blockCalls(fake).map((r) => [r.method, r.path, r.query.locale])).toEqual([
      ['GET', '/backend/blocks/regulations-booking', 'pl'],
    ]);

    // The saved version as visitors see it (the server's sanitized HTML).
    expect(within(screen.getByTestId('saved-preview')).getByText('Druga wersja.')).toBeTruthy();
    // The draft only in a frame where nothing runs.
    const frame = screen.getByTitle('Podgląd wersji roboczej');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Druga wersja.</p>');

    expect(screen.getByRole('link', { name: 'Zobacz stronę z tym blokiem' }).getAttribute('href')).toBe('/regulamin');

    const history = screen.getByRole('region', { name: 'Historia zmian' });
    const revisions = within(history).getAllByTestId('revision');
    expect(revisions.map((item) => within(item).getByText(/^Wersja \d+$/).textContent)).toEqual(['Wersja 2', 'Wersja 1']);
    expect(within(revisions[0] as HTMLElement).getByText('aktualna')).toBeTruthy();
    expect(within(revisions[0] as HTMLElement).queryByRole('button', { name: /Przywróć/ })).toBeNull();
    expect(within(revisions[1] as HTMLElement).getByText('treść początkowa')).toBeTruthy();
    const time = (revisions[1] as HTMLElement).querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-03-03T09:30:00.000Z');
    expect(time?.textContent).toContain('03.03.2026');
    expect(within(revisions[1] as HTMLElement).getByRole('button', { name: 'Przywróć wersję 1' })).toBeTruthy();
  });

  it('saves the draft with the revision it was loaded at, with the script marker', async () => {
    const { fake, user } = renderApp('/backend/block/edit/regulations-booking', 'pl', editorCustomer());
    const field = await source();
    await user.clear(field);
    await user.type(field, '<p>Nowe zasady.</p>');
    expect(screen.getByText('Masz niezapisane zmiany.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTitle('Podgląd wersji roboczej').getAttribute('srcdoc')).toContain('<p>Nowe zasady.</p>'));

    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    expect(await toasts().findByText('Zapisano wersję 2.')).toBeTruthy();
    const put = blockCalls(fake).find((r) => r.method === 'PUT');
    expect(put).toMatchObject({
      path: '/backend/blocks/regulations-booking',
      query: { locale: 'pl' },
      body: { content: '<p>Nowe zasady.</p>', revision: 1 },
      marker: true,
    });
    expect(within(screen.getByTestId('saved-preview')).getByText('Nowe zasady.')).toBeTruthy();
    expect(screen.queryByText('Masz niezapisane zmiany.')).toBeNull();
    const revisions = within(screen.getByRole('region', { name: 'Historia zmian' })).getAllByTestId('revision');
    expect(within(revisions[0] as HTMLElement).getByText('Wersja 2')).toBeTruthy();
    expect(within(revisions[0] as HTMLElement).getByText('aktualna')).toBeTruthy();

    // The next save goes on from the saved revision.
    await user.type(field, '<p>Jeszcze.</p>');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await toasts().findByText('Zapisano wersję 3.')).toBeTruthy();
    expect(blockCalls(fake).filter((r) => r.method === 'PUT').map((r) => (r.body as { revision: number }).revision)).toEqual([1, 2]);
  });

  it('says what the server cleaned from a save and shows what was saved', async () => {
    const { user } = renderApp('/backend/block/edit/regulations-booking', 'pl', editorCustomer());
    const field = await source();
    await user.clear(field);
    await user.type(field, '<p onclick="steal()">Tekst</p>');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Serwer oczyścił kod przy zapisie; pole pokazuje to, co zostało zapisane.')).toBeTruthy();
    expect(field.value).toBe('<p>Tekst</p>');
  });

  it('refuses to save nothing, and says so beside the field', async () => {
    const { fake, user } = renderApp('/backend/block/edit/regulations-booking', 'pl', editorCustomer());
    const field = await source();
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Wpisz treść bloku.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(blockCalls(fake).filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('says someone else saved meanwhile, and offers their version', async () => {
    const { fake, user, queryClient } = renderApp('/backend/block/edit/regulations-booking', 'pl', editorCustomer());
    const field = await source();
    fake.saveAsSomeoneElse('regulations-booking', 'pl', '<p>Wersja kolegi.</p>');
    // Even when the block is asked for again meanwhile (a reconnect), the draft stays made from revision 1.
    await queryClient.refetchQueries({ queryKey: ['content', 'block'] });
    await user.clear(field);
    await user.type(field, '<p>Moja wersja.</p>');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ktoś inny zapisał ten blok w międzyczasie.');
    // Nothing was overwritten, the draft is kept, and no notification repeats it.
    expect(fake.latest('regulations-booking', 'pl').content).toBe('<p>Wersja kolegi.</p>');
    expect(field.value).toBe('<p>Moja wersja.</p>');
    expect(toasts().queryAllByRole('listitem')).toEqual([]);

    await user.click(within(alert).getByRole('button', { name: 'Wczytaj najnowszą wersję' }));
    await waitFor(() => expect(field.value).toBe('<p>Wersja kolegi.</p>'));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(field, '<p>Razem.</p>');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await toasts().findByText('Zapisano wersję 3.')).toBeTruthy();
    expect(blockCalls(fake).filter((r) => r.method === 'PUT').map((r) => (r.body as { revision: number }).revision)).toEqual([1, 2]);
  });

  it('restores an earlier revision as the newest', async () => {
    const { fake, user } = renderApp('/backend/block/edit/regulations-booking', 'pl', editorCustomer());
    fake.saveAsSomeoneElse('regulations-booking', 'pl', '<p>Zmienione.</p>');
    const field = await source();
    expect(field.value).toBe('<p>Zmienione.</p>');

    await user.click(screen.getByRole('button', { name: 'Przywróć wersję 1' }));

    expect(await toasts().findByText('Przywrócono wersję 1 jako wersję 3.')).toBeTruthy();
    const restore = blockCalls(fake).find((r) => r.method === 'POST');
    expect(restore).toMatchObject({ path: '/backend/blocks/regulations-booking/revisions/1/restore', query: { locale: 'pl' }, marker: true });
    expect(field.value).toBe('<h2>Rezerwacja i płatność</h2><p>Rezerwacja jest ważna po zapłacie.</p>');
    const revisions = within(screen.getByRole('region', { name: 'Historia zmian' })).getAllByTestId('revision');
    expect(revisions).toHaveLength(3);
    expect(within(revisions[0] as HTMLElement).getByText('Wersja 3')).toBeTruthy();
    expect(within(revisions[0] as HTMLElement).getByText('aktualna')).toBeTruthy();
  });

  it('edits the block in the language of the query, on a page in another', async () => {
    const { fake } = renderApp('/backend/block/edit/regulations-booking?locale=en_GB', 'pl', editorCustomer());
    expect((await source()).value).toBe('<h2>Booking and payment</h2><p>A booking stands once it is paid.</p>');
    expect(blockCalls(fake).map((r) => r.query.locale)).toEqual(['en_GB']);
    const languages = screen.getByRole('navigation', { name: 'Język bloku' });
    expect(within(languages).getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('page');
    expect(within(languages).getByRole('link', { name: 'Deutsch' }).getAttribute('href')).toBe(
      '/backend/block/edit/regulations-booking?locale=de',
    );
    // The page the block shows on, in its language (English shares this origin).
    expect(screen.getByRole('link', { name: 'Zobacz stronę z tym blokiem' }).getAttribute('href')).toBe(
      `${window.location.origin}/en/regulations`,
    );
  });

  it('asks a visitor who is not logged in to log in and come back, without a notification', async () => {
    const { fake } = renderApp('/backend/block/edit/regulations-booking', 'pl');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Zaloguj się kontem redaktora, aby edytować treści.');
    // The login page comes back here afterwards.
    expect(within(alert).getByRole('link', { name: 'Zaloguj się' }).getAttribute('href')).toBe(
      '/logowanie?return=%2Fbackend%2Fblock%2Fedit%2Fregulations-booking',
    );
    expect(screen.queryByLabelText('HTML bloku')).toBeNull();
    expect(blockCalls(fake)).toHaveLength(1);
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('tells a customer without the editor role that they may not edit', async () => {
    renderApp('/backend/block/edit/regulations-booking', 'en_GB', customer());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your account may not edit content.');
    expect(within(alert).queryByRole('link')).toBeNull();
    expect(screen.queryByLabelText('HTML of the block')).toBeNull();
    expect(toasts('Notifications').queryAllByRole('listitem')).toEqual([]);
  });

  it('asks for a login when the session ended before the save', async () => {
    const { fake, user } = renderApp('/backend/block/edit/regulations-booking', 'pl', editorCustomer());
    const field = await source();
    fake.logOut();
    await user.type(field, '<p>Dopisek.</p>');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Zaloguj się kontem redaktora');
    expect(within(alert).getByRole('link', { name: 'Zaloguj się' })).toBeTruthy();
    expect(field.value).toContain('<p>Dopisek.</p>');
  });

  it('says an unknown block does not exist', async () => {
    renderApp('/backend/block/edit/nie-ma-takiego', 'pl', editorCustomer());
    expect((await screen.findByRole('alert')).textContent).toContain('Nie ma takiego bloku w tym języku.');
  });
});
