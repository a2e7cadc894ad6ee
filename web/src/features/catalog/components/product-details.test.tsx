import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { fakeBasketActions, WithBasketActions } from '@/testing/basket-actions';
import { listingItem, packageCost, packageDetails } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderRoutes } from '@/testing/test-utils';
import type { ListingItem, ProductDetails as Product } from '@/types/api';

import { ProductDetails } from './product-details';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const wine = (): Product => ({
  ...listingItem({
    code: 'PR_LUBUSZ_WHITE_WINE',
    type: 'product',
    name: 'Lubuskie wino białe Solaris',
    slug: 'lubuskie-wino-biale-solaris',
    description: 'Rześkie białe wino z winnic Ziemi Lubuskiej. Idealne do ryb.',
    links: { self: '/oferta/produkty/lubuskie-wino-biale-solaris' },
    price: { current: 7900, original: 7900, currency: 'PLN' },
    images: [{ path: '/media/catalog/wine-1.svg', thumbnails: { default_listing: '/media/catalog/wine-1.svg' } }, { path: '/media/catalog/wine-2.svg', thumbnails: { default_listing: '/media/catalog/wine-2.svg' } }],
    ageRestriction: true,
    durationMinutes: null,
    taxons: { main: 'products', others: [{ code: 'wine-and-spirits', name: 'Wina i nalewki' }] },
  }),
});

function serveProduct(product: Product | Response, related: ListingItem[] = []) {
  const slugs: string[] = [];
  server.use(
    http.get(apiPath('/products/by-slug/:slug'), ({ params, request }) => {
      slugs.push(`${String(params.slug)}@${new URL(request.url).searchParams.get('locale')}`);
      return product instanceof Response ? product : HttpResponse.json(product);
    }),
    http.get(apiPath('/products/:code/associations/related'), () => HttpResponse.json({ items: related })),
    http.post(apiPath('/packages/:code/estimated-cost'), () => HttpResponse.json(packageCost(129900))),
  );
  return slugs;
}

function ProductPage({ listing }: { listing: 'products' | 'packages' | 'rooms' | 'vouchers' | 'daySpa' }) {
  const { slug = '' } = useParams();
  return <ProductDetails key={slug} slug={slug} listing={listing} notFound={<h1>Nie ma takiego produktu</h1>} />;
}

function renderProduct(url: string) {
  return renderRoutes(
    [
      { path: '/', element: <h1>Strona główna</h1> },
      { path: '/oferta/produkty/:slug', element: <ProductPage listing="products" /> },
      { path: '/oferta/pakiety/:slug', element: <ProductPage listing="packages" /> },
      { path: '/pensjonat/baza-noclegowa/:slug', element: <ProductPage listing="rooms" /> },
    ],
    url,
  );
}

