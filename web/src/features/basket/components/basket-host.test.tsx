import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';

import { basketStorage } from '@/features/basket/utils/storage';
import { useBasketActions, type PackageChoice } from '@/lib/basket-actions';
import { notifications } from '@/lib/notifications';
import { createCartServer } from '@/testing/mocks/cart-server';
import { cart, cartItem, treatment } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderRoutes } from '@/testing/test-utils';
import type { AddCartItem } from '@/types/api';
import { addDays, todayIso } from '@/utils/calendar-date';

import { BasketHost } from './basket-host';
import { BasketSuggestion } from './basket-suggestion';
import { MiniBasket } from './mini-basket';

const TOKEN = '0123456789abcdef0123456789abcdef';

function Buttons({ item, pkg }: { item?: AddCartItem; pkg?: PackageChoice }) {
  const actions = useBasketActions();
  return (
    <>
      <p data-testid="held">{actions?.quantityOf({ code: 'PR_OIL' })}</p>
      {item && (
        <button type="button" onClick={() => void actions?.add(item)}>
          dodaj
        </button>
      )}
      {pkg && (
        <button type="button" onClick={() => actions?.addPackage(pkg)}>
          pakiet
        </button>
      )}
    </>
  );
}

function renderShop(page: ReactNode) {
  return renderRoutes(
    [
      {
        element: (
          <BasketHost>
            <MiniBasket />
            <Outlet />
          </BasketHost>
        ),
        children: [
          { path: '/oferta/produkty/olejek', element: page },
          {
            path: '/basket/suggestion',
            element: <BasketSuggestion variantCode="PR_OIL" renderCard={(item) => <p>{item.name}</p>} />,
          },
        ],
      },
    ],
    '/oferta/produkty/olejek',
  );
}

describe('adding to the basket', () => {
  it('creates the cart on the first add, then adds, notifies and shows the suggestion page', async () => {
    const fake = createCartServer({ known: { PR_OIL: { name: 'Olejek', price: 4900 } } });
    server.use(...fake.handlers);
    const { router } = renderShop(<Buttons item={{ type: 'product', productCode: 'PR_OIL', variantCode: 'PR_OIL' }} />);
    expect(screen.getByRole('button', { name: 'Koszyk: 0 pozycji' })).toBeTruthy();
    expect(fake.requests).toEqual([]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'dodaj' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/suggestion'));
    expect(router.state.location.search).toBe('?variantCode=PR_OIL');

    const token = basketStorage.getToken();
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    // The writes: the cart, then the line (the suggestion page may already be reading what to suggest).
    const writes = fake.requests.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /carts/${token}`, `POST /carts/${token}/items`]);
    expect(writes[1]?.body).toEqual({ type: 'product', productCode: 'PR_OIL', variantCode: 'PR_OIL' });
    expect(notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`)).toEqual(['success: Dodano do koszyka']);
    expect(screen.getByRole('button', { name: 'Koszyk: 1 pozycja' })).toBeTruthy();
    expect((await screen.findByTestId('suggestion-added')).textContent).toContain('Dodano do koszyka: Olejek');
  });

  it('adds to the stored cart and knows what it holds', async () => {
    const fake = createCartServer();
    fake.seed(TOKEN, [cartItem({ id: 1, code: 'PR_OIL', quantity: 2 })]);
    basketStorage.save(cart(fake.carts.get(TOKEN)?.items ?? [], { tokenValue: TOKEN }));
    server.use(...fake.handlers);
    renderShop(<Buttons item={{ type: 'treatment', productCode: 'TR_MASSAGE' }} />);
    expect(screen.getByTestId('held').textContent).toBe('2');

    await userEvent.setup().click(screen.getByRole('button', { name: 'dodaj' }));
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/carts/${TOKEN}/items`]);
  });

  it('adds a package without nights at once as a package, with its persons and treatments', async () => {
    const fake = createCartServer();
    server.use(...fake.handlers);
    const { router } = renderShop(
      <Buttons
        pkg={{
          code: 'PKG_DAY',
          variantCode: 'PKG_DAY',
          name: 'Dzień piękna',
          numNights: 0,
          configuration: { persons: 2, primary: [treatment({ code: 'TR_A', quantity: 2 })] },
        }}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'pakiet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/suggestion'));
    expect(fake.requests.at(-1)?.body).toEqual({
      type: 'package',
      productCode: 'PKG_DAY',
      variantCode: 'PKG_DAY',
      quantity: 2,
      options: { treatments: [{ code: 'TR_A', quantity: 2 }] },
    });
  });

  it('opens the package reservation modal afresh each time: closed, its dates are cleared and children back to 0', async () => {
    server.use(...createCartServer().handlers, http.post(apiPath('/rooms/search'), () => HttpResponse.json([])));
    renderShop(<Buttons pkg={{ code: 'PKG_STAY', variantCode: 'PKG_STAY', name: 'Weekend', numNights: 2 }} />);
    const user = userEvent.setup();
    const modal = () => screen.getByRole('dialog', { name: 'Zarezerwuj pakiet: Weekend' });
    await user.click(screen.getByRole('button', { name: 'pakiet' }));
    await screen.findByRole('dialog', { name: 'Zarezerwuj pakiet: Weekend' });

    const checkIn = addDays(todayIso(), 3);
    await user.click(within(modal()).getByTestId('date-field-toggle'));
    await user.click(document.querySelector<HTMLButtonElement>(`[data-date="${checkIn}"]`)!);
    await user.click(document.querySelector<HTMLButtonElement>(`[data-date="${addDays(checkIn, 2)}"]`)!);
    await user.click(within(modal()).getByTestId('guest-picker-toggle'));
    await user.click(within(modal()).getByRole('button', { name: 'Zwiększ: Dzieci (4–16 lat)' }));
    await user.keyboard('{Escape}'); // closes the guest picker
    expect(within(modal()).getByTestId('date-field-toggle').textContent).not.toBe('Wybierz daty');
    expect(within(modal()).getByTestId('guest-picker-toggle').textContent).toBe('3 gości');

    await user.click(within(modal()).getByRole('button', { name: 'Zamknij' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'pakiet' }));
    expect(within(modal()).getByTestId('date-field-toggle').textContent).toBe('Wybierz daty');
    expect(within(modal()).getByTestId('guest-picker-toggle').textContent).toBe('2 gości');
  });

  it('opens the package reservation modal for a stay package', async () => {
    server.use(...createCartServer().handlers);
    renderShop(<Buttons pkg={{ code: 'PKG_STAY', variantCode: 'PKG_STAY', name: 'Weekend', numNights: 2 }} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'pakiet' }));
    expect(await screen.findByRole('dialog', { name: 'Zarezerwuj pakiet: Weekend' })).toBeTruthy();
  });
});
