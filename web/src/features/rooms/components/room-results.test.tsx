import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ROOM_CALENDAR_PRELOAD_MARGIN } from '@/config/constants';

import { notifications } from '@/lib/notifications';
import { fakeBasketActions, WithBasketActions } from '@/testing/basket-actions';
import type { Locale } from '@/lib/i18n/locale';
import { roomAvailability, roomOffer, roomSearchResponse } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderRoutes } from '@/testing/test-utils';
import type { RoomSearchResponse } from '@/types/api';

import { RoomResults } from './room-results';

const TODAY = '2026-06-10';
const search = {
  dateFrom: '2026-07-15',
  dateTo: '2026-07-18',
  guests: { adults: 2, children: 1, babies: 1 },
};

function serveSearch(answer: RoomSearchResponse | (() => Response)) {
  const requests: URL[] = [];
  server.use(
    http.get(apiPath('/rooms/search'), ({ request }) => {
      requests.push(new URL(request.url));
      return typeof answer === 'function' ? answer() : HttpResponse.json(answer);
    }),
  );
  return requests;
}

function renderResults(locale: Locale = 'pl', dates: Partial<Pick<typeof search, 'dateFrom' | 'dateTo'>> = {}) {
  const searched = { ...search, ...dates };
  return renderRoutes(
    [
      { path: '/reservation/rooms', element: <RoomResults search={searched} today={TODAY} /> },
      { path: '/en/reservation/rooms', element: <RoomResults search={searched} today={TODAY} /> },
      { path: '*', element: <p>inna strona</p> },
    ],
    locale === 'en_GB' ? '/en/reservation/rooms' : '/reservation/rooms',
    { locale },
  );
}

/**
 * A stand-in for the browser's IntersectionObserver (jsdom has none, and
 * without one every calendar counts as in view): `show` reports an element
 * as scrolled near the viewport to the observers watching it.
 */
