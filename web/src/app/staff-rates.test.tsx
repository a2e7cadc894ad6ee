import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { Customer, NightsChange, RoomNight, RoomTypeChange, RoomTypeSettings, SeasonList, SeasonsChange } from '@/types/api';
import { addDays, weekdayOf } from '@/utils/calendar-date';

import { createRoutes } from './router';

// The back office's code, loaded once before the tests (the first lazy load takes a while in tests).
beforeAll(() => import('./routes/staff'));

const ROOMS = [
  { code: 'ROOM_DOUBLE', name: 'Pokój dwuosobowy', units: 4, nights: [] },
  { code: 'ROOM_SUITE', name: 'Apartament', units: 2, nights: [] },
];

const ROOM_TYPES: RoomTypeSettings[] = [
  {
    code: 'ROOM_DOUBLE',
    units: 4,
    occupancy: 2,
    maxOccupancy: 3,
    extraBed: true,
    minStay: 1,
    baseRate: 38000,
    weekendRate: 38000,
    updatedAt: null,
    updatedBy: '',
  },
  {
    code: 'ROOM_SUITE',
    units: 2,
    occupancy: 2,
    maxOccupancy: 4,
    extraBed: true,
    minStay: 2,
    baseRate: 52000,
    weekendRate: 61000,
    updatedAt: '2027-03-01T09:30:00Z',
    updatedBy: 'anna@example.pl',
  },
];

const SEASONS: SeasonList = {
  seasons: [
    { name: 'Summer', from: '06-15', to: '09-15', multiplierPercent: 130 },
    { name: 'Christmas', from: '12-20', to: '01-06', multiplierPercent: 150 },
  ],
  updatedAt: null,
  updatedBy: '',
};

const night = (date: string, units: number): RoomNight => ({
  date,
  units,
  outOfOrder: 0,
  booked: 0,
  held: 0,
  external: 0,
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
 * out of order refused with 409 `units_taken`, like the server); a night
 * not priced by hand costs its room type's weekday or weekend rate; the
 * room types and the seasons are kept as saved (fewer than 2 rooms of a
 * type refused with 409 `units_needed`: 2 are booked on 14 July 2027).
 */
function renderRates(url: string, locale: Locale, me: Customer) {
  const stored = new Map<string, RoomNight>();
  const types = new Map(ROOM_TYPES.map((type) => [type.code, { ...type }]));
  let seasons: SeasonList = structuredClone(SEASONS);
  const units = (room: string) => types.get(room)?.units ?? 0;
  const rate = (room: string, date: string) => {
    const type = types.get(room);
    return (weekdayOf(date) === 5 || weekdayOf(date) === 6 ? type?.weekendRate : type?.baseRate) ?? 0;
  };
  const get = (room: string, date: string): RoomNight => {
    const kept = stored.get(`${room}/${date}`);
    if (kept?.priceSet) return kept;
    return { ...(kept ?? night(date, units(room))), price: rate(room, date) };
  };
  const asked: string[] = [];
  const sent: NightsChange[] = [];
  const typesSent: RoomTypeChange[] = [];
  const seasonsSent: SeasonsChange[] = [];
  const saved = { updatedAt: '2027-06-30T10:15:00Z', updatedBy: me.email };
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
    http.get(apiPath('/backend/room-types/:code'), ({ params }) => {
      if (!admin) return forbidden();
      const type = types.get(String(params.code));
      return type ? HttpResponse.json(type) : HttpResponse.json({ code: 'not_found', message: 'No such room type.' }, { status: 404 });
    }),
    http.put(apiPath('/backend/room-types/:code'), async ({ params, request }) => {
      if (!admin) return forbidden();
      const code = String(params.code);
      const change = (await request.json()) as RoomTypeChange;
      typesSent.push(change);
      if (change.units < 2) {
        return HttpResponse.json({ code: 'units_needed', message: 'On 14 July 2027 2 rooms are booked.', errors: [] }, { status: 409 });
      }
      const type = { ...types.get(code)!, ...change, ...saved };
      types.set(code, type);
      return HttpResponse.json(type);
    }),
    http.get(apiPath('/backend/seasons'), () => (admin ? HttpResponse.json(seasons) : forbidden())),
    http.put(apiPath('/backend/seasons'), async ({ request }) => {
      if (!admin) return forbidden();
      const change = (await request.json()) as SeasonsChange;
      seasonsSent.push(change);
      seasons = { ...change, ...saved };
      return HttpResponse.json(seasons);
    }),
  );
  const queryClient = createTestQueryClient();
  return {
    ...renderRoutes(createRoutes(locale, queryClient), url, { locale, queryClient }),
    asked,
    sent,
    typesSent,
    seasonsSent,
    user: userEvent.setup(),
  };
}

