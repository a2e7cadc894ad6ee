import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { Customer, NightsChange, RoomNight } from '@/types/api';
import { addDays, weekdayOf } from '@/utils/calendar-date';

import { createRoutes } from './router';

const ROOMS = [
  { code: 'ROOM_DOUBLE', name: 'Pokój dwuosobowy', units: 4, nights: [] },
  { code: 'ROOM_SUITE', name: 'Apartament', units: 2, nights: [] },
];

const night = (date: string, units: number): RoomNight => ({
  date,
  units,
  outOfOrder: 0,
  booked: 0,
  held: 0,
  free: units,
  closed: false,
  price: 38000,
  priceSet: false,
  minStay: 0,
  maxStay: 0,
  closedToArrival: false,
  closedToDeparture: false,
});

/**
 * The rate calendar over a fake rooms service: nights kept per room, a PUT
 * sets what it names on the range's nights of its weekdays (units booked
 * out of order refused with 409 `units_taken`, like the server).
 */
function renderRates(url: string, locale: Locale, me: Customer) {
  const stored = new Map<string, RoomNight>();
  const units = (room: string) => ROOMS.find((r) => r.code === room)?.units ?? 0;
  const get = (room: string, date: string) => stored.get(`${room}/${date}`) ?? night(date, units(room));
  const asked: string[] = [];
  const sent: NightsChange[] = [];
  const admin = me.roles.includes('admin');
  const forbidden = () => HttpResponse.json({ code: 'forbidden', message: 'No.' }, { status: 403 });
  const range = (room: string, from: string, to: string) => {
    const nights: RoomNight[] = [];
    for (let day = from; day < to; day = addDays(day, 1)) nights.push(get(room, day));
    return { roomCode: room, units: units(room), minStay: 1, nights };
  };
  server.use(
    http.get(apiPath('/me'), () => HttpResponse.json(me)),
    http.get(apiPath('/backend/board'), ({ request }) => {
      const from = new URL(request.url).searchParams.get('from') ?? '';
      return HttpResponse.json({ from, to: addDays(from, 1), rooms: ROOMS });
    }),
    http.get(apiPath('/backend/room-types/:code/nights'), ({ params, request }) => {
      if (!admin) return forbidden();
      const query = new URL(request.url).searchParams;
      asked.push(`${String(params.code)} ${query.get('from')}..${query.get('to')}`);
      return HttpResponse.json(range(String(params.code), query.get('from') ?? '', query.get('to') ?? ''));
    }),
    http.put(apiPath('/backend/room-types/:code/nights'), async ({ params, request }) => {
      const room = String(params.code);
      const change = (await request.json()) as NightsChange;
      sent.push(change);
      for (let day = change.from; day < change.to; day = addDays(day, 1)) {
        const iso = weekdayOf(day) === 0 ? 7 : weekdayOf(day);
        if (change.weekdays?.length && !change.weekdays.includes(iso)) continue;
        const next = { ...get(room, day) };
        if (change.outOfOrder != null && day === '2027-07-14') {
          return HttpResponse.json(
            { code: 'units_taken', message: 'On 14 July 2027 the rooms to close are booked.', errors: [] },
            { status: 409 },
          );
        }
        if (change.price != null) Object.assign(next, { price: change.price, priceSet: true });
        if (change.minStay != null) next.minStay = change.minStay;
        if (change.outOfOrder != null) Object.assign(next, { outOfOrder: change.outOfOrder, free: next.units - change.outOfOrder });
        stored.set(`${room}/${day}`, next);
      }
      return HttpResponse.json(range(room, change.from, change.to));
    }),
  );
  const queryClient = createTestQueryClient();
  return { ...renderRoutes(createRoutes(locale, queryClient), url, { locale, queryClient }), asked, sent, user: userEvent.setup() };
}

const adminMe = () => customer({ email: 'admin@example.pl', roles: ['customer', 'admin'] });

