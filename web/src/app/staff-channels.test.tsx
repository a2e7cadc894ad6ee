import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { notifications } from '@/lib/notifications';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { recordRequest, type RecordedRequest } from '@/testing/mocks/recorded-request';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { Channel, ChannelChange, Customer, SyncAnswer } from '@/types/api';

import { createRoutes } from './router';

// The back office's code, loaded once before the tests (the first lazy load takes a while in tests).
beforeAll(() => import('./routes/staff'));

const ROOMS = [
  { code: 'ROOM_DOUBLE', name: 'Double room', units: 4, nights: [] },
  { code: 'ROOM_SUITE', name: 'Family suite', units: 2, nights: [] },
];

const FEED = 'https://spa.example/shop-api/channels/feed/';
const SAVED_AT = '2027-05-04T09:30:00Z';

const CONFLICTS: Channel['conflicts'] = [
  { uid: 'HMX1@airbnb.com', summary: 'Reserved', arrival: '2027-07-10', departure: '2027-07-12', nights: ['2027-07-10', '2027-07-11'] },
  { uid: 'HMX2@airbnb.com', summary: '', arrival: '2027-08-01', departure: '2027-08-02', nights: ['2027-08-01'] },
];

const channel = (extra: Partial<Channel>): Channel => ({
  id: 'c-1',
  name: 'Booking.com – double',
  roomCode: 'ROOM_DOUBLE',
  units: 2,
  importUrl: 'https://admin.booking.com/hotel/ical/12345.ics?t=abc',
  exportUrl: `${FEED}tok1.ics`,
  lastSyncAt: '2027-05-03T12:00:00Z',
  lastSuccessAt: '2027-05-03T12:00:00Z',
  lastError: null,
  bookings: 3,
  conflicts: [],
  updatedAt: '2027-04-01T10:00:00Z',
  updatedBy: 'anna@example.pl',
  ...extra,
});

const CHANNELS: Channel[] = [
  channel({}),
  channel({
    id: 'c-2',
    name: 'Airbnb – suite',
    roomCode: 'ROOM_SUITE',
    units: 2,
    importUrl: 'https://www.airbnb.com/calendar/ical/987.ics?s=x',
    exportUrl: `${FEED}tok2.ics`,
    lastSyncAt: '2027-05-03T12:10:00Z',
    lastSuccessAt: '2027-05-03T11:00:00Z',
    lastError: 'the portal answered 503',
    bookings: 1,
    conflicts: CONFLICTS,
  }),
  channel({
    id: 'c-3',
    name: 'Booking.com – suite',
    roomCode: 'ROOM_SUITE',
    units: 1,
    importUrl: null,
    exportUrl: `${FEED}tok3.ics`,
    lastSyncAt: null,
    lastSuccessAt: null,
    bookings: 0,
    updatedAt: null,
    updatedBy: '',
  }),
];

const invalid = (field: string, message: string) =>
  HttpResponse.json({ code: 'invalid_channel', message: 'Please correct the channel’s marked fields.', errors: [{ field, message }] }, { status: 422 });
const notFound = () => HttpResponse.json({ code: 'channel_not_found', message: 'There is no such channel, or its address was revoked.' }, { status: 404 });

/**
 * The page over a fake channels service keeping what is saved, with the
 * gateway's rules: administrators only, the script marker on changes, a
 * name of 1 to 60 characters, a known room type, 1 up to its units, an
 * http(s) address; it also refuses our own feed as the portal's calendar
 * (something the page cannot know). A new channel or a new export address
 * gets a new token. "Sync now" answers as `sync` says (nothing changed
 * unless told).
 */
