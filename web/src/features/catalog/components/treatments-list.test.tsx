import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { listingItem, listingResponse } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';

import { pageFromSearch, TreatmentsList } from './treatments-list';

function serveTreatments(respond: (url: URL) => Response) {
  const requests: URL[] = [];
  server.use(
    http.get(apiPath('/offer/treatment'), ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      return respond(url);
    }),
  );
  return requests;
}

describe('TreatmentsList', () => {
  it('renders the treatments of the response', async () => {
    const requests = serveTreatments(() =>
      HttpResponse.json(
        listingResponse([
          listingItem({ name: 'Masaż gorącymi kamieniami' }),
          listingItem({ name: 'Peeling solny' }),
          listingItem({ name: 'Okład borowinowy' }),
        ]),
      ),
    );
    renderWithProviders(<TreatmentsList />);

    expect(screen.getByRole('status').textContent).toContain('Wczytywanie oferty');
    const list = await screen.findByRole('list');
    const titles = within(list)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(titles).toEqual(['Masaż gorącymi kamieniami', 'Peeling solny', 'Okład borowinowy']);
    expect(screen.getByText('3 zabiegi')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();

    const query = requests[0]?.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      page: '1',
      limit: '20',
      channel: 'web_pl',
      locale: 'pl',
    });
  });

  it('shows the empty state when there are no treatments', async () => {
    serveTreatments(() => HttpResponse.json(listingResponse([], { pages: 0, total: 0 })));
    renderWithProviders(<TreatmentsList />, { locale: 'de' });
    expect(await screen.findByText('Keine Behandlungen')).toBeTruthy();
    expect(screen.queryByTestId('product-card')).toBeNull();
  });

  it('shows an error state and a notification when loading fails', async () => {
    serveTreatments(() =>
      HttpResponse.json({ code: 'unavailable', message: 'Katalog chwilowo niedostępny' }, { status: 503 }),
    );
    renderWithProviders(<TreatmentsList />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nie udało się wczytać oferty.');
    expect(within(alert).getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy();
    expect(notifications.getSnapshot().map((n) => n.message)).toEqual(['Katalog chwilowo niedostępny']);
  });

  it('asks for the page in the URL and offers paging when there is more than one page', async () => {
    const requests = serveTreatments((url) =>
      HttpResponse.json(
        listingResponse([listingItem()], { page: Number(url.searchParams.get('page')), pages: 3, total: 41 }),
      ),
    );
    renderWithProviders(<TreatmentsList />, { url: '/oferta/zabiegi/?page=2' });

    const nav = await screen.findByRole('navigation', { name: 'Strony wyników' });
    expect(requests[0]?.searchParams.get('page')).toBe('2');
    expect(screen.getByText('41 zabiegów')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Strona 2' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Strona 3' }).getAttribute('href')).toBe(
      '/oferta/zabiegi/?page=3',
    );
    expect(within(nav).getByRole('link', { name: 'Strona 1' }).getAttribute('href')).toBe('/oferta/zabiegi/');
  });

  it('reads only positive whole page numbers', () => {
    expect(pageFromSearch(new URLSearchParams('page=3'))).toBe(3);
    for (const bad of ['', 'page=0', 'page=-1', 'page=1.5', 'page=abc']) {
      expect(pageFromSearch(new URLSearchParams(bad))).toBe(1);
    }
  });
});