describe('ProductDetails', () => {
  it('shows the product by its slug: gallery, price box, description, title and meta description', async () => {
    document.cookie = 'agePermission=1; path=/';
    const slugs = serveProduct(wine());
    renderProduct('/oferta/produkty/lubuskie-wino-biale-solaris');

    expect(await screen.findByRole('heading', { level: 1, name: 'Lubuskie wino białe Solaris' })).toBeTruthy();
    expect(slugs).toEqual(['lubuskie-wino-biale-solaris@pl']);
    expect(plain(screen.getByTestId('product-price').textContent)).toBe('79,00 zł');
    expect(screen.getByText('Rześkie białe wino z winnic Ziemi Lubuskiej. Idealne do ryb.')).toBeTruthy();
    expect(screen.getByText('Sprzedaż wyłącznie osobom pełnoletnim')).toBeTruthy();
    const basket = within(screen.getByTestId('price-box')).getByRole('button', { name: 'Dodaj do koszyka' });
    expect(basket.getAttribute('aria-disabled')).toBe('true');

    await waitFor(() => expect(document.title).toBe('Lubuskie wino białe Solaris | Pensjonat Spa & Wellness'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Rześkie białe wino z winnic Ziemi Lubuskiej. Idealne do ryb.',
    );

    // Gallery: the second image on request, the pressed button tells which.
    const thumbs = screen.getByRole('list', { name: 'Zdjęcia produktu' });
    await userEvent.setup().click(within(thumbs).getByRole('button', { name: 'Pokaż zdjęcie 2 z 2' }));
    expect(screen.getByRole('img', { name: 'Lubuskie wino białe Solaris – zdjęcie 2 z 2' }).getAttribute('src')).toBe(
      '/media/catalog/wine-2.svg',
    );
    expect(within(thumbs).getByRole('button', { name: 'Pokaż zdjęcie 2 z 2' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('publishes the schema.org Product/Offer data the API made', async () => {
    document.cookie = 'agePermission=1; path=/';
    const structuredData = { '@type': 'Product', name: 'Wino </script>', sku: 'PR_LUBUSZ_WHITE_WINE', offers: { price: '79.00' } };
    serveProduct({ ...wine(), structuredData });
    renderProduct('/oferta/produkty/lubuskie-wino-biale-solaris');
    await screen.findByRole('heading', { level: 1 });

    const script = document.querySelector('script[type="application/ld+json"]');
    expect(script?.textContent).not.toContain('</script>');
    expect(JSON.parse(script?.textContent ?? '{}')).toEqual(structuredData);
  });

  it('adds none where the server wrote the page’s head, and takes that head away on leaving', async () => {
    document.cookie = 'agePermission=1; path=/';
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta property="og:title" content="Wino" data-head="product" data-sku="PR_LUBUSZ_WHITE_WINE">' +
        '<script type="application/ld+json" data-head="product" data-sku="PR_LUBUSZ_WHITE_WINE">{}</script>',
    );
    serveProduct({ ...wine(), structuredData: { '@type': 'Product' } });
    const { unmount } = renderProduct('/oferta/produkty/lubuskie-wino-biale-solaris');
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);

    unmount();
    expect(document.head.querySelectorAll('[data-head]')).toHaveLength(0);
  });

  it('asks for age confirmation on an age-restricted product', async () => {
    serveProduct(wine());
    renderProduct('/oferta/produkty/lubuskie-wino-biale-solaris');
    const dialog = await screen.findByRole('dialog', { name: 'Czy masz ukończone 18 lat?' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Tak' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.cookie).toContain('agePermission=1');
  });

  it('leaves an age-restricted product for the home page on "No"', async () => {
    serveProduct(wine());
    const { router } = renderProduct('/oferta/produkty/lubuskie-wino-biale-solaris');
    const dialog = await screen.findByRole('dialog', { name: 'Czy masz ukończone 18 lat?' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Nie' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('heading', { name: 'Strona główna' })).toBeTruthy();
    expect(document.cookie).not.toContain('agePermission');
  });

  it('shows a price set in euro in PLN in the price box, with the price as set', async () => {
    serveProduct({
      ...listingItem({
        type: 'product',
        name: 'Arnica Massage Oil',
        slug: 'arnica-massage-oil',
        links: { self: '/oferta/produkty/arnica-massage-oil' },
        price: { current: 1890, original: 1890, currency: 'EUR' },
        priceBase: { current: 8127, original: 8127, currency: 'PLN' },
      }),
    });
    renderProduct('/oferta/produkty/arnica-massage-oil');
    const price = await screen.findByTestId('product-price');
    expect(plain(price.textContent)).toBe('81,27 zł (cena w walucie obcej: 18,90 €; płacisz w złotych po bieżącym kursie)');
  });

  it('shows the not-found page, without an error toast, when there is no such product', async () => {
    serveProduct(HttpResponse.json({ code: 'product_not_found', message: 'Product not found' }, { status: 404 }));
    renderProduct('/oferta/produkty/nie-ma');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nie ma takiego produktu' })).toBeTruthy();
    expect(notifications.getSnapshot()).toEqual([]);
    // The head is the not-found page's own (the app's sets its title and description):
    // the listing's description, there while the product loaded, is gone.
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
  });

  it('shows other failures with a retry and a toast with the server message, never mixed into the page text', async () => {
    serveProduct(HttpResponse.json({ code: 'unavailable', message: 'Catalogue unavailable' }, { status: 503 }));
    renderProduct('/oferta/produkty/wino');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nie udało się wczytać produktu.');
    expect(alert.textContent).not.toContain('Catalogue unavailable');
    expect(within(alert).getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy();
    expect(notifications.getSnapshot().map((n) => n.message)).toEqual(['Catalogue unavailable']);
  });

  it('moves a product found under another listing to its own page', async () => {
    serveProduct(packageDetails());
    const { router } = renderProduct('/oferta/produkty/romantyczny-weekend-we-dwoje');
    await waitFor(() => expect(router.state.location.pathname).toBe('/oferta/pakiety/romantyczny-weekend-we-dwoje'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Romantyczny weekend we dwoje' })).toBeTruthy();
  });

  it('shows a package with its "from" price, stay length and configuration', async () => {
    serveProduct(packageDetails());
    renderProduct('/oferta/pakiety/romantyczny-weekend-we-dwoje');
    expect(await screen.findByRole('heading', { level: 1, name: 'Romantyczny weekend we dwoje' })).toBeTruthy();
    expect(plain(screen.getByTestId('product-price').textContent)).toBe('od 649,50 zł / os.');
    expect(screen.getByText('Pobyt: 3 dni (2 noce)')).toBeTruthy();
    expect(screen.getByText('Dostępne od 01.02.2025')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Skonfiguruj pakiet' })).toBeTruthy();
    await waitFor(() => expect(plain(screen.getByTestId('package-price').textContent)).toBe('1299,00 zł'));
    // Two paragraphs of description.
    const description = screen.getByRole('region', { name: 'Opis' });
    expect(within(description).getAllByText(/./, { selector: 'p' })).toHaveLength(2);
  });

  it('shows a room with its facts and a way to reserve it', async () => {
    serveProduct({
      ...listingItem({
        type: 'room',
        name: 'Pokój z widokiem na jezioro',
        slug: 'pokoj-jezioro',
        links: { self: '/pensjonat/baza-noclegowa/pokoj-jezioro' },
        numNights: 1,
        durationMinutes: null,
        price: { current: 44000, original: 44000, currency: 'PLN' },
        // The inventory's count, not the spec's default of 12.
        occupancy: 2,
        maxOccupancy: 3,
        extraBed: true,
        averageRating: 4.8,
        areaM2: 24,
        available: 5,
      }),
    });
    renderProduct('/pensjonat/baza-noclegowa/pokoj-jezioro');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pokój z widokiem na jezioro' })).toBeTruthy();
    for (const fact of [
      'Dla 2 osób (maks. 3)',
      'Powierzchnia: 24 m²',
      'Możliwa dostawka',
      'Ocena gości: 4,8 / 5',
      'Zostało 5 pokoi',
    ]) {
      expect(screen.getByText(fact)).toBeTruthy();
    }
    expect(screen.queryByText(/Pobyt:/)).toBeNull();
    const reserve = within(screen.getByTestId('price-box')).getByRole('link', { name: 'Zarezerwuj' });
    expect(reserve.getAttribute('href')).toBe('/reservation/search');
  });

  describe('related products slider', () => {
    const related = Array.from({ length: 6 }, (_, i) =>
      listingItem({ code: `REL_${i + 1}`, name: `Polecany ${i + 1}`, type: 'product' }),
    );
    const visibleTitles = (slider: HTMLElement) =>
      within(slider)
        .getAllByRole('group', { hidden: false })
        .map((slide) => within(slide).getByRole('heading').textContent);

    it('shows at most four slides and moves by one with buttons and arrow keys', async () => {
      document.cookie = 'agePermission=1; path=/';
      serveProduct(wine(), related);
      const user = userEvent.setup();
      renderProduct('/oferta/produkty/lubuskie-wino-biale-solaris');

      const slider = await screen.findByRole('region', { name: 'Polecamy również' });
      expect(slider.getAttribute('aria-roledescription')).toBe('karuzela');
      expect(visibleTitles(slider)).toEqual(['Polecany 1', 'Polecany 2', 'Polecany 3', 'Polecany 4']);
      expect(within(slider).getAllByRole('group', { hidden: true })).toHaveLength(6);
      expect(within(slider).getAllByRole('group')[0]?.getAttribute('aria-label')).toBe('1 z 6');

      const previous = within(slider).getByRole('button', { name: 'Poprzednie' });
      const next = within(slider).getByRole('button', { name: 'Następne' });
      expect(previous.hasAttribute('disabled')).toBe(true);

      await user.click(next);
      expect(visibleTitles(slider)).toEqual(['Polecany 2', 'Polecany 3', 'Polecany 4', 'Polecany 5']);
      fireEvent.keyDown(next, { key: 'ArrowRight' });
      expect(visibleTitles(slider)).toEqual(['Polecany 3', 'Polecany 4', 'Polecany 5', 'Polecany 6']);
      expect(next.hasAttribute('disabled')).toBe(true);
      fireEvent.keyDown(previous, { key: 'ArrowLeft' });
      expect(visibleTitles(slider)).toEqual(['Polecany 2', 'Polecany 3', 'Polecany 4', 'Polecany 5']);
    });

    it('has no controls with four or fewer items, and is absent without any', async () => {
      document.cookie = 'agePermission=1; path=/';
      serveProduct(wine(), related.slice(0, 3));
      renderProduct('/oferta/produkty/lubuskie-wino-biale-solaris');
      const slider = await screen.findByRole('region', { name: 'Polecamy również' });
      expect(within(slider).getAllByTestId('product-card')).toHaveLength(3);
      expect(within(slider).queryByRole('button', { name: 'Następne' })).toBeNull();
    });
  });

  it('lets a gift voucher be added at one of its values (a price option index)', async () => {
    serveProduct({
      ...listingItem({
        code: 'VC_AMOUNT',
        type: 'voucher',
        name: 'Voucher kwotowy',
        slug: 'voucher-kwotowy',
        links: { self: '/oferta/vouchery/voucher-kwotowy' },
        price: { current: 10000, original: 10000, currency: 'PLN' },
      }),
      voucherValues: [10000, 20000, 50000],
    });
    const actions = fakeBasketActions();
    renderRoutes(
      [
        {
          path: '/oferta/vouchery/:slug',
          element: (
            <WithBasketActions actions={actions}>
              <ProductPage listing="vouchers" />
            </WithBasketActions>
          ),
        },
      ],
      '/oferta/vouchery/voucher-kwotowy',
    );
    const group = await screen.findByRole('group', { name: 'Wartość vouchera' });
    const options = within(group).getAllByRole('radio');
    expect(options.map((option) => plain(option.parentElement?.textContent).trim())).toEqual(['100,00 zł', '200,00 zł', '500,00 zł']);
    expect((options[0] as HTMLInputElement).checked).toBe(true);

    const user = userEvent.setup();
    await user.click(options[2]!);
    await user.click(within(screen.getByTestId('price-box')).getByRole('button', { name: 'Dodaj do koszyka' }));
    expect(actions.add).toHaveBeenCalledWith({ type: 'voucher', productCode: 'VC_AMOUNT', options: { priceOption: 2 } });
  });

  it('adds a day-spa offer as a package', async () => {
    serveProduct({
      ...listingItem({ code: 'DS_DAY', type: 'day_spa', name: 'Dzień w spa', slug: 'dzien', links: { self: '/oferta/day-spa/dzien' } }),
    });
    const actions = fakeBasketActions();
    renderRoutes(
      [
        {
          path: '/oferta/day-spa/:slug',
          element: (
            <WithBasketActions actions={actions}>
              <ProductPage listing="daySpa" />
            </WithBasketActions>
          ),
        },
      ],
      '/oferta/day-spa/dzien',
    );
    await userEvent.setup().click(await within(await screen.findByTestId('price-box')).findByRole('button', { name: 'Dodaj do koszyka' }));
    expect(actions.addPackage).toHaveBeenCalledWith({ code: 'DS_DAY', variantCode: 'DS_DAY', name: 'Dzień w spa', numNights: 0 });
  });
});
