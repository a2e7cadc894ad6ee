import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { listingConfigs } from '@/features/catalog/utils/listing-config';
import { notifications } from '@/lib/notifications';
import { listingItem, listingResponse, packageItem, taxon } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import type { ListingResponse, OfferType } from '@/types/api';

import { OfferListing } from './offer-listing';

const romantic = { code: 'romantic', name: 'Romantyczne' };
const wellness = { code: 'wellness', name: 'Wellness i relaks' };

const packages = () => [
  packageItem({ code: 'PKG_A', name: 'Weekend we dwoje', taxons: { main: 'packages', others: [romantic] } }),
  packageItem({ code: 'PKG_B', name: 'Słodka ucieczka', taxons: { main: 'packages', others: [romantic] } }),
  packageItem({
    code: 'PKG_C',
    name: 'Wellnessowy reset',
    price: { current: 159900, original: 159900, currency: 'PLN' },
    taxons: { main: 'packages', others: [wellness, romantic] },
  }),
];

/** Serves GET /offer/{type} and records the queries. */
function serveOffer(type: OfferType, respond: (url: URL) => ListingResponse | Response) {
  const requests: URL[] = [];
  server.use(
    http.get(apiPath(`/offer/${type}`), ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const body = respond(url);
      return body instanceof Response ? body : HttpResponse.json(body);
    }),
  );
  return requests;
}

function serveTaxon(node = taxon('packages', 'Pakiety', [['romantic', 'Romantyczne'], ['wellness', 'Wellness i relaks']])) {
  server.use(http.get(apiPath(`/taxons/${node.code}`), () => HttpResponse.json(node)));
}

const renderListing = (type: OfferType = 'package', url = '/oferta/pakiety/', locale: 'pl' | 'de' | 'en_GB' = 'pl') =>
  renderWithProviders(<OfferListing config={listingConfigs[type]} />, { url, locale });

const query = (url: URL | undefined) => {
  const params = Object.fromEntries(url?.searchParams ?? []);
  delete params.channel;
  delete params.locale;
  return params;
};

const cardTitles = () => screen.getAllByTestId('product-card').map((card) => within(card).getByRole('heading').textContent);

