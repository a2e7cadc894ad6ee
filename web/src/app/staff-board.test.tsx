import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { Board } from '@/types/api';
import { addDays, todayIso } from '@/utils/calendar-date';

import { createRoutes } from './router';

// The back office's code, loaded once before the tests (the first lazy load takes a while in tests).
beforeAll(() => import('./routes/staff'));

type Night = Board['rooms'][number]['nights'][number];

/**
 * Two room types over `days` nights from `from`; the double's second night
 * holds one paid and two unpaid of eight, its fifth one from a portal; the
 * single's sixth night a portal's booking on top of a paid one (a double booking).
 */
function board(from: string, days: number): Board {
  const nights = (units: number, taken: (i: number) => Partial<Night>): Night[] =>
    Array.from({ length: days }, (_, i) => {
      const night = { date: addDays(from, i), units, booked: 0, held: 0, external: 0, oversold: false, closed: false, ...taken(i) };
      return { ...night, free: night.closed ? 0 : Math.max(0, night.units - night.booked - night.held - night.external) };
    });
  return {
    from,
    to: addDays(from, days),
    rooms: [
      { code: 'ROOM_STANDARD_DOUBLE', name: 'Pokój dwuosobowy standard', units: 8, nights: nights(8, (i) => (i === 1 ? { booked: 1, held: 2 } : i === 4 ? { external: 1 } : {})) },
      { code: 'ROOM_SINGLE', name: 'Pokój jednoosobowy', units: 1, nights: nights(1, (i) => (i === 2 ? { booked: 1 } : i === 3 ? { closed: true } : i === 5 ? { booked: 1, external: 1, oversold: true } : {})) },
    ],
  };
}

/** The board page at `url` over a fake `/backend/board` that answers `status` (200 with a board). */
function renderBoard(url: string, locale: Locale, status = 200) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(apiPath('/backend/board'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      if (status !== 200) return HttpResponse.json({ code: 'forbidden', message: 'No.', errors: [] }, { status });
      return HttpResponse.json(board(query.get('from') ?? '', Number(query.get('days'))));
    }),
  );
  const queryClient = createTestQueryClient();
  return { ...renderRoutes(createRoutes(locale, queryClient), url, { locale, queryClient }), asked, user: userEvent.setup() };
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('the front desk’s occupancy board', () => {
  it('shows two weeks from today, each night free of the units, paid and awaiting payment', async () => {
    const { asked } = renderBoard('/backend/board', 'pl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Obłożenie' })).toBeTruthy();
    const table = await screen.findByRole('table');
    const today = todayIso();
    expect(asked.map((q) => [q.get('from'), q.get('days'), q.get('locale')])).toEqual([[today, '14', 'pl']]);
    expect(document.title).toBe('Obłożenie | Pensjonat Spa & Wellness');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(15);

    const double = within(table).getByRole('row', { name: /Pokój dwuosobowy standard/ });
    expect(within(double).getByRole('rowheader').textContent).toBe('Pokój dwuosobowy standard8 pokoi');
    expect(cells(double)[1]).toBe('51/2wolne 5 z 8, opłacone 1, czeka na płatność 2');
    // A night with bookings leads to that night's guests; an empty one leads nowhere.
    const taken = within(double).getAllByRole('cell')[1]!;
    expect(within(taken).getByRole('link').getAttribute('href')).toBe(`/backend/bookings?from=${addDays(today, 1)}&to=${addDays(today, 1)}`);
    expect(within(within(double).getAllByRole('cell')[0]!).queryByRole('link')).toBeNull();
    const single = within(table).getByRole('row', { name: /Pokój jednoosobowy/ });
    expect(within(single).getAllByRole('cell')[2]?.className).toContain('staff-board__night--full');
    expect(cells(single)[3]).toBe('–zamknięte, opłacone 0, czeka na płatność 0');
    // Booking portals' bookings, and a double booking marked for the front desk.
    expect(cells(double)[4]).toBe('70/0wolne 7 z 8, opłacone 0, czeka na płatność 0+1z portali 1');
    expect(cells(single)[5]).toBe('01/0wolne 0 z 1, opłacone 1, czeka na płatność 0!+1z portali 1, podwójna rezerwacja z portalu: sprawdź kanały');
    expect(within(single).getAllByRole('cell')[5]?.className).toContain('staff-board__night--oversold');
    expect(screen.getByText('podwójna rezerwacja').className).toContain('staff-board__key--oversold');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('moves by two weeks and by a chosen night, keeping the first night in the address', async () => {
    const { asked, user, router } = renderBoard('/backend/board?from=2026-12-01', 'en_GB');
    expect(await screen.findByRole('table', { name: /^Occupancy from Tuesday,? 1 December 2026 to Monday,? 14 December 2026$/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next 2 weeks →' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-12-15'));
    expect(await screen.findByRole('table', { name: /^Occupancy from Tuesday,? 15 December 2026/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '← Previous 2 weeks' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-12-01'));

    const date = screen.getByLabelText<HTMLInputElement>('From night');
    expect(date.value).toBe('2026-12-01');
    // A browser's date field reports whole dates only; jsdom's cannot be typed into.
    fireEvent.change(date, { target: { value: '2027-01-05' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2027-01-05'));

    await user.click(screen.getByRole('button', { name: 'From today' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(asked.at(-1)?.get('from')).toBe(todayIso()));
    expect(asked.every((q) => q.get('days') === '14' && q.get('locale') === 'en_GB')).toBe(true);
  });

  it('tells who may not see it, with a login where one helps', async () => {
    renderBoard('/backend/board', 'pl', 403);
    expect((await screen.findByRole('alert')).textContent).toBe('Obłożenie widzi tylko recepcja i administratorzy.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks a visitor who is not logged in to log in, coming back to the board', async () => {
    renderBoard('/backend/board?from=2026-12-01', 'de', 401);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Melden Sie sich mit einem Konto der Rezeption');
    const login = within(alert).getByRole('link');
    expect(login.getAttribute('href')).toContain(encodeURIComponent('/backend/board?from=2026-12-01'));
  });
});
