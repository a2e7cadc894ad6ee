import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { packageLine, reservationLine } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { staffGuest, staffOrder } from '@/testing/mocks/staff-server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { Bookings, DeskDay, StaffOrder } from '@/types/api';
import { todayIso } from '@/utils/calendar-date';

import { createRoutes } from './router';

// The back office's code, loaded once before the tests (the first lazy load takes a while in tests).
beforeAll(() => import('./routes/staff'));

// Intl puts (narrow) no-break spaces into formatted amounts.
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** Ola's stay (awaiting 2 477 zł by transfer) and Jan's, paid, with no phone. */
const ola = staffOrder();
const jan: StaffOrder = staffOrder({
  bookingCode: 'SPA-JAN1-0002',
  state: 'paid',
  paymentState: 'paid',
  received: 247700,
  open: 0,
  guest: staffGuest({ customer: { firstName: 'Jan', lastName: 'Kos', email: 'jan@example.pl', phone: '' }, notes: '' }),
});

/** The app at `url` over fake `/backend/bookings` and `/backend/arrivals` answering `status` (200 with these orders). */
function renderDesk(url: string, locale: Locale, status = 200) {
  const asked: URLSearchParams[] = [];
  const refuse = () => HttpResponse.json({ code: 'forbidden', message: 'No.', errors: [] }, { status });
  server.use(
    http.get(apiPath('/backend/bookings'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      if (status !== 200) return refuse();
      const page = Number(query.get('page') ?? '1');
      // 45 matching orders: three pages, this page's first two shown.
      const body: Bookings = { items: page === 3 ? [jan] : [ola, jan], total: 45, page, limit: 20 };
      return HttpResponse.json(body);
    }),
    http.get(apiPath('/backend/arrivals'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      if (status !== 200) return refuse();
      const body: DeskDay = { date: query.get('date') ?? '', arriving: [ola], departing: [] };
      return HttpResponse.json(body);
    }),
  );
  const queryClient = createTestQueryClient();
  return { ...renderRoutes(createRoutes(locale, queryClient), url, { locale, queryClient }), asked, user: userEvent.setup() };
}

describe('the front desk’s bookings', () => {
  it('lists the bookings newest first with the guest, the stay, the state and what is owed, each leading to its order', async () => {
    const { asked } = renderDesk('/backend/bookings', 'pl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rezerwacje' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '45 rezerwacji, od najnowszych' });
    expect(asked.map((q) => [q.get('q'), q.get('page'), q.get('locale')])).toEqual([[null, null, 'pl']]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => plain(cell.textContent)))).toEqual([
      ['SPA-7KM4-XQ9D', 'Ola Nowak+48 600 100 200', '2026-07-10 – 2026-07-13', 'Nowe', 'Czeka na płatność', '2477,00 zł'],
      ['SPA-JAN1-0002', 'Jan Kos', '2026-07-10 – 2026-07-13', 'Opłacone', 'Opłacone w całości', '0,00 zł'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'SPA-7KM4-XQ9D' }).getAttribute('href')).toBe('/backend/orders?code=SPA-7KM4-XQ9D');
    expect(screen.getByText('Znaleziono 45 rezerwacji.').closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Zaplecze' })).toBeTruthy();
  });

  it('searches by text, dates and state, keeps the search in the address, and pages through', async () => {
    const { asked, user, router } = renderDesk('/backend/bookings', 'en_GB');
    const search = await screen.findByRole('search', { name: 'Booking search' });
    await user.type(within(search).getByLabelText('Code, name, e-mail or phone'), '  nowak ');
    await user.selectOptions(within(search).getByLabelText('State'), 'new');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=nowak&state=new'));
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('nowak'));
    expect(asked.at(-1)?.get('state')).toBe('new');

    await screen.findByText('Page 1 of 3');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '← Previous' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next →' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=nowak&state=new&page=2'));
    await screen.findByText('Page 2 of 3');
    expect(asked.at(-1)?.get('page')).toBe('2');
    expect(screen.getByLabelText<HTMLInputElement>('Code, name, e-mail or phone').value).toBe('nowak');
  });

  it('tells who may not see the bookings', async () => {
    renderDesk('/backend/bookings', 'pl', 403);
    expect((await screen.findByRole('alert')).textContent).toBe('Rezerwacje widzi tylko recepcja i administratorzy.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the front desk’s day', () => {
  it('lists today’s arrivals with their stays, packages, notes and what they owe, and moves by days', async () => {
    const { asked, user, router } = renderDesk('/backend/arrivals', 'pl');
    const arrivals = await screen.findByRole('region', { name: 'Przyjazdy (1)' });
    expect(asked.map((q) => q.get('date'))).toEqual([todayIso()]);
    const guest = within(arrivals).getByRole('article', { name: 'Ola Nowak' });
    expect(within(guest).getByRole('link', { name: 'SPA-7KM4-XQ9D' })).toBeTruthy();
    expect(within(guest).getByRole('link', { name: '+48 600 100 200' }).getAttribute('href')).toBe('tel:+48600100200');
    expect(plain(guest.textContent)).toContain('Uwagi: Przyjedziemy późnym wieczorem.');
    expect(plain(guest.textContent)).toContain('Do zapłaty: 2477,00 zł');
    expect(plain(guest.textContent)).toMatch(/dorośli: 2, dzieci: 0, niemowlęta: 0/);
    expect(screen.getByRole('region', { name: 'Wyjazdy (0)' }).textContent).toContain('Tego dnia nikt nie wyjeżdża.');

    await user.click(screen.getByRole('button', { name: 'Następny dzień →' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?date=\d{4}-\d\d-\d\d$/));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]?.get('date')).not.toBe(todayIso());
  });

  it('names a stay’s package and its treatments', async () => {
    const withPackage = staffOrder({
      items: [reservationLine({ id: 1, childItems: [packageLine({ id: 2, quantity: 2, treatments: [{ code: 'TR_1', name: 'Masaż', quantity: 2 }] })] })],
    });
    server.use(
      http.get(apiPath('/backend/arrivals'), () => HttpResponse.json({ date: '2026-07-10', arriving: [withPackage], departing: [] })),
    );
    const queryClient = createTestQueryClient();
    renderRoutes(createRoutes('en_GB', queryClient), '/backend/arrivals?date=2026-07-10', { locale: 'en_GB', queryClient });
    const guest = await screen.findByRole('article', { name: 'Ola Nowak' });
    expect(plain(guest.textContent)).toMatch(/Masaż × 2/);
    expect(plain(guest.textContent)).toMatch(/\(3 nights\)/);
  });
});
