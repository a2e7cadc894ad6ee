import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { fakeBasketActions, WithBasketActions } from '@/testing/basket-actions';
import { cartItem, listingItem, packageItem, packageLine, reservationLine } from '@/testing/mocks/fixtures';
import { renderWithProviders } from '@/testing/test-utils';

import { ProductCard } from './product-card';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('ProductCard', () => {
  it('shows a short title and description as they are, the title linking to the page', () => {
    renderWithProviders(
      <ProductCard item={listingItem({ name: 'Masaż', description: 'Krótko.', links: { self: '/oferta/zabiegi/masaz' } })} />,
    );
    const heading = screen.getByRole('heading', { name: 'Masaż' });
    expect(heading.querySelector('a')?.getAttribute('href')).toBe('/oferta/zabiegi/masaz');
    expect(screen.getByText('Krótko.')).toBeTruthy();
  });

  it('truncates the title to 36 and the description to 130 characters', () => {
    const name = 'Rytuał pielęgnacyjny z olejkiem arganowym i masażem głowy';
    const description = 'x'.repeat(131);
    renderWithProviders(<ProductCard item={listingItem({ name, description })} />);

    const heading = screen.getByRole('heading');
    expect(heading.textContent).toBe(`${name.slice(0, 36).trimEnd()}…`);
    expect(heading.getAttribute('title')).toBe(name);
    expect(screen.getByText(`${'x'.repeat(130)}…`)).toBeTruthy();
  });

  it('strikes the original price through when it is higher than the current one', () => {
    renderWithProviders(
      <ProductCard item={listingItem({ price: { current: 18000, original: 20000, currency: 'PLN' } })} />,
    );
    expect(plain(screen.getByRole('deletion').textContent)).toBe('200,00 zł');
    expect(plain(screen.getByTestId('card-price').textContent)).toContain('180,00 zł');
    expect(screen.getByText('Promocja')).toBeTruthy();
  });

  it.each([
    ['equal', 18000],
    ['lower', 15000],
  ])('shows one price when the original is %s, whatever isPromotion says', (_, original) => {
    renderWithProviders(
      <ProductCard
        item={listingItem({ isPromotion: true, price: { current: 18000, original, currency: 'PLN' } })}
      />,
    );
    expect(screen.queryByRole('deletion')).toBeNull();
    expect(plain(screen.getByTestId('card-price').textContent)).toBe('180,00 zł');
  });

  it('formats the price in the page language', () => {
    renderWithProviders(<ProductCard item={listingItem()} />, { locale: 'en_GB' });
    expect(plain(screen.getByTestId('card-price').textContent)).toBe('PLN 180.00');
  });

  it('shows a package as a "from" price per person, with days as nights plus one', () => {
    renderWithProviders(<ProductCard item={packageItem({ name: 'Weekend', numNights: 2 })} />);
    expect(plain(screen.getByTestId('card-price').textContent)).toBe('od 649,50 zł / os.');
    expect(screen.getByTestId('card-facts').textContent).toBe('3 dni');
    const link = screen.getByRole('link', { name: 'Zobacz szczegóły: Weekend' });
    expect(link.getAttribute('href')).toMatch(/^\/oferta\/pakiety\//);
  });

  it('shows a day-spa offer as a "from" price', () => {
    renderWithProviders(<ProductCard item={listingItem({ type: 'day_spa' })} />, { locale: 'de' });
    expect(plain(screen.getByTestId('card-price').textContent)).toBe('ab 180,00 PLN');
  });

  it("sends a room's button to the room's page", () => {
    renderWithProviders(
      <ProductCard
        item={listingItem({
          type: 'room',
          name: 'Pokój z widokiem',
          numNights: 1,
          links: { self: '/pensjonat/baza-noclegowa/pokoj' },
          occupancy: 2,
          maxOccupancy: 3,
          extraBed: true,
          averageRating: 4.5,
          available: 12,
        })}
      />,
    );
    expect(screen.getByRole('link', { name: 'Zarezerwuj: Pokój z widokiem' }).getAttribute('href')).toBe(
      '/pensjonat/baza-noclegowa/pokoj',
    );
    // The title too.
    expect(screen.getByRole('link', { name: 'Pokój z widokiem' }).getAttribute('href')).toBe(
      '/pensjonat/baza-noclegowa/pokoj',
    );
    expect(screen.getByTestId('card-facts').textContent).toContain('maks. 3 osoby');
  });

  it('shows a price set in another currency in PLN, as the basket charges it, and says why', () => {
    const oil = listingItem({
      type: 'product',
      name: 'Olejek do masażu z arniką',
      price: { current: 1890, original: 2490, currency: 'EUR' },
      priceBase: { current: 8127, original: 10707, currency: 'PLN' },
    });
    renderWithProviders(<ProductCard item={oil} />);
    const price = screen.getByTestId('card-price');
    expect(plain(price.textContent)).toBe(
      'Cena regularna: 107,07 zł Cena: 81,27 zł (cena w walucie obcej: 18,90 €; płacisz w złotych po bieżącym kursie)',
    );
    cleanup();
    renderWithProviders(<ProductCard item={oil} />, { locale: 'de' });
    expect(plain(screen.getByTestId('price-foreign').textContent)).toBe(
      ' (Preis in Fremdwährung: 18,90 €; Sie zahlen in Złoty zum aktuellen Kurs)',
    );
  });

  it('shows a PLN price alone', () => {
    renderWithProviders(<ProductCard item={listingItem()} />, { locale: 'en_GB' });
    expect(screen.queryByTestId('price-foreign')).toBeNull();
  });

  it('sends a voucher to the voucher configuration', () => {
    renderWithProviders(<ProductCard item={listingItem({ type: 'voucher', code: 'VC_AMOUNT', name: 'Voucher' })} />, {
      locale: 'en_GB',
    });
    expect(screen.getByRole('link', { name: 'Configure the voucher Voucher' }).getAttribute('href')).toBe(
      '/en/offer/vouchers/configure?code=VC_AMOUNT',
    );
  });

  it("names the item in its link's label as the page language puts it", () => {
    const { unmount } = renderWithProviders(<ProductCard item={packageItem({ name: 'Wellness-Wochenende' })} />, { locale: 'de' });
    expect(screen.getByRole('link', { name: 'Details zu Wellness-Wochenende ansehen' })).toBeTruthy();
    unmount();
    renderWithProviders(<ProductCard item={listingItem({ type: 'room', name: 'Lake view room' })} />, { locale: 'en_GB' });
    expect(screen.getByRole('link', { name: 'Reserve Lake view room' })).toBeTruthy();
  });

  it.each(['treatment', 'product'] as const)('puts a %s into the basket', async (type) => {
    const actions = fakeBasketActions();
    renderWithProviders(
      <WithBasketActions actions={actions}>
        <ProductCard item={listingItem({ type, code: 'PR_OIL', variantCode: 'PR_OIL_50', name: 'Olejek' })} />
      </WithBasketActions>,
    );
    const button = screen.getByRole('button', { name: 'Dodaj do koszyka: Olejek' });
    expect(button.getAttribute('aria-disabled')).toBe('false');
    await userEvent.setup().click(button);
    expect(actions.add).toHaveBeenCalledWith({ type, productCode: 'PR_OIL', variantCode: 'PR_OIL_50' });
    expect(screen.queryByRole('link', { name: /Zobacz szczegóły/ })).toBeNull();
    expect(screen.queryByTestId('in-basket')).toBeNull();
  });

  it('says when its item is in the basket, by code or variant code, counting its units', () => {
    const items = [
      cartItem({ code: 'PR_OIL', quantity: 2 }),
      cartItem({ code: 'PR_OIL_SET', variantCode: 'PR_OIL_SMALL', quantity: 1 }),
      cartItem({ code: 'PR_OTHER', quantity: 5 }),
    ];
    renderWithProviders(
      <WithBasketActions actions={fakeBasketActions(items)}>
        <ProductCard item={listingItem({ type: 'product', code: 'PR_OIL', name: 'Olejek' })} />
        <ProductCard item={listingItem({ type: 'product', code: 'PR_OIL_X', variantCode: 'PR_OIL_SMALL', name: 'Mały' })} />
      </WithBasketActions>,
      { locale: 'en_GB' },
    );
    expect(screen.getAllByTestId('in-basket').map((note) => note.textContent)).toEqual([
      'In your basket: 2',
      'In your basket: 1',
    ]);
  });

  it('counts a package in the basket once, whatever its persons', () => {
    const items = [reservationLine({ childItems: [packageLine({ code: 'PKG_SPA', quantity: 2 })] })];
    renderWithProviders(
      <WithBasketActions actions={fakeBasketActions(items)}>
        <ProductCard item={listingItem({ type: 'package', code: 'PKG_SPA', name: 'Spa' })} />
      </WithBasketActions>,
      { locale: 'en_GB' },
    );
    expect(screen.getByTestId('in-basket').textContent).toBe('In your basket: 1');
  });

  it('shows "adding…" on the button of the item being added, and adds nothing more meanwhile', async () => {
    const actions = fakeBasketActions([], { pendingCode: 'PR_OIL' });
    renderWithProviders(
      <WithBasketActions actions={actions}>
        <ProductCard item={listingItem({ type: 'product', code: 'PR_OIL', name: 'Olejek' })} />
      </WithBasketActions>,
    );
    const button = screen.getByRole('button', { name: 'Dodaj do koszyka: Olejek' });
    expect(button.textContent).toBe('Dodawanie…');
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.setup().click(button);
    expect(actions.add).not.toHaveBeenCalled();
  });

  it('is unavailable without a basket', () => {
    renderWithProviders(<ProductCard item={listingItem({ type: 'product', name: 'Olejek' })} />);
    expect(screen.getByRole('button', { name: 'Dodaj do koszyka: Olejek' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('adds a package from the card on a suggestion page instead of linking to it', async () => {
    const actions = fakeBasketActions();
    const item = packageItem({ code: 'PKG_SPA', variantCode: 'PKG_SPA', name: 'Weekend', numNights: 2 });
    renderWithProviders(
      <WithBasketActions actions={actions}>
        <ProductCard item={item} addPackages />
      </WithBasketActions>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dodaj do koszyka: Weekend' }));
    expect(actions.addPackage).toHaveBeenCalledWith({ code: 'PKG_SPA', variantCode: 'PKG_SPA', name: 'Weekend', numNights: 2 });
  });

  it('says a product with nothing left is sold out, with no way to add it', () => {
    const actions = fakeBasketActions();
    renderWithProviders(
      <WithBasketActions actions={actions}>
        <ProductCard item={listingItem({ type: 'product', name: 'Herbata', soldOut: true })} />
      </WithBasketActions>,
    );
    expect(screen.getByTestId('sold-out').textContent).toBe('Wyprzedane');
    expect(screen.queryByRole('button', { name: /Herbata/ })).toBeNull();
  });
});