describe('OfferListing', () => {
  it('groups the items by their first others taxon while no filter is set', async () => {
    serveTaxon();
    const requests = serveOffer('package', () => listingResponse(packages()));
    renderListing();

    const romanticGroup = await screen.findByRole('region', { name: 'Romantyczne' });
    expect(within(romanticGroup).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Weekend we dwoje',
      'Słodka ucieczka',
    ]);
    const wellnessGroup = screen.getByRole('region', { name: 'Wellness i relaks' });
    expect(within(wellnessGroup).getAllByTestId('product-card')).toHaveLength(1);
    expect(screen.getByText('3 pakiety')).toBeTruthy();

    expect(query(requests[0])).toEqual({ limit: '1000', page: '1', sorting: 'taxons_position_asc' });
  });

  it('becomes a flat list sorted by the server once another order is chosen', async () => {
    serveTaxon();
    const requests = serveOffer('package', (url) => {
      const items = packages();
      return listingResponse(url.searchParams.get('sorting') === 'price_desc' ? items.reverse() : items);
    });
    const user = userEvent.setup();
    const { router } = renderListing();
    await screen.findByRole('region', { name: 'Romantyczne' });

    await user.selectOptions(screen.getByLabelText('Sortowanie'), 'Od najdroższych');

    await waitFor(() => expect(router.state.location.search).toBe('?sorting=price_desc'));
    await waitFor(() => expect(cardTitles()[0]).toBe('Wellnessowy reset'));
    expect(screen.queryByRole('region', { name: 'Romantyczne' })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Wellnessowy reset',
      'Słodka ucieczka',
      'Weekend we dwoje',
    ]);
    expect(requests.at(-1)?.searchParams.get('sorting')).toBe('price_desc');

    // Back to the default: the order leaves the URL and the groups return.
    await user.selectOptions(screen.getByLabelText('Sortowanie'), 'Polecane');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('region', { name: 'Romantyczne' })).toBeTruthy();
  });

  it('filters packages by stay length, sent as nights', async () => {
    serveTaxon();
    const requests = serveOffer('package', (url) =>
      listingResponse(url.searchParams.get('nights') === '3' ? [packageItem({ name: 'Cztery dni', numNights: 3 })] : packages()),
    );
    const user = userEvent.setup();
    const { router } = renderListing();
    await screen.findByRole('region', { name: 'Romantyczne' });

    const stayLength = screen.getByLabelText('Długość pobytu');
    expect(within(stayLength).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Wszystkie',
      '3 dni',
      '4 dni',
      '5 dni',
      '6 dni',
    ]);
    await user.selectOptions(stayLength, '4 dni');

    await waitFor(() => expect(router.state.location.search).toBe('?nights=3'));
    await waitFor(() => expect(cardTitles()).toEqual(['Cztery dni']));
    expect(requests.at(-1)?.searchParams.get('nights')).toBe('3');
    expect(screen.getByTestId('card-facts').textContent).toBe('4 dni');
  });

  it('offers the stay-length filter on packages only', async () => {
    serveTaxon(taxon('treatments', 'Zabiegi', [['massages', 'Masaże']]));
    serveOffer('treatment', () => listingResponse([listingItem()]));
    renderListing('treatment', '/oferta/zabiegi/');
    await screen.findAllByTestId('product-card');
    expect(screen.queryByLabelText('Długość pobytu')).toBeNull();
    expect(screen.getByLabelText('Kategoria')).toBeTruthy();
  });

  it('filters by category and subcategory, asking for the whole subtree', async () => {
    serveTaxon(
      taxon('products', 'Produkty', [
        taxon('cosmetics', 'Kosmetyki', [['face', 'Do twarzy'], ['body', 'Do ciała']]),
        ['wine-and-spirits', 'Wina i nalewki'],
      ]),
    );
    const requests = serveOffer('product', () => listingResponse([listingItem({ type: 'product' })]));
    const user = userEvent.setup();
    const { router } = renderListing('product', '/oferta/produkty/');
    await screen.findAllByTestId('product-card');

    const category = screen.getByLabelText('Kategoria');
    expect(within(category).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Wszystkie',
      'Kosmetyki',
      'Wina i nalewki',
    ]);
    expect(screen.queryByLabelText('Podkategoria')).toBeNull();

    await user.selectOptions(category, 'Kosmetyki');
    await waitFor(() => expect(router.state.location.search).toBe('?category=cosmetics'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.getAll('taxon[]')).toEqual(['cosmetics', 'face', 'body']));

    await user.selectOptions(screen.getByLabelText('Podkategoria'), 'Do twarzy');
    await waitFor(() => expect(router.state.location.search).toBe('?category=cosmetics&subcategory=face'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.getAll('taxon[]')).toEqual(['face']));
  });

  it('reads shared filters from the URL', async () => {
    serveTaxon();
    const requests = serveOffer('package', () => ({
      ...listingResponse(packages()),
      priceStats: { min: 90000, max: 300000, currency: 'PLN' },
    }));
    renderListing('package', '/oferta/pakiety/?category=romantic&nights=2&sorting=price_asc&price_from=100000&price_to=150000');
    await screen.findAllByTestId('product-card');

    expect(query(requests[0])).toEqual({
      limit: '1000',
      page: '1',
      sorting: 'price_asc',
      price_from: '100000',
      price_to: '150000',
      'taxon[]': 'romantic',
      nights: '2',
    });
    expect(screen.getByLabelText<HTMLSelectElement>('Kategoria').value).toBe('romantic');
    expect(screen.getByLabelText<HTMLSelectElement>('Długość pobytu').value).toBe('2');
    expect(screen.getByLabelText<HTMLSelectElement>('Sortowanie').value).toBe('price_asc');
    expect(screen.getByRole('slider', { name: 'Cena minimalna' }).getAttribute('aria-valuenow')).toBe('100000');
    expect(screen.getByRole('slider', { name: 'Cena maksymalna' }).getAttribute('aria-valuenow')).toBe('150000');
  });

  it('filters by price with a keyboard-operable two-thumb slider bounded by priceStats', async () => {
    serveTaxon();
    const requests = serveOffer('package', () => ({
      ...listingResponse(packages()),
      priceStats: { min: 109900, max: 289900, currency: 'PLN' },
    }));
    const { router } = renderListing();
    await screen.findByRole('region', { name: 'Romantyczne' });

    const low = screen.getByRole('slider', { name: 'Cena minimalna' });
    const high = screen.getByRole('slider', { name: 'Cena maksymalna' });
    expect([low.getAttribute('aria-valuemin'), low.getAttribute('aria-valuenow')]).toEqual(['109900', '109900']);
    expect([high.getAttribute('aria-valuemax'), high.getAttribute('aria-valuenow')]).toEqual(['289900', '289900']);
    expect(high.getAttribute('aria-valuetext')?.replace(/\s/g, ' ')).toBe('2899,00 zł');
    expect(high.tabIndex).toBe(0);

    // Two steps down (1 zł each), one request when the key is released.
    fireEvent.keyDown(high, { key: 'ArrowLeft' });
    fireEvent.keyDown(high, { key: 'ArrowLeft' });
    expect(high.getAttribute('aria-valuenow')).toBe('289700');
    expect(router.state.location.search).toBe('');
    fireEvent.keyUp(high, { key: 'ArrowLeft' });

    await waitFor(() => expect(router.state.location.search).toBe('?price_to=289700'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('price_to')).toBe('289700'));
    expect(requests.at(-1)?.searchParams.get('price_from')).toBeNull();
    // A price filter makes the list flat.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Romantyczne' })).toBeNull());
    // The thumb keeps its focus: no remount after its own change.
    high.focus();
    fireEvent.keyDown(high, { key: 'End' });
    fireEvent.keyUp(high, { key: 'End' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(document.activeElement).toBe(high);

    // Home on the lower thumb goes to the bound; Page Up moves a tenth of the range.
    fireEvent.keyDown(low, { key: 'PageUp' });
    fireEvent.keyUp(low, { key: 'PageUp' });
    await waitFor(() => expect(router.state.location.search).toBe('?price_from=127900'));
  });

  it('filters in PLN, the currency the slider shows and the server reads, with PLN amounts beside euro prices', async () => {
    const products = [
      listingItem({
        type: 'product',
        code: 'PR_HONEY_BALM',
        name: 'Balsam miodowy',
        price: { current: 5900, original: 5900, currency: 'PLN' },
        priceBase: { current: 5900, original: 5900, currency: 'PLN' },
      }),
      listingItem({
        type: 'product',
        code: 'PR_ARNICA_MASSAGE_OIL',
        name: 'Olejek do masażu z arniką',
        price: { current: 1890, original: 1890, currency: 'EUR' },
        priceBase: { current: 8127, original: 8127, currency: 'PLN' },
      }),
    ];
    serveTaxon(taxon('products', 'Produkty'));
    const requests = serveOffer('product', () => ({
      ...listingResponse(products),
      priceStats: { min: 5900, max: 8127, currency: 'PLN' },
    }));
    const { router } = renderListing('product', '/oferta/produkty/');

    const oil = (await screen.findAllByTestId('product-card'))[1] as HTMLElement;
    expect(within(oil).getByTestId('card-price').textContent?.replace(/\s/g, ' ')).toBe(
      '81,27 zł (cena w walucie obcej: 18,90 €; płacisz w złotych po bieżącym kursie)',
    );

    const high = screen.getByRole('slider', { name: 'Cena maksymalna' });
    expect(high.getAttribute('aria-valuetext')?.replace(/\s/g, ' ')).toBe('81,27 zł');
    fireEvent.keyDown(high, { key: 'ArrowLeft' });
    expect(high.getAttribute('aria-valuetext')?.replace(/\s/g, ' ')).toBe('80,00 zł');
    fireEvent.keyUp(high, { key: 'ArrowLeft' });
    // The amount shown in złoty is the amount sent, in PLN minor units: below the oil's 81,27 zł.
    await waitFor(() => expect(router.state.location.search).toBe('?price_to=8000'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('price_to')).toBe('8000'));
  });

  it('offers no price slider when priceStats are not in PLN, the currency price_from and price_to are read in', async () => {
    serveTaxon(taxon('products', 'Produkty'));
    serveOffer('product', () => ({
      ...listingResponse([listingItem({ type: 'product' }), listingItem({ type: 'product' })]),
      priceStats: { min: 1890, max: 2490, currency: 'EUR' },
    }));
    renderListing('product', '/oferta/produkty/');
    await screen.findAllByTestId('product-card');
    expect(screen.getByLabelText('Sortowanie')).toBeTruthy();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('shows a no-results heading with a way back', async () => {
    serveTaxon();
    serveOffer('package', (url) =>
      url.searchParams.get('nights') === '5' ? listingResponse([]) : listingResponse(packages()),
    );
    const user = userEvent.setup();
    const { router } = renderListing('package', '/oferta/pakiety/?nights=5');

    expect(await screen.findByRole('heading', { level: 2, name: 'Brak wyników' })).toBeTruthy();
    const resets = screen.getAllByRole('button', { name: 'Wyczyść filtry' });
    await user.click(resets.at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(3);
  });

  it('does not ask for age confirmation, even with an age-restricted item (the basket asks when one is added)', async () => {
    serveTaxon(taxon('products', 'Produkty'));
    serveOffer('product', () =>
      listingResponse([
        listingItem({ type: 'product', code: 'PR_OIL' }),
        listingItem({ type: 'product', code: 'PR_WINE', ageRestriction: true }),
      ]),
    );
    renderListing('product', '/oferta/produkty/');
    expect(await screen.findAllByTestId('product-card')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.cookie).not.toContain('agePermission');
  });

  it('lists rooms by position without group headings', async () => {
    serveTaxon(taxon('rooms', 'Pokoje'));
    const requests = serveOffer('room', () =>
      listingResponse([
        listingItem({ type: 'room', numNights: 1, taxons: { main: 'rooms', others: [{ code: 'rooms', name: 'Pokoje' }] } }),
      ]),
    );
    renderListing('room', '/pensjonat/baza-noclegowa/');
    await screen.findAllByTestId('product-card');
    expect(query(requests[0])).toEqual({ limit: '100', page: '1', sorting: 'position_asc' });
    expect(screen.queryByRole('region', { name: 'Pokoje' })).toBeNull();
    expect(screen.queryByLabelText('Kategoria')).toBeNull();
    expect(screen.getByRole('link', { name: /^Zarezerwuj/ })).toBeTruthy();
  });

  it('shows an error state and a notification when loading fails', async () => {
    serveTaxon();
    serveOffer('package', () =>
      HttpResponse.json({ code: 'unavailable', message: 'Katalog chwilowo niedostępny' }, { status: 503 }),
    );
    renderListing();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nie udało się wczytać oferty.');
    // The server's text is the toast's, not appended to the page's own.
    expect(alert.textContent).not.toContain('Katalog chwilowo niedostępny');
    expect(within(alert).getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy();
    expect(notifications.getSnapshot().map((n) => n.message)).toEqual(['Katalog chwilowo niedostępny']);
  });

  it('counts in the page language', async () => {
    serveTaxon();
    serveOffer('package', () => listingResponse(packages()));
    renderListing('package', '/en/offer/packages', 'en_GB');
    expect(await screen.findByText('3 packages')).toBeTruthy();
  });
});