const adminMe = () => customer({ email: 'admin@example.pl', roles: ['customer', 'admin'] });

// The page's months are in the future whatever day the tests run: July 2027 seen from May 2027.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-05-10T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

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

  it('tells a receptionist that only administrators change rates, once, with none of the forms', async () => {
    renderRates('/backend/rates', 'de', customer({ roles: ['customer', 'reception'] }));
    expect(await screen.findByText('Nur Administratoren ändern Preise und Verfügbarkeit.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    // Every call is refused by now (the room type's and the seasons' too): still one notice.
    await waitFor(() => expect(screen.queryByText('Zimmertyp wird geladen…')).toBeNull());
    expect(screen.queryByText('Saisons werden geladen…')).toBeNull();
    expect(screen.getAllByText('Nur Administratoren ändern Preise und Verfügbarkeit.')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Saisons (alle Zimmertypen)' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Einstellungen des Zimmertyps/ })).toBeNull();
  });
});

const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;

describe('the room type’s settings', () => {
  it('shows the server’s values, saves new rates and rooms in grosze and asks for the month’s nights again', async () => {
    const { typesSent, asked, user } = renderRates('/backend/rates?month=2027-07&room=ROOM_SUITE', 'en_GB', adminMe());
    const form = await screen.findByRole('form', { name: 'Room type settings: Apartament' });
    const field = (label: string) => within(form).getByLabelText(label);
    expect(valueOf(field('Rooms of this type'))).toBe('2');
    expect(valueOf(field('Minimum stay (nights)'))).toBe('2');
    expect(valueOf(field('Standard sleepers'))).toBe('2');
    expect(valueOf(field('Most guests with the extra bed'))).toBe('4');
    expect((field('Extra bed') as HTMLInputElement).checked).toBe(true);
    expect(valueOf(field('Weekday rate (zł)'))).toBe('520.00');
    expect(valueOf(field('Weekend rate (zł)'))).toBe('610.00');
    const section = screen.getByRole('region', { name: 'Room type settings: Apartament' });
    expect(within(section).getByText(/^Last changed .+ by anna@example\.pl\.$/)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Apartament: July 2027' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('520.00');
    expect(within(table).getAllByRole('row')[2]!.textContent).toContain('610.00');
    const month = 'ROOM_SUITE 2027-07-01..2027-08-01';
    const askedBefore = asked.filter((a) => a === month).length;

    await user.clear(field('Rooms of this type'));
    await user.type(field('Rooms of this type'), '3');
    await user.clear(field('Weekday rate (zł)'));
    await user.type(field('Weekday rate (zł)'), '540.50');
    await user.clear(field('Weekend rate (zł)'));
    await user.type(field('Weekend rate (zł)'), '650');
    await user.click(within(form).getByRole('button', { name: 'Save the room type' }));

    expect(await screen.findByText('Apartament: room type saved. The nights shown are up to date.')).toBeTruthy();
    expect(typesSent).toEqual([{ units: 3, occupancy: 2, maxOccupancy: 4, extraBed: true, minStay: 2, baseRate: 54050, weekendRate: 65000 }]);
    expect(valueOf(field('Weekend rate (zł)'))).toBe('650.00');
    expect(within(section).getByText(/^Last changed .+ by admin@example\.pl\.$/)).toBeTruthy();
    expect(asked.filter((a) => a === month).length).toBe(askedBefore + 1);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('540.50');
    expect(rows[1]!.textContent).toContain('3 of 3');
    expect(rows[2]!.textContent).toContain('650.00');
  });

  it('checks the sleepers, the extra bed and the rates in the page and sends nothing', async () => {
    const { typesSent, user } = renderRates('/backend/rates?month=2027-07', 'pl', adminMe());
    const form = await screen.findByRole('form', { name: 'Ustawienia typu pokoju: Pokój dwuosobowy' });
    const extraBed = within(form).getByLabelText('Dostawka');
    const rate = within(form).getByLabelText('Cena w dni powszednie (zł)');
    const most = within(form).getByLabelText('Najwięcej osób z dostawką');
    expect(valueOf(rate)).toBe('380,00');
    // No place beyond the two standard sleepers, yet the extra bed ticked.
    await user.clear(most);
    await user.type(most, '2');
    await user.clear(rate);
    await user.type(rate, '0');
    await user.click(within(form).getByRole('button', { name: 'Zapisz typ pokoju' }));

    expect(within(form).getByText('Odznacz dostawkę albo pozwól nocować większej liczbie osób, niż jest miejsc stałych.')).toBeTruthy();
    expect(extraBed.getAttribute('aria-invalid')).toBe('true');
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Cena od 1 do 100 000 zł, np. 420 lub 420,50.')).toBeTruthy();
    expect(within(form).getByLabelText('Pokoje tego typu').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(extraBed);
    expect(typesSent).toEqual([]);

    // Unticked, it is fine; so are more guests than sleepers without one (a wide bed).
    await user.click(extraBed);
    expect(extraBed.getAttribute('aria-invalid')).toBeNull();
    await user.type(most, '0');
    await user.click(within(form).getByRole('button', { name: 'Zapisz typ pokoju' }));
    expect(within(form).getByText('Od 2 (miejsca stałe) do 12 osób.')).toBeTruthy();
    expect(typesSent).toEqual([]);
  });

  it('shows rooms the server says are booked on the rooms’ field', async () => {
    const { typesSent, user } = renderRates('/backend/rates?month=2027-07', 'de', adminMe());
    const form = await screen.findByRole('form', { name: 'Einstellungen des Zimmertyps: Pokój dwuosobowy' });
    const units = within(form).getByLabelText('Zimmer dieses Typs');
    await user.clear(units);
    await user.type(units, '1');
    await user.click(within(form).getByRole('button', { name: 'Zimmertyp speichern' }));

    const message = await within(form).findByText('On 14 July 2027 2 rooms are booked.');
    expect(units.getAttribute('aria-invalid')).toBe('true');
    expect(units.getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(units);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(typesSent).toEqual([{ units: 1, occupancy: 2, maxOccupancy: 3, extraBed: true, minStay: 1, baseRate: 38000, weekendRate: 38000 }]);
  });
});

describe('the seasons', () => {
  const season = (form: HTMLElement, number: number) => within(form).getByRole('group', { name: `Season ${number}` });
  const pickDay = async (user: ReturnType<typeof userEvent.setup>, row: HTMLElement, which: string, month: string, day: string) => {
    const group = within(row).getByRole('group', { name: which });
    await user.selectOptions(within(group).getByLabelText('Month'), month);
    await user.selectOptions(within(group).getByLabelText('Day'), day);
  };

  it('adds a season, moves it up and saves the list in its new order', async () => {
    const { seasonsSent, asked, user } = renderRates('/backend/rates?month=2027-07', 'en_GB', adminMe());
    const form = await screen.findByRole('form', { name: 'Seasons (every room type)' });
    expect(valueOf(within(season(form, 2)).getByLabelText('Name'))).toBe('Christmas');
    const christmasTo = within(season(form, 2)).getByRole('group', { name: 'Last day' });
    expect(valueOf(within(christmasTo).getByLabelText('Month'))).toBe('01');
    expect(valueOf(within(christmasTo).getByLabelText('Day'))).toBe('06');
    await screen.findByRole('table', { name: 'Pokój dwuosobowy: July 2027' });
    const month = 'ROOM_DOUBLE 2027-07-01..2027-08-01';
    const askedBefore = asked.filter((a) => a === month).length;

    await user.click(within(form).getByRole('button', { name: 'Add a season' }));
    const added = season(form, 3);
    expect(document.activeElement).toBe(within(added).getByLabelText('Name'));
    await user.type(within(added).getByLabelText('Name'), 'Easter');
    await pickDay(user, added, 'First day', 'April', '1');
    await pickDay(user, added, 'Last day', '04', '21');
    await user.type(within(added).getByLabelText('Share of the rate (%)'), '120');
    await user.click(within(added).getByRole('button', { name: 'Move up: Easter' }));

    expect(valueOf(within(season(form, 2)).getByLabelText('Name'))).toBe('Easter');
    expect(document.activeElement).toBe(within(season(form, 2)).getByRole('button', { name: 'Move up: Easter' }));
    expect(screen.getByText('Easter is now season 2 of 3.')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Save the seasons' }));
    expect(await screen.findByText('Seasons saved. The nights shown are up to date.')).toBeTruthy();
    expect(seasonsSent).toEqual([
      {
        seasons: [
          { name: 'Summer', from: '06-15', to: '09-15', multiplierPercent: 130 },
          { name: 'Easter', from: '04-01', to: '04-21', multiplierPercent: 120 },
          { name: 'Christmas', from: '12-20', to: '01-06', multiplierPercent: 150 },
        ],
      },
    ]);
    expect(asked.filter((a) => a === month).length).toBe(askedBefore + 1);
  });

  it('refuses a name twice, a day no month has and a share out of range in the page; 29 February is a day', async () => {
    const { seasonsSent, user } = renderRates('/backend/rates?month=2027-07', 'en_GB', adminMe());
    const form = await screen.findByRole('form', { name: 'Seasons (every room type)' });
    await user.click(within(form).getByRole('button', { name: 'Add a season' }));
    const added = season(form, 3);
    await user.type(within(added).getByLabelText('Name'), ' summer ');
    await pickDay(user, added, 'First day', '02', '30');
    await pickDay(user, added, 'Last day', '02', '29');
    await user.type(within(added).getByLabelText('Share of the rate (%)'), '40');
    await user.click(within(form).getByRole('button', { name: 'Save the seasons' }));

    const name = within(added).getByLabelText('Name');
    expect(within(added).getByText('Another season above has this name: give each its own.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    const from = within(added).getByRole('group', { name: 'First day' });
    expect(within(from).getByText('That month has no such day (29 February is fine).')).toBeTruthy();
    expect(within(from).getByLabelText('Month').getAttribute('aria-invalid')).toBe('true');
    const to = within(added).getByRole('group', { name: 'Last day' });
    expect(within(to).getByLabelText('Month').getAttribute('aria-invalid')).toBeNull();
    expect(within(added).getByText('A share from 50 to 300%.')).toBeTruthy();
    expect(within(season(form, 1)).getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    expect(seasonsSent).toEqual([]);

    await user.clear(name);
    await user.type(name, 'Leap day');
    await user.selectOptions(within(from).getByLabelText('Day'), '28');
    await user.clear(within(added).getByLabelText('Share of the rate (%)'));
    await user.type(within(added).getByLabelText('Share of the rate (%)'), '200');
    await user.click(within(form).getByRole('button', { name: 'Save the seasons' }));
    expect(await screen.findByText('Seasons saved. The nights shown are up to date.')).toBeTruthy();
    expect(seasonsSent.at(-1)?.seasons.at(-1)).toEqual({ name: 'Leap day', from: '02-28', to: '02-29', multiplierPercent: 200 });
  });

  it('shows what the server refused on its season’s field', async () => {
    const { user } = renderRates('/backend/rates?month=2027-07', 'pl', adminMe());
    server.use(
      http.put(apiPath('/backend/seasons'), () =>
        HttpResponse.json(
          {
            code: 'invalid_seasons',
            message: 'Sezony odrzucone.',
            errors: [{ field: 'seasons[0].from', message: 'Pierwszy dzień lata musi przypadać w czerwcu.' }],
          },
          { status: 422 },
        ),
      ),
    );
    const form = await screen.findByRole('form', { name: 'Sezony (wszystkie typy pokoi)' });
    await user.click(within(form).getByRole('button', { name: 'Zapisz sezony' }));

    const first = within(within(form).getByRole('group', { name: 'Sezon 1' })).getByRole('group', { name: 'Pierwszy dzień' });
    expect(await within(first).findByText('Pierwszy dzień lata musi przypadać w czerwcu.')).toBeTruthy();
    const monthField = within(first).getByLabelText('Miesiąc');
    expect(monthField.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(monthField);
    expect(within(within(form).getByRole('group', { name: 'Sezon 2' })).getByRole('group', { name: 'Pierwszy dzień' }).textContent).not.toContain('czerwcu');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