function renderChannels(locale: Locale, me: Customer, start: Channel[] = CHANNELS) {
  const store = new Map(start.map((c) => [c.id, structuredClone(c)]));
  const requests: RecordedRequest[] = [];
  let tokens = 10;
  const admin = me.roles.includes('admin');
  const forbidden = () => HttpResponse.json({ code: 'forbidden', message: 'No.' }, { status: 403 });
  const state = { sync: (id: string): HttpResponse<SyncAnswer> | Promise<HttpResponse<SyncAnswer>> => HttpResponse.json(answer(store.get(id)!, { notModified: true })) };
  const check = (body: ChannelChange) => {
    const name = body.name.trim();
    if (name.length < 1 || name.length > 60) return invalid('name', 'From 1 to 60 characters.');
    const room = ROOMS.find((r) => r.code === body.roomCode);
    if (!room) return invalid('roomCode', 'No such room type.');
    if (body.units < 1 || body.units > room.units) return invalid('units', `From 1 to ${room.units}.`);
    if (body.importUrl && !/^https?:\/\/[^\s/:]/.test(body.importUrl)) return invalid('importUrl', 'Not an http(s) address.');
    if (body.importUrl?.startsWith(FEED)) return invalid('importUrl', 'That is our own calendar: paste the portal’s link.');
    return null;
  };
  server.use(
    http.get(apiPath('/me'), () => HttpResponse.json(me)),
    http.get(apiPath('/backend/board'), ({ request }) => {
      const from = new URL(request.url).searchParams.get('from') ?? '';
      return HttpResponse.json({ from, to: from, rooms: ROOMS });
    }),
    http.get(apiPath('/backend/channels'), () => (admin ? HttpResponse.json({ items: [...store.values()] }) : forbidden())),
    http.post(apiPath('/backend/channels'), async ({ request }) => {
      requests.push(await recordRequest(request));
      const body = (await request.json()) as ChannelChange;
      const refused = check(body);
      if (refused) return refused;
      const id = `c-${++tokens}`;
      const created = channel({
        id,
        name: body.name,
        roomCode: body.roomCode,
        units: body.units,
        importUrl: body.importUrl ?? null,
        exportUrl: `${FEED}tok${tokens}.ics`,
        lastSyncAt: null,
        lastSuccessAt: null,
        bookings: 0,
        updatedAt: SAVED_AT,
        updatedBy: me.email,
      });
      store.set(id, created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put(apiPath('/backend/channels/:id'), async ({ request, params }) => {
      requests.push(await recordRequest(request));
      const kept = store.get(String(params.id));
      if (!kept) return notFound();
      const body = (await request.json()) as ChannelChange;
      const refused = check(body);
      if (refused) return refused;
      const { newExportUrl, ...fields } = body;
      const saved = { ...kept, ...fields, importUrl: fields.importUrl ?? null, updatedAt: SAVED_AT, updatedBy: me.email };
      if (newExportUrl) saved.exportUrl = `${FEED}tok${++tokens}.ics`;
      store.set(saved.id, saved);
      return HttpResponse.json(saved);
    }),
    http.delete(apiPath('/backend/channels/:id'), async ({ request, params }) => {
      requests.push(await recordRequest(request));
      if (!store.delete(String(params.id))) return notFound();
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiPath('/backend/channels/:id/sync'), async ({ request, params }) => {
      requests.push(await recordRequest(request));
      if (!store.has(String(params.id))) return notFound();
      return state.sync(String(params.id));
    }),
  );
  const queryClient = createTestQueryClient();
  return {
    ...renderRoutes(createRoutes(locale, queryClient), '/backend/channels', { locale, queryClient }),
    store,
    requests,
    state,
    user: userEvent.setup(),
  };
}

const answer = (c: Channel, extra: Partial<SyncAnswer> = {}): SyncAnswer => ({
  notModified: false,
  added: 0,
  changed: 0,
  removed: 0,
  conflicts: 0,
  error: null,
  channel: c,
  ...extra,
});

const adminMe = () => customer({ email: 'admin@example.pl', roles: ['customer', 'admin'] });

/** The texts a control's description points to: its hint, its error. */
const described = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .filter(Boolean);

const article = (name: string) => screen.getByRole('article', { name });
/** A fact of a channel by its term. */
const fact = (scope: HTMLElement, term: string) => within(scope).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the booking portals', () => {
  it('lists the channels by room type with their facts, the conflicts counted at the top', async () => {
    const { user } = renderChannels('en_GB', adminMe());
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking portals' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Booking portals' }).getAttribute('aria-current')).toBe('page');
    await screen.findByRole('article', { name: 'Booking.com – double' });

    // The conflicts, counted first, each channel with some a link to it.
    const alert = screen.getAllByRole('alert').find((a) => a.textContent?.includes('to settle'))!;
    expect(alert.textContent).toMatch(/^2 conflicts to settle: bookings from a portal on nights that were already sold out here\./);
    const link = within(alert).getByRole('link', { name: 'Airbnb – suite: 2 conflicts' });
    await user.click(link);
    expect(document.activeElement).toBe(within(article('Airbnb – suite')).getByRole('heading', { level: 3 }));

    // Room types in the board's order, each with its units; channels by name.
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Double room (4 rooms)', 'Family suite (2 rooms)']);
    const suites = screen.getByRole('region', { name: 'Family suite (2 rooms)' });
    expect(within(suites).getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Airbnb – suite',
      'Booking.com – suite',
    ]);

    const double = article('Booking.com – double');
    expect(fact(double, 'Room type')).toBe('Double room');
    expect(fact(double, 'Rooms on the listing')).toBe('2 of 4');
    expect(fact(double, "Portal's calendar URL")).toBe('https://admin.booking.com/hotel/ical/12345.ics?t=abc');
    expect(fact(double, 'Last import')).toMatch(/^03\.05\.2027 \d\d:\d\d – went well$/);
    expect(fact(double, 'Bookings from today on')).toBe('3');
    expect(within(double).getByText(/^Last changed 01\.04\.2027 \d\d:\d\d by anna@example\.pl\.$/)).toBeTruthy();
    expect(within(double).getByRole('button', { name: 'Sync now: “Booking.com – double”' })).toBeTruthy();
    const exportField = within(double).getByLabelText<HTMLInputElement>('Our calendar for the portal (export address)');
    expect([exportField.value, exportField.readOnly]).toEqual([`${FEED}tok1.ics`, true]);
    expect(described(exportField)[0]).toMatch(/^Give this address to the portal/);

    // The last import failed: its error, and when it last went well.
    const airbnb = article('Airbnb – suite');
    expect(fact(airbnb, 'Last import')).toMatch(/^03\.05\.2027 \d\d:\d\d – failed: the portal answered 503 \(last good import: 03\.05\.2027 \d\d:\d\d\)$/);
    const conflicts = within(airbnb).getByRole('group', { name: '2 conflicts: booked on the portal while sold out here' });
    expect(within(conflicts).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Reserved: arrival 10.07.2027, departure 12.07.2027; sold out here: 10.07.2027, 11.07.2027 (calendar ID HMX1@airbnb.com)',
      'HMX2@airbnb.com: arrival 01.08.2027, departure 02.08.2027; sold out here: 01.08.2027',
    ]);

    // Export only: nothing to import, no "Sync now".
    const exportOnly = article('Booking.com – suite');
    expect(fact(exportOnly, "Portal's calendar URL")).toBe('None: export only');
    expect(fact(exportOnly, 'Last import')).toBe('nothing to import (export only)');
    expect(fact(exportOnly, 'Rooms on the listing')).toBe('1 of 2');
    expect(within(exportOnly).queryByRole('button', { name: /^Sync now/ })).toBeNull();
    expect(within(exportOnly).queryByRole('group')).toBeNull();
  });

  it('copies an export address, or selects it in its field where the browser does not let the page', async () => {
    const { user } = renderChannels('en_GB', adminMe());
    const double = await screen.findByRole('article', { name: 'Booking.com – double' });
    await user.click(within(double).getByRole('button', { name: 'Copy the export address of “Booking.com – double”' }));
    expect(await navigator.clipboard.readText()).toBe(`${FEED}tok1.ics`);
    expect(within(double).getByText('Export address copied.').getAttribute('role')).toBe('status');

    const suite = article('Booking.com – suite');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(within(suite).getByRole('button', { name: 'Copy the export address of “Booking.com – suite”' }));
    expect(await within(suite).findByText(/^The browser did not let the page copy: the address is selected in the field/)).toBeTruthy();
    const field = within(suite).getByLabelText<HTMLInputElement>('Our calendar for the portal (export address)');
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, `${FEED}tok3.ics`.length]);
  });

  it('adds a channel checked in the page, and shows the server’s refusal of its address at that field', async () => {
    const { requests, user } = renderChannels('en_GB', adminMe());
    await user.click(await screen.findByRole('button', { name: 'Add a channel' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'New channel' }));
    const form = screen.getByRole('form', { name: 'New channel' });
    const name = within(form).getByLabelText('Name');
    const room = within(form).getByLabelText<HTMLSelectElement>('Room type');
    const units = within(form).getByLabelText<HTMLInputElement>('Rooms on the listing');
    const address = within(form).getByLabelText("Portal's calendar URL");
    expect(within(room).getAllByRole('option').map((o) => o.textContent)).toEqual(['Double room (4 rooms)', 'Family suite (2 rooms)']);
    expect([room.value, units.value]).toEqual(['ROOM_DOUBLE', '4']);
    expect(within(form).queryByLabelText(/Make a new export address/)).toBeNull();
    const add = () => user.click(within(form).getByRole('button', { name: 'Add the channel' }));

    await user.clear(units);
    await user.type(units, '5');
    await user.type(address, 'www.airbnb.com/calendar/ical/1.ics');
    await add();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(described(name)).toContain('Name the channel, e.g. Booking.com – family suite.');
    expect(described(units)).toContain('A whole number from 1 to 4.');
    expect(described(address)[1]).toMatch(/^An address starting with http:\/\/ or https:\/\//);
    expect(document.activeElement).toBe(name);
    expect(requests).toEqual([]);

    // A suite: its units follow the room type's.
    await user.type(name, 'Airbnb – family suite');
    await user.selectOptions(room, 'ROOM_SUITE');
    expect(units.value).toBe('5');
    await user.clear(units);
    await user.type(units, '2');
    await user.clear(address);
    await user.type(address, `${FEED}tok1.ics`);
    await add();
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(described(address)).toContain('That is our own calendar: paste the portal’s link.');
    expect(document.activeElement).toBe(address);
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(notifications.getSnapshot()).toEqual([]);

    await user.clear(address);
    await user.type(address, ' https://www.airbnb.com/calendar/ical/555.ics?s=abc ');
    expect(address.getAttribute('aria-invalid')).toBeNull();
    await add();
    const created = await screen.findByRole('article', { name: 'Airbnb – family suite' });
    expect(screen.getByText("Channel “Airbnb – family suite” added. Copy its export address into the portal's calendar settings (below).").closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New channel' })).toBeNull();
    expect(document.activeElement).toBe(within(created).getByRole('heading', { level: 3 }));
    expect(created.closest('section')?.querySelector('h2')?.textContent).toBe('Family suite (2 rooms)');
    expect(within(created).getByLabelText<HTMLInputElement>('Our calendar for the portal (export address)').value).toBe(`${FEED}tok11.ics`);
    expect(fact(created, 'Last import')).toBe('never');
    expect(requests.map(({ method, path, body, marker }) => ({ method, path, body, marker }))).toEqual([
      {
        method: 'POST',
        path: '/backend/channels',
        marker: true,
        body: { name: 'Airbnb – family suite', roomCode: 'ROOM_SUITE', units: 2, importUrl: `${FEED}tok1.ics` },
      },
      {
        method: 'POST',
        path: '/backend/channels',
        marker: true,
        body: { name: 'Airbnb – family suite', roomCode: 'ROOM_SUITE', units: 2, importUrl: 'https://www.airbnb.com/calendar/ical/555.ics?s=abc' },
      },
    ]);
  });

  it('edits a channel in place and makes a new export address', async () => {
    const { requests, user } = renderChannels('en_GB', adminMe());
    const double = await screen.findByRole('article', { name: 'Booking.com – double' });
    const edit = within(double).getByRole('button', { name: 'Edit “Booking.com – double”' });
    await user.click(edit);
    const form = within(double).getByRole('form', { name: 'Edit “Booking.com – double”' });
    expect(document.activeElement).toBe(within(double).getByRole('heading', { level: 4, name: 'Edit “Booking.com – double”' }));
    expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('Booking.com – double');
    expect(within(form).getByLabelText<HTMLSelectElement>('Room type').value).toBe('ROOM_DOUBLE');
    const units = within(form).getByLabelText<HTMLInputElement>('Rooms on the listing');
    expect(units.value).toBe('2');
    expect(described(units)[0]).toBe("How many of this type's rooms the portal's listing sells: 1 to 4. Each booking from there takes one.");
    const renew = within(form).getByLabelText<HTMLInputElement>('Make a new export address (the old one stops working)');
    expect(renew.checked).toBe(false);
    expect(described(renew)[0]).toMatch(/^When the address got into the wrong hands/);

    // Cancelled: nothing sent, the keyboard back on "Edit".
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(double).queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(within(double).getByRole('button', { name: 'Edit “Booking.com – double”' }));

    await user.click(within(double).getByRole('button', { name: 'Edit “Booking.com – double”' }));
    const again = within(double).getByRole('form', { name: 'Edit “Booking.com – double”' });
    await user.clear(within(again).getByLabelText('Rooms on the listing'));
    await user.type(within(again).getByLabelText('Rooms on the listing'), '3');
    await user.clear(within(again).getByLabelText("Portal's calendar URL"));
    await user.click(within(again).getByLabelText('Make a new export address (the old one stops working)'));
    await user.click(within(again).getByRole('button', { name: 'Save the channel' }));
    expect(
      (await within(double).findByText('Channel “Booking.com – double” saved with a new export address: give it to the portal, the old one no longer works.')).closest(
        '[role="status"]',
      ),
    ).toBeTruthy();
    expect(requests.map(({ method, path, body, marker }) => ({ method, path, body, marker }))).toEqual([
      {
        method: 'PUT',
        path: '/backend/channels/c-1',
        marker: true,
        body: { name: 'Booking.com – double', roomCode: 'ROOM_DOUBLE', units: 3, importUrl: null, newExportUrl: true },
      },
    ]);
    expect(within(double).getByLabelText<HTMLInputElement>('Our calendar for the portal (export address)').value).toBe(`${FEED}tok11.ics`);
    expect(fact(double, 'Rooms on the listing')).toBe('3 of 4');
    expect(fact(double, "Portal's calendar URL")).toBe('None: export only');
    // Export only now: no "Sync now".
    expect(within(double).queryByRole('button', { name: /^Sync now/ })).toBeNull();
    expect(within(double).getByText(/^Last changed 04\.05\.2027 \d\d:\d\d by admin@example\.pl\.$/)).toBeTruthy();
    expect(document.activeElement).toBe(within(double).getByRole('button', { name: 'Edit “Booking.com – double”' }));
  });

  it('deletes a channel after a confirmation saying its bookings give their nights back', async () => {
    const { requests, user } = renderChannels('en_GB', adminMe());
    const suites = () => screen.getByRole('region', { name: 'Family suite (2 rooms)' });
    const airbnb = await screen.findByRole('article', { name: 'Airbnb – suite' });
    const remove = within(airbnb).getByRole('button', { name: 'Delete “Airbnb – suite”' });

    // "Keep it" takes nothing away.
    await user.click(remove);
    const confirm = within(airbnb).getByRole('group', { name: /^Delete “Airbnb – suite”\?/ });
    expect(confirm.textContent).toContain(
      'Delete “Airbnb – suite”? Its 1 imported booking gives its nights back for sale here. The portal can no longer read our calendar at its export address.',
    );
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Keep it' }));
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(document.activeElement).toBe(within(airbnb).getByRole('button', { name: 'Delete “Airbnb – suite”' }));
    expect(requests).toEqual([]);

    await user.click(within(airbnb).getByRole('button', { name: 'Delete “Airbnb – suite”' }));
    await user.click(within(airbnb).getByRole('button', { name: 'Yes, delete “Airbnb – suite”' }));
    const done = await screen.findByText('Channel “Airbnb – suite” deleted; its imported bookings gave their nights back.');
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Airbnb – suite' })).toBeNull();
    expect(requests.map(({ method, path, marker }) => [method, path, marker])).toEqual([['DELETE', '/backend/channels/c-2', true]]);
    // Its conflicts went with it; the keyboard stays with the room type's other channel.
    expect(screen.queryByText(/conflicts? to settle:/)).toBeNull();
    expect(document.activeElement).toBe(within(suites()).getByRole('heading', { level: 2 }));
    expect(within(suites()).getAllByRole('article')).toHaveLength(1);
  });

  it('syncs now: what changed, nothing changed, the import’s error and an import under way', async () => {
    const { state, store, user } = renderChannels('en_GB', adminMe());
    const double = await screen.findByRole('article', { name: 'Booking.com – double' });
    const sync = () => within(double).getByRole('button', { name: /^Sync now|^Importing/ });

    // Two added, one changed, one landing on a sold-out night; the page waits for it, busy.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    state.sync = async (id) => {
      await gate;
      const found = { ...store.get(id)!, bookings: 5, conflicts: [CONFLICTS[0]!] };
      store.set(id, found);
      return HttpResponse.json(answer(found, { added: 2, changed: 1, conflicts: 1 }));
    };
    await user.click(sync());
    await waitFor(() => expect(sync().textContent).toBe('Importing…'));
    expect(sync().getAttribute('aria-disabled')).toBe('true');
    expect(double.getAttribute('aria-busy')).toBe('true');
    release();
    const changed = await within(double).findByText('Imported: 2 added, 1 changed, 0 removed; 1 new conflict – see above.');
    expect(changed.closest('[role="status"]')).toBeTruthy();
    expect(sync().textContent).toBe('Sync now');
    expect(fact(double, 'Bookings from today on')).toBe('5');
    expect(within(double).getByRole('group', { name: '1 conflict: booked on the portal while sold out here' })).toBeTruthy();
    expect(screen.getByText('3 conflicts to settle:')).toBeTruthy();

    state.sync = (id) => HttpResponse.json(answer(store.get(id)!, { notModified: true }));
    await user.click(sync());
    expect(await within(double).findByText("Nothing changed (the portal's calendar is the same).")).toBeTruthy();
    expect(within(double).queryByText(/^Imported:/)).toBeNull();

    state.sync = (id) => {
      const failed = { ...store.get(id)!, lastSyncAt: '2027-05-04T10:00:00Z', lastError: 'the portal answered 404 Not Found' };
      store.set(id, failed);
      return HttpResponse.json(answer(failed, { error: 'the portal answered 404 Not Found' }));
    };
    await user.click(sync());
    const failure = await within(double).findByText('The import failed: the portal answered 404 Not Found');
    expect(failure.closest('[role="alert"]')).toBeTruthy();
    expect(fact(double, 'Last import')).toMatch(/^04\.05\.2027 \d\d:\d\d – failed: the portal answered 404 Not Found \(last good import: 03\.05\.2027 \d\d:\d\d\)$/);

    state.sync = () =>
      HttpResponse.json(
        { code: 'sync_running', message: 'This channel’s calendar is being imported right now. Try again in a minute.' },
        { status: 409 },
      ) as unknown as HttpResponse<SyncAnswer>;
    await user.click(sync());
    const running = await within(double).findByText('This channel’s calendar is being imported right now. Try again in a minute.');
    expect(running.closest('[role="alert"]')).toBeTruthy();
    expect(within(double).queryByText(/^The import failed/)).toBeNull();
    // The page says it itself: no notification besides.
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('says when there are no channels yet, after a failed load tried again', async () => {
    let calls = 0;
    const { user } = renderChannels('en_GB', adminMe(), []);
    server.use(
      http.get(apiPath('/backend/channels'), () =>
        ++calls === 1 ? HttpResponse.json({ code: 'service_unavailable', message: 'Down.' }, { status: 503 }) : HttpResponse.json({ items: [] }),
      ),
    );
    const failed = await screen.findByText('The channels could not be loaded.');
    await user.click(within(failed.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No channels yet: add one for each listing on Booking.com or Airbnb.')).toBeTruthy();
    expect(screen.queryByText('The channels could not be loaded.')).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByText(/conflicts? to settle:/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a channel' })).toBeTruthy();
  });

  it('speaks Polish, with the conflicts counted as Polish counts them and the guide to the portals', async () => {
    renderChannels('pl', adminMe());
    expect(await screen.findByRole('heading', { level: 1, name: 'Portale rezerwacyjne' })).toBeTruthy();
    expect(await screen.findByText('2 konflikty do rozwiązania:')).toBeTruthy();
    const help = screen.getByText('Jak podłączyć portal').closest('details')!;
    expect(help.open).toBe(false);
    expect(help.textContent).toContain('Obiekt → Kalendarz → Synchronizacja kalendarzy');
    expect(help.textContent).toContain('Dostępność → Połącz kalendarze');
    expect(help.textContent).toContain('Airbnb często tylko co kilka godzin');
    expect(help.textContent).toContain('co 10 minut');
    expect(within(article('Airbnb – suite')).getByRole('button', { name: 'Synchronizuj teraz: „Airbnb – suite”' })).toBeTruthy();
  });

  it('tells a receptionist that only administrators manage the portals', async () => {
    renderChannels('de', customer({ roles: ['customer', 'reception'] }));
    expect(await screen.findByText('Nur Administratoren verwalten die Buchungsportale.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kanal hinzufügen' })).toBeNull();
    expect(screen.queryByText('So verbinden Sie ein Portal')).toBeNull();
  });
});