describe('the rate calendar', () => {
  it('shows a room type’s month night by night and sets every Friday and Saturday of it after a preview', async () => {
    const { sent, user, router } = renderRates('/backend/rates?month=2027-07', 'en_GB', adminMe());
    expect(await screen.findByRole('heading', { level: 1, name: 'Rates and availability' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Pokój dwuosobowy: July 2027' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(31);
    expect(rows[0]!.textContent).toContain('Thursday, 1 July 2027');
    expect(rows[0]!.textContent).toContain('380.00');
    expect(rows[0]!.textContent).toContain('4 of 4');

    const form = screen.getByRole('form', { name: 'Change nights' });
    await user.click(within(form).getByLabelText('Friday'));
    await user.click(within(form).getByLabelText('Saturday'));
    await user.type(within(form).getByLabelText('Price per night (zł)'), '420');
    await user.type(within(form).getByLabelText('Minimum stay (nights)'), '2');
    await user.click(within(form).getByRole('button', { name: 'Preview the nights' }));

    const preview = await screen.findByRole('region', { name: '10 nights change' });
    const items = within(preview).getAllByRole('listitem');
    expect(items[0]!.textContent?.replace(/\s/g, ' ')).toBe('Friday, 2 July 2027: Price: PLN 380.00 → PLN 420.00; Minimum stay (nights): 0 → 2');
    expect(items.at(-1)!.textContent).toContain('Saturday, 31 July 2027');
    expect(sent).toEqual([]);

    await user.click(within(preview).getByRole('button', { name: 'Save 10 nights' }));
    expect(await screen.findByText('Pokój dwuosobowy: 10 nights saved.')).toBeTruthy();
    expect(sent).toEqual([{ from: '2027-07-01', to: '2027-08-01', weekdays: [5, 6], price: 42000, minStay: 2 }]);
    await waitFor(() => expect(within(table).getAllByRole('row')[2]!.textContent).toContain('420.00'));
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain('set by hand');

    // Another room type and month are the page's query.
    await user.selectOptions(screen.getByLabelText('Room type'), 'ROOM_SUITE');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(router.state.location.search).toBe('?room=ROOM_SUITE&month=2027-08'));
    expect(await screen.findByRole('table', { name: 'Apartament: August 2027' })).toBeTruthy();
  });

  it('checks the change in the page, then says what the server refused', async () => {
    const { sent, user } = renderRates('/backend/rates?month=2027-07&room=ROOM_SUITE', 'pl', adminMe());
    const form = await screen.findByRole('form', { name: 'Zmień noce' });
    const preview = () => user.click(within(form).getByRole('button', { name: 'Pokaż zmieniane noce' }));

    await preview();
    expect(screen.getByRole('alert').textContent).toContain('Wpisz, co ustawić');

    await user.type(within(form).getByLabelText('Cena za noc (zł)'), 'dużo');
    await preview();
    expect(within(form).getByLabelText('Cena za noc (zł)').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Cena od 1 do 100 000 zł, np. 420 lub 420,50.')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Cena za noc (zł)'));

    await user.type(within(form).getByLabelText('Pokoje wyłączone ze sprzedaży'), '3');
    await preview();
    expect(within(form).getByText('Od 0 do 2 pokoi.')).toBeTruthy();

    await user.clear(within(form).getByLabelText('Pokoje wyłączone ze sprzedaży'));
    await user.type(within(form).getByLabelText('Pokoje wyłączone ze sprzedaży'), '1');
    await user.clear(within(form).getByLabelText('Pierwsza noc'));
    await user.type(within(form).getByLabelText('Pierwsza noc'), '2027-07-13');
    await user.clear(within(form).getByLabelText('Ostatnia noc'));
    await user.type(within(form).getByLabelText('Ostatnia noc'), '2027-07-15');
    await preview();
    const region = await screen.findByRole('region', { name: 'Zmienią się 3 noce' });
    await user.click(within(region).getByRole('button', { name: 'Zapisz 3 noce' }));
    expect(await screen.findByText('On 14 July 2027 the rooms to close are booked.')).toBeTruthy();
    expect(sent).toEqual([{ from: '2027-07-13', to: '2027-07-16', weekdays: [], outOfOrder: 1 }]);
  });

  it('tells a receptionist that only administrators change rates', async () => {
    renderRates('/backend/rates', 'de', customer({ roles: ['customer', 'reception'] }));
    expect(await screen.findByText('Nur Administratoren ändern Preise und Verfügbarkeit.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
