import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { basketStorage } from '@/features/basket/utils/storage';
import { createCartServer } from '@/testing/mocks/cart-server';
import { cart, cartItem, lineProduct, packageLine, reservationLine } from '@/testing/mocks/fixtures';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import type { CartItem } from '@/types/api';

import { MiniBasket } from './mini-basket';

const TOKEN = '0123456789abcdef0123456789abcdef';
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function serve(items: CartItem[]) {
  const fake = createCartServer();
  fake.seed(TOKEN, items);
  basketStorage.save(cart(items, { tokenValue: TOKEN }));
  server.use(...fake.handlers);
  return fake;
}

const products = (count: number) =>
  Array.from({ length: count }, (_, i) => cartItem({ id: i + 1, product: lineProduct({ name: `Produkt ${i + 1}` }) }));

describe('MiniBasket', () => {
  it('counts nothing and asks for nothing while no basket is stored', () => {
    const fake = createCartServer();
    server.use(...fake.handlers);
    renderWithProviders(<MiniBasket />, { locale: 'en_GB' });
    expect(screen.getByRole('button', { name: 'Basket: 0 items' })).toBeTruthy();
    expect(fake.requests).toEqual([]);
  });

  it('counts the stored lines at once (packages under their stay too) and checks the basket with the server', async () => {
    const fake = serve([reservationLine({ id: 1, childItems: [packageLine({ id: 2 })] }), cartItem({ id: 3 })]);
    renderWithProviders(<MiniBasket />);
    expect(screen.getByRole('button', { name: 'Koszyk: 3 pozycje' })).toBeTruthy();
    await waitFor(() => expect(fake.requests).toEqual([{ method: 'GET', path: `/carts/${TOKEN}`, body: undefined }]));
  });

  it('opens its lines and total, and closes on Escape with focus back on its button', async () => {
    serve([reservationLine({ id: 1, dateFrom: '2026-07-10', dateTo: '2026-07-12' }), cartItem({ id: 2, quantity: 2, product: lineProduct({ name: 'Olejek' }) })]);
    renderWithProviders(<MiniBasket />);
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Koszyk: 2 pozycje' });

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByRole('region', { name: 'Twój koszyk' });
    const lines = within(panel).getByTestId('mini-basket-lines');
    expect(within(lines).getAllByRole('listitem').map((li) => plain(li.textContent))).toEqual([
      'Pokój z widokiem na jezioro10.07.2026 – 12.07.2026, 2 noce · 2 gości1080,00 zł',
      'OlejekIlość: 298,00 zł',
    ]);
    expect(lines.className).not.toContain('mini-basket__list--scroll');
    expect(plain((await within(panel).findByTestId('mini-basket-total')).textContent)).toBe('1178,00 zł');
    expect(within(panel).getByRole('link', { name: 'Przejdź do koszyka' }).getAttribute('href')).toBe('/basket/items');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Twój koszyk' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('lets more than four lines scroll, reachable by keyboard', async () => {
    serve(products(5));
    renderWithProviders(<MiniBasket />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Koszyk: 5 pozycji' }));
    const lines = await screen.findByTestId('mini-basket-lines');
    expect(lines.className).toContain('mini-basket__list--scroll');
    expect(lines.getAttribute('tabindex')).toBe('0');
  });

  it('keeps four lines without scrolling', async () => {
    serve(products(4));
    renderWithProviders(<MiniBasket />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Koszyk: 4 pozycje' }));
    expect((await screen.findByTestId('mini-basket-lines')).className).not.toContain('--scroll');
  });

  it('says "no products in cart" when empty', async () => {
    serve([]);
    renderWithProviders(<MiniBasket />, { locale: 'de' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Warenkorb: 0 Artikel' }));
    expect(await screen.findByText('Keine Produkte im Warenkorb')).toBeTruthy();
  });
});