function installIntersectionObserver() {
  const live = new Set<FakeObserver>();
  class FakeObserver {
    readonly elements = new Set<Element>();
    constructor(
      readonly callback: IntersectionObserverCallback,
      readonly options?: IntersectionObserverInit,
    ) {
      live.add(this);
    }
    observe(element: Element) {
      this.elements.add(element);
    }
    unobserve(element: Element) {
      this.elements.delete(element);
    }
    disconnect() {
      this.elements.clear();
      live.delete(this);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    watched: () => [...live].flatMap((observer) => [...observer.elements]),
    options: () => [...live].map((observer) => observer.options),
    show(element: Element) {
      for (const observer of [...live]) {
        if (!observer.elements.has(element)) continue;
        const entry = { target: element, isIntersecting: true } as IntersectionObserverEntry;
        act(() => observer.callback([entry], observer as unknown as IntersectionObserver));
      }
    },
  };
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('RoomResults', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the rooms that fit with max persons, rooms left, rating, the stay price and reserve', async () => {
    const requests = serveSearch(
      roomSearchResponse([
        roomOffer({ code: 'ROOM_LAKE_VIEW', name: 'Pokój z widokiem na jezioro', available: 4, maxOccupancy: 3 }),
        roomOffer({
          code: 'ROOM_FAMILY',
          name: 'Pokój rodzinny',
          available: 1,
          maxOccupancy: 4,
          averageRating: 0,
          minStayNights: 2,
          price: { current: 150000, original: 180000, currency: 'PLN' },
        }),
      ]),
    );
    renderResults();

    expect(screen.getByText('Szukamy wolnych pokoi…')).toBeTruthy();
    const cards = await screen.findAllByTestId('room-result');
    expect(cards).toHaveLength(2);
    expect(screen.getByText('2 wolne pokoje')).toBeTruthy();
    expect(screen.getByTestId('search-summary').textContent).toContain('15.07.2026 – 18.07.2026, 3 noce, 3 gości, 1 niemowlę');

    const [lake, family] = cards as [HTMLElement, HTMLElement];
    expect(within(lake).getByRole('heading', { level: 2, name: 'Pokój z widokiem na jezioro' })).toBeTruthy();
    expect(within(lake).getByTestId('room-max-persons').textContent).toBe('maks. 3 osoby');
    expect(within(lake).getByTestId('rooms-left').textContent).toBe('Zostały 4 pokoje');
    expect(within(lake).getByRole('img', { name: 'Ocena gości: 4,6 z 5' })).toBeTruthy();
    expect(plain(within(lake).getByTestId('room-price').textContent)).toBe('Cena za 3 noce1080,00 zł');
    // Without a basket around it "reserve" is there but unavailable.
    const reserve = within(lake).getByRole('button', { name: 'Zarezerwuj: Pokój z widokiem na jezioro' });
    expect(reserve.getAttribute('aria-disabled')).toBe('true');

    expect(within(family).getByTestId('rooms-left').textContent).toBe('Został 1 pokój');
    expect(within(family).getByText('Brak ocen')).toBeTruthy();
    expect(within(family).getByText('Minimalny pobyt: 2 noce')).toBeTruthy();
    expect(plain(within(family).getByTestId('room-price').textContent)).toContain('1800,00 zł');
    // The stay's price is the total; one night's is its average, said apart.
    expect(plain(within(lake).getByTestId('room-price-night').textContent)).toBe('średnio 360,00 zł za noc');
    expect(plain(within(family).getByTestId('room-price-night').textContent)).toBe('średnio 500,00 zł za noc');

    const query = Object.fromEntries(requests[0]?.searchParams ?? []);
    expect(query).toEqual({
      from: '2026-07-15',
      to: '2026-07-18',
      adults: '2',
      children: '1',
      babies: '1',
      channel: 'web_pl',
      locale: 'pl',
    });
  });

  it('says which price is the stay’s and which one night’s, in each language; one night needs no average', async () => {
    const lake = roomOffer({ name: 'Lake view', nights: 2, price: { current: 70001, original: 70001, currency: 'PLN' } });
    serveSearch(roomSearchResponse([lake]));
    const { unmount } = renderResults('en_GB', { dateTo: '2026-07-17' });
    const [card] = await screen.findAllByTestId('room-result');
    expect(plain(within(card!).getByTestId('room-price').textContent)).toBe('Price for 2 nightsPLN 700.01');
    expect(plain(within(card!).getByTestId('room-price-night').textContent)).toBe('on average PLN 350.01 per night');
    unmount();

    serveSearch(roomSearchResponse([lake]));
    const german = renderResults('de', { dateTo: '2026-07-17' });
    const [deCard] = await screen.findAllByTestId('room-result');
    expect(plain(within(deCard!).getByTestId('room-price-night').textContent)).toBe('durchschnittlich 350,01 PLN pro Nacht');
    german.unmount();

    serveSearch(roomSearchResponse([{ ...lake, nights: 1, price: { current: 36000, original: 36000, currency: 'PLN' } }]));
    renderResults('pl', { dateTo: '2026-07-16' });
    const [single] = await screen.findAllByTestId('room-result');
    expect(plain(within(single!).getByTestId('room-price').textContent)).toBe('Cena za 1 noc360,00 zł');
    expect(within(single!).queryByTestId('room-price-night')).toBeNull();
  });

  it('"reserve" puts the room into the basket for the searched dates and guests; the search counts the basket\'s stays', async () => {
    const requests = serveSearch(roomSearchResponse([roomOffer({ code: 'ROOM_LAKE_VIEW', name: 'Pokój z widokiem na jezioro' })]));
    const actions = fakeBasketActions([], { cartToken: '0123456789abcdef0123456789abcdef' });
    renderRoutes(
      [
        {
          path: '/reservation/rooms',
          element: (
            <WithBasketActions actions={actions}>
              <RoomResults search={search} today={TODAY} />
            </WithBasketActions>
          ),
        },
      ],
      '/reservation/rooms',
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Zarezerwuj: Pokój z widokiem na jezioro' }));
    expect(actions.add).toHaveBeenCalledWith({
      type: 'reservation',
      productCode: 'ROOM_LAKE_VIEW',
      options: { checkIn: '2026-07-15', checkOut: '2026-07-18', adults: 2, children: 1, babies: 1 },
    });
    expect(requests[0]?.searchParams.get('orderToken')).toBe('0123456789abcdef0123456789abcdef');
  });

  it('opens the room description popup with the server fragment, as a modal dialog', async () => {
    const user = userEvent.setup();
    const partials: string[] = [];
    serveSearch(roomSearchResponse([roomOffer({ code: 'ROOM_LAKE_VIEW', name: 'Pokój z widokiem' })]));
    server.use(
      http.get('*/:lang/_partial/rooms/:code', ({ params, request }) => {
        partials.push(new URL(request.url).pathname);
        return HttpResponse.text(
          `<article class="room-partial" data-code="${String(params.code)}"><h2>Pokój z widokiem</h2>` +
            '<p>Balkon &lt;i&gt;z widokiem&lt;/i&gt; na jezioro.</p><ul><li>Maks. liczba osób: 3</li></ul></article>',
        );
      }),
    );
    renderResults();

    const open = await screen.findByRole('button', { name: 'Opis pokoju: Pokój z widokiem' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Pokój z widokiem' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const content = await within(dialog).findByTestId('room-partial');
    expect(content.textContent).toContain('Balkon <i>z widokiem</i> na jezioro.');
    expect(content.textContent).toContain('Maks. liczba osób: 3');
    expect(within(dialog).getAllByRole('heading')).toHaveLength(1);
    expect(partials).toEqual(['/pl/_partial/rooms/ROOM_LAKE_VIEW']);

    await user.click(within(dialog).getByRole('button', { name: 'Zamknij' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);

    await user.click(open);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the English fragment under /en', async () => {
    const user = userEvent.setup();
    const partials: string[] = [];
    serveSearch(roomSearchResponse([roomOffer({ code: 'ROOM_LAKE_VIEW', name: 'Lake view room' })]));
    server.use(
      http.get('*/:lang/_partial/rooms/:code', ({ request }) => {
        partials.push(new URL(request.url).pathname);
        return HttpResponse.text('<article class="room-partial"><p>Balcony.</p></article>');
      }),
    );
    renderResults('en_GB');
    await user.click(await screen.findByRole('button', { name: 'Room description: Lake view room' }));
    expect(await screen.findByText('Balcony.')).toBeTruthy();
    expect(partials).toEqual(['/en/_partial/rooms/ROOM_LAKE_VIEW']);
  });

  it("names the room in its description button as the page language puts it", async () => {
    serveSearch(roomSearchResponse([roomOffer({ code: 'ROOM_LAKE_VIEW', name: 'Seeblick' })]));
    renderResults('de');
    expect(await screen.findByRole('button', { name: 'Beschreibung des Zimmers Seeblick' })).toBeTruthy();
  });

  it("shows each room's calendar with its unbookable nights, and searches again from it", async () => {
    const user = userEvent.setup();
    const asked: URLSearchParams[] = [];
    serveSearch(roomSearchResponse([roomOffer({ code: 'ROOM_LAKE_VIEW', name: 'Pokój z widokiem' })]));
    server.use(
      http.get(apiPath('/rooms/availability'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        return HttpResponse.json(
          roomAvailability('ROOM_LAKE_VIEW', query.get('from') ?? '', query.get('to') ?? '', ['2026-07-22', '2026-07-23']),
        );
      }),
    );
    const { router } = renderResults();

    const calendar = await screen.findByRole('group', { name: 'Dostępność: Pokój z widokiem' });
    expect(Object.fromEntries(asked[0] ?? [])).toMatchObject({
      roomCode: 'ROOM_LAKE_VIEW',
      from: '2026-07-01',
      to: '2026-10-01',
      adults: '2',
      children: '1',
      babies: '1',
    });
    const day = (date: string) => calendar.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;
    expect(within(calendar).getAllByRole('grid')).toHaveLength(1);
    expect(day('2026-07-15').getAttribute('aria-label')).toContain('przyjazd');
    expect(day('2026-07-22').getAttribute('aria-label')).toContain('noc niedostępna');
    expect(day('2026-07-22').getAttribute('aria-disabled')).toBe('true');

    await user.click(day('2026-07-20'));
    // The unavailable night can end the stay; the one after cannot be reached.
    expect(day('2026-07-22').getAttribute('aria-disabled')).toBeNull();
    expect(day('2026-07-24').getAttribute('aria-disabled')).toBe('true');
    await user.click(day('2026-07-22'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?dateFrom=2026-07-20&dateTo=2026-07-22&adults=2&children=1&babies=1'),
    );
  });

  it("marks the guesthouse's rules per day in a room's calendar: no arrival, no departure, a longer minimum", async () => {
    const user = userEvent.setup();
    serveSearch(roomSearchResponse([roomOffer({ code: 'ROOM_LAKE_VIEW', name: 'Pokój z widokiem' })]));
    server.use(
      http.get(apiPath('/rooms/availability'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        return HttpResponse.json(
          roomAvailability('ROOM_LAKE_VIEW', query.get('from') ?? '', query.get('to') ?? '', [], 1, {
            '2026-07-15': { closedToArrival: true },
            '2026-07-18': { closedToDeparture: true },
            '2026-07-20': { minStay: 3 },
          }),
        );
      }),
    );
    const { router } = renderResults();

    const calendar = await screen.findByRole('group', { name: 'Dostępność: Pokój z widokiem' });
    const day = (date: string) => calendar.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;
    expect(day('2026-07-15').getAttribute('aria-disabled')).toBe('true');
    expect(day('2026-07-15').getAttribute('aria-label')).toContain('bez przyjazdu tego dnia');

    // A day with a longer minimum says so once picked; shorter stays from it cannot be chosen.
    await user.click(day('2026-07-20'));
    expect(screen.getByText('Przyjazd 20.07.2026: co najmniej 3 noce.')).toBeTruthy();
    expect(day('2026-07-22').getAttribute('aria-disabled')).toBe('true');
    expect(day('2026-07-22').getAttribute('aria-label')).toContain('za krótki lub za długi pobyt');
    expect(day('2026-07-23').getAttribute('aria-disabled')).toBeNull();

    // An earlier arrival instead: no stay of it ends on the day closed to departure.
    await user.click(day('2026-07-17'));
    expect(screen.queryByText(/co najmniej/)).toBeNull();
    expect(day('2026-07-18').getAttribute('aria-disabled')).toBe('true');
    expect(day('2026-07-18').getAttribute('aria-label')).toContain('bez wyjazdu tego dnia');
    await user.click(day('2026-07-20'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?dateFrom=2026-07-17&dateTo=2026-07-20&adults=2&children=1&babies=1'),
    );
  });

  it.each([
    ['beyond the booking horizon', { dateFrom: '2027-06-08', dateTo: '2027-06-12' }, 'We take bookings for stays ending by 10.06.2027. Choose earlier dates.'],
    ['before the check-in', { dateFrom: '2026-07-15', dateTo: '2026-07-12' }, 'Check-out must come after check-in. Choose the dates again.'],
    ['on the check-in day', { dateFrom: '2026-07-15', dateTo: '2026-07-15' }, 'Check-out must come after check-in. Choose the dates again.'],
    ['after more than 30 nights', { dateFrom: '2026-07-01', dateTo: '2026-08-05' }, 'A stay lasts at most 30 nights. Choose a shorter stay.'],
    ['refused for another rule', {}, 'Check-out must come after check-in and no later than a year from today, and a stay lasts at most 30 nights.'],
  ])('says why a check-out %s was refused, not that the rooms are taken', async (_case, dates, message) => {
    serveSearch(() =>
      HttpResponse.json({ code: 'invalid_stay', message: 'Check the dates.', errors: [{ field: 'to', message: 'x' }] }, { status: 422 }),
    );
    renderResults('en_GB', dates);
    expect(await screen.findByText(message)).toBeTruthy();
    // No night count below one in the summary.
    expect(screen.getByTestId('search-summary').textContent).not.toMatch(/-\d+ nights|0 nights/);
    expect(screen.getAllByRole('link', { name: 'Change search' }).length).toBeGreaterThan(0);
  });

  it("asks for a room's calendar only once it comes near the viewport", async () => {
    const observers = installIntersectionObserver();
    const asked: string[] = [];
    serveSearch(
      roomSearchResponse([
        roomOffer({ code: 'ROOM_LAKE_VIEW', name: 'Pokój z widokiem' }),
        roomOffer({ code: 'ROOM_FAMILY', name: 'Pokój rodzinny' }),
      ]),
    );
    server.use(
      http.get(apiPath('/rooms/availability'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query.get('roomCode') ?? '');
        return HttpResponse.json(roomAvailability(query.get('roomCode') ?? '', query.get('from') ?? '', query.get('to') ?? ''));
      }),
    );
    renderResults();

    const calendars = await screen.findAllByTestId('room-calendar');
    expect(calendars).toHaveLength(2);
    const [lake, family] = calendars as [HTMLElement, HTMLElement];
    expect(observers.watched()).toEqual([lake, family]);
    expect(observers.options().every((o) => o?.rootMargin === ROOM_CALENDAR_PRELOAD_MARGIN)).toBe(true);
    // Nothing in view yet: no request, each calendar waits.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    expect(within(lake).getByText('Wczytywanie dostępności…')).toBeTruthy();

    observers.show(family);
    expect(await screen.findByRole('group', { name: 'Dostępność: Pokój rodzinny' })).toBeTruthy();
    expect(asked).toEqual(['ROOM_FAMILY']);
    expect(screen.queryByRole('group', { name: 'Dostępność: Pokój z widokiem' })).toBeNull();
    // Seen once is enough: the observer is let go.
    expect(observers.watched()).toEqual([lake]);

    observers.show(lake);
    expect(await screen.findByRole('group', { name: 'Dostępność: Pokój z widokiem' })).toBeTruthy();
    expect(asked).toEqual(['ROOM_FAMILY', 'ROOM_LAKE_VIEW']);
  });

  it("prompts to change the guests when the room's availability says it does not take them", async () => {
    serveSearch(roomSearchResponse([roomOffer({ code: 'ROOM_LAKE_VIEW', name: 'Lake view room', maxOccupancy: 3 })]));
    server.use(
      http.get(apiPath('/rooms/availability'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        const closed = roomAvailability('ROOM_LAKE_VIEW', query.get('from') ?? '', query.get('to') ?? '');
        return HttpResponse.json({ ...closed, fitsGuests: false, days: closed.days.map((day) => ({ ...day, bookable: false })) });
      }),
    );
    renderResults('en_GB');

    const calendar = await screen.findByTestId('room-calendar');
    const prompt = await within(calendar).findByTestId('room-guests-prompt');
    expect(prompt.textContent).toContain('This room takes at most 3 people. Change the number of people to book it.');
    expect(within(prompt).getByRole('link', { name: 'Change the number of people for Lake view room' }).getAttribute('href')).toBe(
      '/en/reservation/search?dateFrom=2026-07-15&dateTo=2026-07-18&adults=2&children=1&babies=1',
    );
    expect(within(calendar).queryByRole('grid')).toBeNull();
  });

  it('says when no room is free for the dates, and offers to change them', async () => {
    serveSearch(roomSearchResponse([], 'no_rooms_for_dates'));
    renderResults();
    const empty = await screen.findByTestId('rooms-empty');
    expect(within(empty).getByRole('heading', { name: 'Brak wolnych pokoi w wybranym terminie' })).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Zmień daty' }).getAttribute('href')).toBe(
      '/reservation/search?dateFrom=2026-07-15&dateTo=2026-07-18&adults=2&children=1&babies=1',
    );
    expect(screen.queryByTestId('room-result')).toBeNull();
  });

  it('says when no room takes this many people, and prompts to change the guests', async () => {
    serveSearch(roomSearchResponse([], 'no_room_for_guests'));
    renderResults();
    const empty = await screen.findByTestId('rooms-empty');
    expect(within(empty).getByRole('heading', { name: 'Brak pokoju dla wybranej liczby osób' })).toBeTruthy();
    expect(empty.textContent).toContain('Zmień liczbę osób.');
    expect(within(empty).getByRole('link', { name: 'Zmień liczbę osób' })).toBeTruthy();
  });

  it('shows a failed search with a retry (and the toast of spec 8)', async () => {
    const user = userEvent.setup();
    let calls = 0;
    serveSearch(() => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ code: 'unavailable', message: 'Service unavailable' }, { status: 503 })
        : HttpResponse.json(roomSearchResponse([roomOffer()]));
    });
    renderResults();
    expect(await screen.findByText('Nie udało się wyszukać pokoi.')).toBeTruthy();
    expect(notifications.getSnapshot().map((n) => n.message)).toEqual(['Service unavailable']);
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findAllByTestId('room-result')).toHaveLength(1);
  });

  it("explains a refused search (400) in the visitor language, and toasts the server's message as sent", async () => {
    serveSearch(() =>
      HttpResponse.json(
        { code: 'invalid_argument', message: 'from: must be today or later', errors: [{ field: 'from', message: 'must be today or later' }] },
        { status: 400 },
      ),
    );
    renderResults();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Data przyjazdu nie może być w przeszłości.');
    // The server's text stays in the toast; it is never appended to the Polish one.
    expect(alert.textContent).not.toContain('must be today or later');
    expect(screen.getAllByRole('link', { name: 'Zmień wyszukiwanie' }).length).toBeGreaterThan(0);
    expect(notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`)).toEqual([
      'error: from: must be today or later',
    ]);
  });

  it('shows failing calendars each with a retry, and their common failure in one toast', async () => {
    const user = userEvent.setup();
    let fail = true;
    serveSearch(
      roomSearchResponse([
        roomOffer({ code: 'ROOM_LAKE_VIEW', name: 'Pokój z widokiem' }),
        roomOffer({ code: 'ROOM_FAMILY', name: 'Pokój rodzinny' }),
      ]),
    );
    server.use(
      http.get(apiPath('/rooms/availability'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        if (fail) return HttpResponse.json({ code: 'unavailable', message: 'Usługa pokoi niedostępna' }, { status: 503 });
        return HttpResponse.json(roomAvailability(query.get('roomCode') ?? '', query.get('from') ?? '', query.get('to') ?? ''));
      }),
    );
    renderResults();

    await waitFor(() => expect(screen.getAllByText('Nie udało się wczytać dostępności.')).toHaveLength(2));
    expect(notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`)).toEqual(['error: Usługa pokoi niedostępna']);

    fail = false;
    const [lake] = screen.getAllByTestId('room-calendar') as [HTMLElement];
    await user.click(within(lake).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('group', { name: 'Dostępność: Pokój z widokiem' })).toBeTruthy();
  });
});
