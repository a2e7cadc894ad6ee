import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { http, HttpResponse } from 'msw';

import { demoGuesthouse } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';

import { ContactMap } from './contact-map';
import { ContactPage } from './contact-page';

// Stands in for Leaflet's chunk: records whether the page asked for it and with what.
const tileMap = vi.hoisted(() => ({ loaded: false, props: [] as unknown[] }));
vi.mock('@/features/contact/components/tile-map', () => {
  tileMap.loaded = true;
  return {
    TileMap: (props: { label: string; tilesUrl: string }) => {
      tileMap.props.push(props);
      return <div role="region" aria-label={props.label} data-tiles={props.tilesUrl} />;
    },
  };
});

afterEach(() => {
  tileMap.props.length = 0;
});

const section = (name: string) => screen.getByRole('region', { name });
/** The page once the guesthouse's details came. */
const loaded = () => screen.findByRole('region', { name: /^(Adres|Adresse|Address)$/ });

describe('ContactPage', () => {
  it('sends the inquiry form as a question about no product, then offers another message (spec 2.4, 8)', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(apiPath('/contact/product-questions'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    renderWithProviders(<ContactPage />, { locale: 'en_GB' });
    const user = userEvent.setup();
    const form = section('Write to us');
    // The form's code loads beside the page's.
    await user.click(await within(form).findByRole('button', { name: 'Send' }));
    // Nothing sent while a field is wrong; the first wrong one has the focus.
    expect(sent).toEqual([]);
    expect(document.activeElement).toBe(within(form).getByLabelText('Your name'));

    await user.type(within(form).getByLabelText('Your name'), 'Anna Nowak');
    await user.type(within(form).getByLabelText('E-mail address'), 'anna@example.pl');
    await user.type(within(form).getByLabelText('Phone'), '+48 600 100 200');
    await user.type(within(form).getByLabelText('Message'), 'Do you have a room for a dog?');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(form).getByRole('status').textContent).toContain('Thank you, message sent.'));
    expect(sent).toEqual([{ productCode: '', customer: 'Anna Nowak', email: 'anna@example.pl', phone: '+48 600 100 200', message: 'Do you have a room for a dog?' }]);
    expect(within(form).queryByRole('button', { name: 'Close' })).toBeNull();

    const another = within(form).getByRole('button', { name: 'Write another message' });
    expect(document.activeElement).toBe(another);
    await user.click(another);
    expect(within(form).getByLabelText<HTMLInputElement>('Your name').value).toBe('');
  });


  it('shows the address, phones, reception and customer-service office (Polish)', async () => {
    renderWithProviders(<ContactPage />, { locale: 'pl' });
    expect(screen.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeTruthy();
    expect(screen.getByText('Wczytujemy dane kontaktowe…')).toBeTruthy();
    await loaded();

    const address = section('Adres');
    expect(address.textContent).toContain('ul. Jeziorna 12');
    expect(address.textContent).toContain('69-220 Ośno Lubuskie');
    expect(address.textContent).toContain('Polska');

    const phones = section('Telefony');
    const reception = within(phones).getByRole('link', { name: '+48 95 757 20 10' });
    expect(reception.getAttribute('href')).toBe('tel:+48957572010');
    expect(reception.closest('li')?.textContent).toBe('Recepcja: +48 95 757 20 10');
    expect(within(phones).getAllByRole('link')).toHaveLength(demoGuesthouse().phones.length);

    const desk = section('Recepcja');
    expect(within(desk).getByRole('heading', { name: 'Godziny otwarcia' })).toBeTruthy();
    expect(within(desk).getByRole('term').textContent).toBe('Codziennie');
    expect(within(desk).getByRole('definition').textContent).toBe('07:00–22:00');
    expect(within(desk).getByRole('link', { name: 'recepcja@pensjonat-spa.example' }).getAttribute('href')).toBe(
      'mailto:recepcja@pensjonat-spa.example',
    );

    const office = section('Biuro obsługi klienta');
    expect(office.textContent).toContain('Budynek główny, parter, pokój 4');
    expect(within(office).getAllByRole('term').map((term) => term.textContent)).toEqual(['Poniedziałek–piątek', 'Sobota']);
    expect(within(office).getByRole('link', { name: '+48 95 757 20 12' }).getAttribute('href')).toBe('tel:+48957572012');
    expect(within(office).getByRole('link', { name: 'biuro@pensjonat-spa.example' })).toBeTruthy();
  });

  it('speaks German and English where the text is the guesthouse’s own', async () => {
    const { unmount } = renderWithProviders(<ContactPage />, { locale: 'de' });
    await loaded();
    expect(section('Adresse').textContent).toContain('Polen');
    expect(section('Kundenservice-Büro').textContent).toContain('Hauptgebäude, Erdgeschoss, Raum 4');
    expect(within(section('Rezeption')).getByRole('term').textContent).toBe('Täglich');
    unmount();

    renderWithProviders(<ContactPage />, { locale: 'en_GB' });
    await loaded();
    expect(section('Address').textContent).toContain('Poland');
    expect(within(section('Telephone')).getByRole('link', { name: '+48 601 200 310' }).closest('li')?.textContent).toBe(
      'Spa: +48 601 200 310',
    );
    expect(section('Reception').textContent).toContain('Check-in from 15:00, check-out by 11:00.');
  });

  it('shows what the administrators set, leaving out what they left empty', async () => {
    server.use(
      http.get(apiPath('/guesthouse'), () =>
        HttpResponse.json({
          ...demoGuesthouse('en_GB'),
          street: 'ul. Leśna 3',
          phones: [],
          office: { place: '', phone: '', email: '', hours: [], note: '' },
          latitude: 52.5,
          longitude: 15.1,
        }),
      ),
    );
    renderWithProviders(<ContactPage />, { locale: 'en_GB' });
    await loaded();
    expect(section('Address').textContent).toContain('ul. Leśna 3');
    expect(screen.queryByRole('region', { name: 'Telephone' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Customer service office' })).toBeNull();
    const planning = screen.getByRole('form', { name: 'Plan your route' });
    const link = within(planning).getByRole('link', { name: 'Get directions (opens in a new window)' });
    expect(new URL(link.getAttribute('href') ?? '').searchParams.get('destination')).toBe('52.5,15.1');
  });

  it('says when the details cannot be loaded and tries again on request', async () => {
    let calls = 0;
    server.use(
      http.get(apiPath('/guesthouse'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ code: 'service_unavailable', message: 'Try again.' }, { status: 503 })
          : HttpResponse.json(demoGuesthouse('pl'));
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { locale: 'pl' });
    expect(await screen.findByText('Nie udało się wczytać danych kontaktowych.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect((await loaded()).textContent).toContain('ul. Jeziorna 12');
  });

  it('plans the route in a new window, from what the visitor types to the guesthouse', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { locale: 'en_GB' });
    const planning = await screen.findByRole('form', { name: 'Plan your route' });
    const link = within(planning).getByRole('link', { name: 'Get directions (opens in a new window)' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const route = () => new URL(link.getAttribute('href') ?? '');
    expect(`${route().origin}${route().pathname}`).toBe('https://www.google.com/maps/dir/');
    expect(route().searchParams.get('destination')).toBe('52.46,14.86');
    // Nothing typed: the planner asks where to start.
    expect(route().searchParams.has('origin')).toBe(false);

    const origin = within(planning).getByLabelText('Where are you coming from?');
    expect(document.getElementById(origin.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'route planner asks where to start',
    );
    await user.type(origin, ' Poznań, Stary Rynek ');
    expect(route().searchParams.get('origin')).toBe('Poznań, Stary Rynek');
    expect(route().searchParams.get('destination')).toBe('52.46,14.86');
    expect(route().searchParams.get('api')).toBe('1');

    await user.type(origin, '{Enter}');
    expect(open).toHaveBeenCalledWith(link.getAttribute('href'), '_blank', 'noopener,noreferrer');
  });

  it('without tiles named by the page shows the address with a link to a public map, and asks for no tile', async () => {
    expect(document.querySelector('meta[name="map-tiles"]')).toBeNull();
    renderWithProviders(<ContactPage />, { locale: 'en_GB' });
    await loaded();
    const map = section('Getting here');
    const fallback = within(map).getByTestId('static-map');
    expect(fallback.textContent).toContain('ul. Jeziorna 12, 69-220 Ośno Lubuskie, Poland');
    const link = within(fallback).getByRole('link', { name: 'Show the guesthouse on a map (opens in a new window)' });
    expect(link.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=52.46%2C14.86');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    // Give a lazy chunk every chance to arrive: none was asked for.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tileMap.loaded).toBe(false);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Map showing where the guesthouse is' })).toBeNull();
  });
});

describe('ContactMap with tiles', () => {
  // Removed after each test, passed or failed, so no later test sees them.
  afterEach(() => document.head.querySelectorAll('meta[name^="map-"]').forEach((meta) => meta.remove()));

  /** The gateway names the tiles in the page it serves. */
  function tilesInThePage(url: string, attribution?: string) {
    const metas = [['map-tiles', url], ...(attribution ? [['map-attribution', attribution]] : [])].map(([name, content]) =>
      Object.assign(document.createElement('meta'), { name, content }),
    );
    document.head.append(...metas);
  }

  it('loads the map lazily with the page’s tiles, the page language and a loading state meanwhile', async () => {
    tilesInThePage('https://tiles.example/{z}/{x}/{y}.png');
    renderWithProviders(<ContactMap guesthouse={demoGuesthouse('de')} />, { locale: 'de' });
    expect(screen.getByRole('status').textContent).toContain('Karte wird geladen…');
    const map = await screen.findByRole('region', { name: 'Karte mit der Lage der Pension' });
    expect(map.getAttribute('data-tiles')).toBe('https://tiles.example/{z}/{x}/{y}.png');
    expect(tileMap.loaded).toBe(true);
    expect(tileMap.props.at(-1)).toMatchObject({
      attribution: '© OpenStreetMap contributors',
      location: [52.46, 14.86],
      zoom: 12,
      placeName: 'Pensjonat Spa & Wellness',
      zoomInLabel: 'Vergrößern',
      zoomOutLabel: 'Verkleinern',
    });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByTestId('static-map')).toBeNull();
  });

  it('gives the tiles’ own attribution and the zoom it is asked for', async () => {
    tilesInThePage('http://127.0.0.1:9/{z}/{x}/{y}.png', '© Local tiles');
    renderWithProviders(<ContactMap guesthouse={demoGuesthouse('pl')} zoom={14} />);
    await screen.findByRole('region', { name: /mapa/i });
    expect(tileMap.props.at(-1)).toMatchObject({ tilesUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: '© Local tiles', zoom: 14 });
  });
});
