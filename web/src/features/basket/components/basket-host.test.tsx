import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';

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

// The host loads the package modal and the age question as chunks of their
// own; a test run compiles them on first import, which took over the
// lookups' one second on a busy machine. Compiled here, the lookups wait for
// the host alone.
beforeAll(async () => {
  await Promise.all([import('./package-reservation-modal'), import('@/components/age-gate')]);
});

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

/** Add buttons that show what each add resolved to. */
function Adders({ items }: { items: AddCartItem[] }) {
  const actions = useBasketActions();
  const [results, setResults] = useState<string[]>([]);
  return (
    <>
      {items.map((item) => (
        <button
          key={item.productCode}
          type="button"
          onClick={() => void actions?.add(item).then((ok) => setResults((all) => [...all, `${item.productCode}: ${ok}`]))}
        >
          dodaj {item.productCode}
        </button>
      ))}
      <p data-testid="results">{results.join(', ')}</p>
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

describe('adding an age-restricted product (spec 4)', () => {
  const WINE: AddCartItem = { type: 'product', productCode: 'PR_WINE', variantCode: 'PR_WINE' };
  const OIL: AddCartItem = { type: 'product', productCode: 'PR_OIL', variantCode: 'PR_OIL' };
  const known = { PR_WINE: { name: 'Wino', price: 7900, ageRestriction: true }, PR_OIL: { name: 'Olejek', price: 4900 } };
  const itemAdds = (fake: ReturnType<typeof createCartServer>) =>
    fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/items'));
  const question = () => screen.findByRole('dialog', { name: 'Czy masz ukończone 18 lat?' });

  it('asks when the server wants the age confirmed; "No" closes the question with nothing added and no error', async () => {
    const fake = createCartServer({ known });
    server.use(...fake.handlers);
    const { router } = renderShop(<Adders items={[WINE]} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'dodaj PR_WINE' });
    await user.click(button);

    const dialog = await question();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Ten produkt to napój alkoholowy. Sprzedajemy go wyłącznie osobom, które ukończyły 18 lat.',
    );
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Tak' }));
    // The refusal is the question's: no error notification.
    expect(notifications.getSnapshot()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Nie' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('results').textContent).toBe('PR_WINE: false'));
    // The page stays, the focus is back on the button, nothing was added or asked again.
    expect(router.state.location.pathname).toBe('/oferta/produkty/olejek');
    expect(document.activeElement).toBe(button);
    expect(itemAdds(fake)).toHaveLength(1);
    expect(fake.carts.get(basketStorage.getToken() ?? '')?.items).toEqual([]);
    expect(document.cookie).not.toContain('agePermission');
    expect(notifications.getSnapshot()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Koszyk: 0 pozycji' })).toBeTruthy();
  });

  it('Escape answers "No"', async () => {
    server.use(...createCartServer({ known }).handlers);
    renderShop(<Adders items={[WINE]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'dodaj PR_WINE' }));
    await question();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('results').textContent).toBe('PR_WINE: false'));
    expect(document.cookie).not.toContain('agePermission');
  });

  it('"Yes" sets the cookie and adds again, once: the second add goes in', async () => {
    const fake = createCartServer({ known });
    server.use(...fake.handlers);
    const { router } = renderShop(<Adders items={[WINE]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'dodaj PR_WINE' }));
    await user.click(within(await question()).getByRole('button', { name: 'Tak' }));

    expect(document.cookie).toContain('agePermission=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/suggestion'));
    expect(router.state.location.search).toBe('?variantCode=PR_WINE');
    expect(itemAdds(fake).map((r) => r.body)).toEqual([WINE, WINE]);
    expect(fake.carts.get(basketStorage.getToken() ?? '')?.items.map((line) => line.code)).toEqual(['PR_WINE']);
    expect(notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`)).toEqual(['success: Dodano do koszyka']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not ask with the cookie set', async () => {
    document.cookie = 'agePermission=1; path=/';
    const fake = createCartServer({ known });
    server.use(...fake.handlers);
    const { router } = renderShop(<Adders items={[WINE]} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'dodaj PR_WINE' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/suggestion'));
    expect(itemAdds(fake)).toHaveLength(1);
  });

  it('adds nothing else while the question is open', async () => {
    const fake = createCartServer({ known });
    server.use(...fake.handlers);
    renderShop(<Adders items={[WINE, OIL]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'dodaj PR_WINE' }));
    const dialog = await question();

    // The page is inert behind the question; an add from elsewhere is not made either.
    fireEvent.click(screen.getByRole('button', { name: 'dodaj PR_OIL', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('results').textContent).toBe('PR_OIL: false'));
    expect(itemAdds(fake).map((r) => r.body)).toEqual([WINE]);
    expect(screen.getByRole('dialog')).toBe(dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Nie' }));
    await waitFor(() => expect(screen.getByTestId('results').textContent).toBe('PR_OIL: false, PR_WINE: false'));
  });

  it('says so, and does not ask again, when the add is refused even with the cookie set', async () => {
    const fake = createCartServer({ known });
    server.use(...fake.handlers);
    renderShop(<Adders items={[WINE]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'dodaj PR_WINE' }));
    const dialog = await question();
    // A browser that keeps no cookies: "Yes" sets one that is never sent.
    server.use(
      http.post(apiPath('/carts/:token/items'), () =>
        HttpResponse.json({ code: 'age_confirmation_required', message: 'Potwierdź, że masz ukończone 18 lat.' }, { status: 403 }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Tak' }));
    await waitFor(() => expect(screen.getByTestId('results').textContent).toBe('PR_WINE: false'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`)).toEqual([
      'error: Potwierdź, że masz ukończone 18 lat.',
    ]);
  });
});
