import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { basketStorage } from '@/features/basket/utils/storage';
import { notifications } from '@/lib/notifications';
import { createCartServer } from '@/testing/mocks/cart-server';
import { cart, cartItem, lineProduct, listingItem, packageLine, reservationLine } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderRoutes } from '@/testing/test-utils';
import type { CartItem } from '@/types/api';

import { BasketItems } from './basket-items';

const TOKEN = '0123456789abcdef0123456789abcdef';
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function serveBasket(items: CartItem[], options: Parameters<typeof createCartServer>[0] = {}) {
  const fake = createCartServer(options);
  fake.seed(TOKEN, items);
  basketStorage.save(cart(items, { tokenValue: TOKEN }));
  server.use(...fake.handlers);
  return fake;
}

function renderBasket(locale: 'pl' | 'en_GB' = 'pl') {
  const path = locale === 'pl' ? '/basket/items' : '/en/basket/items';
  return renderRoutes(
    [
      {
        path,
        element: (
          <>
            <h1 tabIndex={-1}>Koszyk</h1>
            <BasketItems renderCard={(item) => <p data-testid="card">{item.name}</p>} headingRef={{ current: null }} />
          </>
        ),
      },
      { path: '*', element: <p>inna strona</p> },
    ],
    path,
    { locale },
  );
}

const rows = () => screen.getAllByTestId('basket-line');

describe('BasketItems', () => {
  it('says "no products in cart" when nothing is stored, without asking the server', () => {
    const fake = createCartServer();
    server.use(...fake.handlers);
    renderBasket('en_GB');
    expect(screen.getByTestId('basket-empty').textContent).toContain('No products in your basket');
    expect(fake.requests).toEqual([]);
  });

  it('lists the lines with position, a stay with its dates, nights and guests, its package under it', async () => {
    const stay = reservationLine({
      id: 1,
      dateFrom: '2026-07-10',
      dateTo: '2026-07-13',
      adults: 2,
      children: 1,
      babies: 0,
      childItems: [packageLine({ id: 2, quantity: 2 })],
    });
    serveBasket([stay, cartItem({ id: 3, product: lineProduct({ name: 'Olejek' }), quantity: 2 })]);
    renderBasket();

    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, child, oil] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    // The row's header is the name alone; the facts are a cell of their own.
    expect(within(first).getByRole('rowheader').textContent).toBe('Pokój z widokiem na jezioro');
    expect(within(child).getByRole('rowheader').textContent).toBe('Pakiet do tego pobytuRomantyczny weekend we dwoje');
    expect(first.textContent).toContain('10.07.2026 – 13.07.2026, 3 noce');
    expect(first.textContent).toContain('3 gości');
    expect(first.querySelector('.basket-line__position')?.textContent).toBe('1');
    expect(child.querySelector('.basket-line__position')?.textContent).toBe('1.1');
    expect(child.textContent).toContain('Pakiet do tego pobytu');
    expect(child.textContent).toContain('dla 2 osób');
    expect(within(child).getByTestId('line-treatments').textContent).toBe(
      'Zabiegi: Masaż aromaterapeutyczny × 1, Kąpiel ziołowa × 1, Ceremonia saunowa × 1',
    );
    expect(oil.querySelector('.basket-line__position')?.textContent).toBe('2');
    // A stay's quantity is fixed: no counter.
    expect(within(first).queryByRole('group')).toBeNull();
    expect(within(oil).getByRole('group', { name: 'Ilość: Olejek' })).toBeTruthy();
    // On to checkout through its login step.
    expect(screen.getAllByRole('link').some((link) => link.getAttribute('href') === '/basket/login')).toBe(true);
  });

  it('explains a stay priced with its package on the stay\'s line', async () => {
    const withPackage = reservationLine({
      id: 1,
      price: { current: 48_000, original: 48_000, currency: 'PLN' },
      childItems: [packageLine({ id: 2, quantity: 2 })],
    });
    serveBasket([withPackage, reservationLine({ id: 3, code: 'ROOM_GARDEN' })]);
    renderBasket();

    await waitFor(() => expect(rows()).toHaveLength(3));
    const [stay, pack, alone] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(stay).getByTestId('line-package-price').textContent).toBe(
      'Cena z pakietem: pakiet obejmuje 2 noce (w cenie najtańszego pasującego pokoju), tu płacisz za resztę pobytu.',
    );
    expect(plain(within(stay).getByTestId('line-total').textContent)).toBe('480,00 zł');
    // Said once, on the stay whose price it explains.
    expect(within(pack).queryByTestId('line-package-price')).toBeNull();
    expect(within(alone).queryByTestId('line-package-price')).toBeNull();
  });

  it('keeps the quantity within the line bounds and sends each change, the answer replacing the basket', async () => {
    const oil = cartItem({ id: 7, quantity: 1, minQuantity: 1, maxQuantity: 2, product: lineProduct({ name: 'Olejek' }) });
    const fake = serveBasket([oil]);
    renderBasket();
    const user = userEvent.setup();

    const less = await screen.findByRole('button', { name: 'Zmniejsz: Ilość: Olejek' });
    const more = screen.getByRole('button', { name: 'Zwiększ: Ilość: Olejek' });
    expect(less.getAttribute('aria-disabled')).toBe('true');
    await user.click(less);
    expect(fake.requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.click(more);
    await waitFor(() => expect(within(rows()[0]!).getByRole('group').textContent).toContain('2'));
    expect(fake.requests.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', path: `/carts/${TOKEN}/items/7`, body: { quantity: 2 } },
    ]);
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(plain(screen.getByTestId('summary-total').textContent)).toContain('98,00 zł');
    // The stored copy follows the server's answer.
    expect(basketStorage.read()?.items[0]?.quantity).toBe(2);
  });

  it('strikes through a promotion\'s original price: times the units, but a package\'s as priced for its persons', async () => {
    const price = { current: 100000, original: 120000, currency: 'PLN' };
    serveBasket([
      reservationLine({ id: 1, childItems: [packageLine({ id: 2, quantity: 2, price })] }),
      cartItem({ id: 3, quantity: 3, price: { current: 4000, original: 5000, currency: 'PLN' } }),
    ]);
    renderBasket();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const struck = rows().map((row) => plain(row.querySelector('del')?.textContent));
    expect(struck).toEqual(['', '1200,00 zł', '150,00 zł']);
  });

  it('makes the counter unavailable while a change is on its way', async () => {
    const oil = cartItem({ id: 7, quantity: 2, minQuantity: 1, maxQuantity: 5, product: lineProduct({ name: 'Olejek' }) });
    serveBasket([oil]);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // This handler answers instead of the fake server's: it counts the changes sent itself.
    const puts: unknown[] = [];
    server.use(http.put(apiPath('/carts/:token/items/:id'), async ({ request }) => {
      puts.push(await request.clone().json());
      await held;
      return HttpResponse.json(cart([{ ...oil, quantity: 3 }], { tokenValue: TOKEN }));
    }));
    renderBasket();
    const user = userEvent.setup();
    const more = await screen.findByRole('button', { name: 'Zwiększ: Ilość: Olejek' });
    const less = screen.getByRole('button', { name: 'Zmniejsz: Ilość: Olejek' });
    await user.click(more);
    await waitFor(() => expect(more.getAttribute('aria-disabled')).toBe('true'));
    expect(less.getAttribute('aria-disabled')).toBe('true');
    await user.click(less);
    release();
    await waitFor(() => expect(less.getAttribute('aria-disabled')).toBe('false'));
    // Only the first change went out: the click on the unavailable counter sent nothing.
    expect(puts).toEqual([{ quantity: 3 }]);
  });

  it('removes a line, says so, and shows the empty state once nothing is left', async () => {
    const fake = serveBasket([cartItem({ id: 4, product: lineProduct({ name: 'Olejek' }) })]);
    renderBasket();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Usuń: Olejek' }));
    expect(await screen.findByTestId('basket-empty')).toBeTruthy();
    expect(fake.requests.at(-1)).toEqual({ method: 'DELETE', path: `/carts/${TOKEN}/items/4`, body: undefined });
    expect(notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`)).toEqual(['success: Usunięto z koszyka: Olejek']);
  });

  it('shows a room sold meanwhile: the dates, a search with the same guests, and "Delete Room"', async () => {
    const sold = reservationLine({ id: 9, isAvailable: false, adults: 2, children: 1, babies: 1, dateFrom: '2026-08-01', dateTo: '2026-08-03' });
    const fake = serveBasket([sold]);
    renderBasket('en_GB');

    const conflict = await screen.findByTestId('room-conflict');
    expect(conflict.getAttribute('role')).toBe('alert');
    expect(conflict.textContent).toContain('This room has just been booked for 01.08.2026 - 03.08.2026.');
    expect(within(conflict).getByRole('link', { name: 'Search for another date or room' }).getAttribute('href')).toBe(
      '/en/reservation/search?adults=2&children=1&babies=1',
    );
    expect(within(rows()[0]!).getByTestId('line-total').textContent).toBe('Not available');
    // The way on is blocked while it is there.
    expect(screen.getByTestId('basket-blocked')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Next: personal details' })).toBeNull();

    await userEvent.setup().click(within(conflict).getByRole('button', { name: /^Delete Room/ }));
    expect(await screen.findByTestId('basket-empty')).toBeTruthy();
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/carts/${TOKEN}/items/9` });
  });

  it('sums up the basket: total, voucher, shipping, the deposit due now, what is left to pay later, and the PLN total of another currency', async () => {
    const items = [cartItem({ id: 5, price: { current: 2000, original: 2000, currency: 'EUR' }, quantity: 2 })];
    const fake = createCartServer();
    server.use(...fake.handlers);
    // A basket in euros answers with its base total in złoty.
    const inEuro = cart(items, {
      tokenValue: TOKEN,
      currency: 'EUR',
      totals: { total: 4000, vouchers: 500, shipping: 1000, deposit: 1500, leftToPay: 4500, currency: 'EUR', base: { total: 17200, currency: 'PLN' } },
    });
    fake.carts.set(TOKEN, inEuro);
    basketStorage.save(inEuro);
    server.use(http.get(apiPath(`/carts/${TOKEN}`), () => HttpResponse.json(inEuro)));
    renderBasket('en_GB');

    const summary = await screen.findByTestId('price-summary');
    expect(plain(within(summary).getByTestId('summary-total').textContent)).toBe('Basket total€40.00');
    expect(plain(within(summary).getByTestId('summary-vouchers').textContent)).toBe('Voucher-€5.00');
    expect(plain(within(summary).getByTestId('summary-shipping').textContent)).toBe('Shipping€10.00');
    expect(plain(within(summary).getByTestId('summary-deposit').textContent)).toBe('Deposit, due now€15.00');
    expect(plain(within(summary).getByTestId('summary-leftToPay').textContent)).toBe('Left to pay later€45.00');
    expect(plain(within(summary).getByTestId('summary-base').textContent)).toBe('Total in PLNPLN 172.00');
  });

  it('empties the basket after asking once more: DELETE of the cart, the stored token forgotten, the empty state', async () => {
    const fake = serveBasket([reservationLine({ id: 1 }), cartItem({ id: 3, product: lineProduct({ name: 'Olejek' }) })]);
    renderBasket('en_GB');
    const user = userEvent.setup();

    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Empty the basket' }));
    const question = screen.getByRole('group', { name: 'Remove all 2 items from your basket?' });
    // Kept: nothing sent, focus back on the button.
    expect(within(question).getByRole('button', { name: 'Yes, empty the basket' })).toBe(document.activeElement);
    await user.click(within(question).getByRole('button', { name: 'No, keep the basket' }));
    expect(screen.getByRole('button', { name: 'Empty the basket' })).toBe(document.activeElement);
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Empty the basket' }));
    await user.click(screen.getByRole('button', { name: 'Yes, empty the basket' }));
    expect((await screen.findByTestId('basket-empty')).textContent).toContain('No products in your basket');
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toEqual([{ method: 'DELETE', path: `/carts/${TOKEN}`, body: undefined }]);
    expect(basketStorage.read()).toBeNull();
    expect(notifications.getSnapshot().map((n) => n.message)).toContain('Your basket is empty.');
  });

  it('puts the way on before the suggestions (a phone shows them in this order)', async () => {
    serveBasket([reservationLine({ id: 1 })], { associations: { treatments: [listingItem({ name: 'Masaż' })] } });
    renderBasket();
    const suggestions = await screen.findByRole('heading', { name: 'Polecane zabiegi' });
    const next = screen.getByRole('link', { name: 'Dalej: dane osobowe' });
    expect(next.compareDocumentPosition(suggestions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('suggests packages for the stay and treatments and products for the first line', async () => {
    const fake = serveBasket([reservationLine({ id: 1 })], {
      associations: {
        packages: [listingItem({ name: 'Pakiet relaks', type: 'package' })],
        treatments: [listingItem({ name: 'Masaż' })],
        products: [],
      },
    });
    renderBasket();
    expect(await screen.findByRole('heading', { name: 'Pakiety do Twojego pobytu' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Polecane zabiegi' })).toBeTruthy();
    expect(screen.getAllByTestId('card').map((card) => card.textContent)).toEqual(['Pakiet relaks', 'Masaż']);
    expect(screen.queryByRole('heading', { name: 'Polecane produkty' })).toBeNull();
    expect(fake.requests.filter((r) => r.path.includes('/associations/')).map((r) => r.path).sort()).toEqual([
      `/carts/${TOKEN}/items/1/associations/packages/default`,
      `/carts/${TOKEN}/items/1/associations/products/default`,
      `/carts/${TOKEN}/items/1/associations/treatments/default`,
    ]);
  });

  it('suggests no package for a stay that has one (attaching another would replace it)', async () => {
    const fake = serveBasket([reservationLine({ id: 1, childItems: [packageLine({ id: 2 })] })], {
      associations: { packages: [listingItem({ name: 'Pakiet relaks', type: 'package' })] },
    });
    renderBasket();
    await waitFor(() => expect(fake.requests.some((r) => r.path.endsWith('/treatments/default'))).toBe(true));
    expect(fake.requests.some((r) => r.path.includes('/packages/'))).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Pakiety do Twojego pobytu' })).toBeNull();
  });
});

describe('BasketItems: paying with a gift voucher', () => {
  const CODE = 'GV-7KM4-XQ9D-3HPW';
  const future = '2099-12-31';
  const balm = () => cartItem({ id: 5, product: lineProduct({ name: 'Balsam miodowy' }), price: { current: 4900, original: 4900, currency: 'PLN' } });
  const giftVoucher = () =>
    cartItem({ id: 6, type: 'voucher', priceOption: 0, product: lineProduct({ name: 'Voucher kwotowy', type: 'voucher' }) });
  const errorOf = (field: HTMLElement) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .find((element) => element?.classList.contains('field__error'))?.textContent;
  const rowOf = (name: string) => rows().find((row) => within(row).queryByRole('rowheader')?.textContent?.includes(name)) as HTMLElement;

  async function applyCode(user: ReturnType<typeof userEvent.setup>, lineName: string, code: string) {
    const toggle = await screen.findByRole('button', { name: `Zapłać voucherem: ${lineName}` });
    if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
    const form = screen.getByRole('form', { name: `Zapłać voucherem: ${lineName}` });
    const field = within(form).getByLabelText('Kod vouchera');
    await user.clear(field);
    await user.type(field, code);
    await user.click(within(form).getByRole('button', { name: 'Zastosuj' }));
    return { toggle, form, field };
  }

  it('offers it on the lines a voucher can pay for: not on a gift voucher, nor on a package attached to a stay', async () => {
    serveBasket([reservationLine({ id: 1, childItems: [packageLine({ id: 2 })] }), giftVoucher(), balm()]);
    renderBasket();
    await waitFor(() => expect(rows()).toHaveLength(4));
    const toggles = screen.getAllByRole('button', { name: /^Zapłać voucherem: / });
    expect(toggles.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Zapłać voucherem: Pokój z widokiem na jezioro',
      'Zapłać voucherem: Balsam miodowy',
    ]);
    expect(toggles.map((button) => button.textContent)).toEqual(['Zapłać voucherem', 'Zapłać voucherem']);
    // A disclosure: closed until asked, then the form it controls.
    const [stayToggle] = toggles as [HTMLElement];
    expect(stayToggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('form')).toBeNull();
    await userEvent.setup().click(stayToggle);
    expect(stayToggle.getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('form', { name: 'Zapłać voucherem: Pokój z widokiem na jezioro' });
    expect(stayToggle.getAttribute('aria-controls')).toBe(form.id);
    expect(within(rowOf('Pokój z widokiem')).getByRole('form')).toBe(form);
  });

  it('pays for a line with a code: the request, the code and amount on the line, the summary, and removing it', async () => {
    const fake = serveBasket([reservationLine({ id: 1 }), balm()], { giftVouchers: { [CODE]: { balance: 20000, validUntil: future } } });
    renderBasket();
    const user = userEvent.setup();
    // Typed loosely: the server reads any case, with or without dashes.
    await applyCode(user, 'Pokój z widokiem na jezioro', ' gv 7km4 xq9d 3hpw ');

    const applied = await within(rowOf('Pokój z widokiem')).findByTestId('line-voucher');
    expect(fake.requests.filter((r) => r.path.endsWith('/voucher'))).toEqual([
      { method: 'PUT', path: `/carts/${TOKEN}/items/1/voucher`, body: { code: 'gv 7km4 xq9d 3hpw' } },
    ]);
    expect(plain(applied.querySelector('.line-voucher__pays')?.textContent)).toBe(`Voucher ${CODE}: -200,00 zł`);
    expect(applied.textContent).toContain('(ważny do 31.12.2099)');
    // Focus lands on what the code does, so it is read out.
    await waitFor(() => expect(document.activeElement).toBe(applied.querySelector('.line-voucher__applied')));
    expect(screen.queryByRole('form')).toBeNull();
    expect(within(rowOf('Pokój z widokiem')).queryByRole('button', { name: /^Zapłać voucherem/ })).toBeNull();
    // The other line can still be paid with another voucher.
    expect(screen.getByRole('button', { name: 'Zapłać voucherem: Balsam miodowy' })).toBeTruthy();

    const summary = screen.getByTestId('price-summary');
    expect(plain(within(summary).getByTestId('summary-total').textContent)).toBe('Wartość koszyka1129,00 zł');
    expect(plain(within(summary).getByTestId('summary-vouchers').textContent)).toBe(`Voucher-200,00 złKody: ${CODE}`);
    expect(plain(within(summary).getByTestId('summary-leftToPay').textContent)).toBe('Pozostało do zapłaty929,00 zł');
    expect(basketStorage.read()?.items[0]?.redemption?.code).toBe(CODE);
    expect(notifications.getSnapshot()).toEqual([]);

    await user.click(within(applied).getByRole('button', { name: `Usuń voucher ${CODE}` }));
    const toggle = await within(rowOf('Pokój z widokiem')).findByRole('button', { name: 'Zapłać voucherem: Pokój z widokiem na jezioro' });
    expect(fake.requests.at(-1)).toEqual({ method: 'DELETE', path: `/carts/${TOKEN}/items/1/voucher`, body: undefined });
    await waitFor(() => expect(document.activeElement).toBe(toggle));
    expect(plain(within(summary).getByTestId('summary-vouchers').textContent)).toBe('Voucher0,00 zł');
    expect(within(summary).queryByTestId('summary-codes')).toBeNull();
    expect(plain(within(summary).getByTestId('summary-leftToPay').textContent)).toBe('Pozostało do zapłaty1129,00 zł');
  });

  it('pays no more than the line costs, and a code set on another line moves there', async () => {
    serveBasket([reservationLine({ id: 1 }), balm()], { giftVouchers: { [CODE]: { balance: 20000, validUntil: future } } });
    renderBasket();
    const user = userEvent.setup();
    await applyCode(user, 'Pokój z widokiem na jezioro', CODE);
    await within(rowOf('Pokój z widokiem')).findByTestId('line-voucher');
    await applyCode(user, 'Balsam miodowy', CODE);

    const applied = await within(rowOf('Balsam miodowy')).findByTestId('line-voucher');
    expect(plain(applied.querySelector('.line-voucher__pays')?.textContent)).toBe(`Voucher ${CODE}: -49,00 zł`);
    await waitFor(() => expect(within(rowOf('Pokój z widokiem')).queryByTestId('line-voucher')).toBeNull());
    expect(within(rowOf('Pokój z widokiem')).getByRole('button', { name: /^Zapłać voucherem/ })).toBeTruthy();
    expect(plain(screen.getByTestId('summary-vouchers').textContent)).toBe(`Voucher-49,00 złKody: ${CODE}`);
  });

  it('says beside the field that no voucher has an unknown code, without a notification', async () => {
    const fake = serveBasket([balm()], { giftVouchers: { [CODE]: { balance: 20000, validUntil: future } } });
    renderBasket();
    const user = userEvent.setup();
    const { field, form } = await applyCode(user, 'Balsam miodowy', 'GV-AAAA-AAAA-AAAA');

    await waitFor(() => expect(errorOf(field)).toBe('Nie ma vouchera o tym kodzie.'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(form.querySelector('.form-field__hint')?.id);
    expect(document.activeElement).toBe(field);
    expect(fake.requests.filter((r) => r.path.endsWith('/voucher')).map((r) => r.body)).toEqual([{ code: 'GV-AAAA-AAAA-AAAA' }]);
    expect(screen.queryByTestId('line-voucher')).toBeNull();
    expect(notifications.getSnapshot()).toEqual([]);

    // Corrected, it pays, and the error is gone with the form.
    await applyCode(user, 'Balsam miodowy', CODE);
    expect(await screen.findByTestId('line-voucher')).toBeTruthy();
    expect(screen.queryByText('Nie ma vouchera o tym kodzie.')).toBeNull();
  });

  it('says beside the field that a used-up voucher has nothing left (409 voucher_spent)', async () => {
    const fake = serveBasket([balm()], { giftVouchers: { [CODE]: { balance: 0, validUntil: future } } });
    renderBasket();
    const { field } = await applyCode(userEvent.setup(), 'Balsam miodowy', CODE);
    await waitFor(() => expect(errorOf(field)).toBe('Ten voucher został już wykorzystany.'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fake.requests.filter((r) => r.path.endsWith('/voucher')).map((r) => r.method)).toEqual(['PUT']);
    expect(screen.queryByTestId('line-voucher')).toBeNull();
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('says the server\'s words beside the field when the line cannot be paid with a voucher', async () => {
    serveBasket([balm()], { giftVouchers: { [CODE]: { balance: 20000, validUntil: future } } });
    server.use(
      http.put(apiPath('/carts/:token/items/:id/voucher'), () =>
        HttpResponse.json(
          {
            code: 'voucher_not_applicable',
            message: 'Voucherem można zapłacić za pobyt, pakiet, zabieg lub produkt, ale nie za inny voucher.',
            errors: [{ field: 'id', message: 'Voucherem można zapłacić za pobyt, pakiet, zabieg lub produkt, ale nie za inny voucher.' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderBasket();
    const { field } = await applyCode(userEvent.setup(), 'Balsam miodowy', CODE);
    await waitFor(() =>
      expect(errorOf(field)).toBe('Voucherem można zapłacić za pobyt, pakiet, zabieg lub produkt, ale nie za inny voucher.'),
    );
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('asks for a code before sending anything, and Escape closes the form with focus back on its button', async () => {
    const fake = serveBasket([balm()]);
    renderBasket();
    const user = userEvent.setup();
    const { toggle, field } = await applyCode(user, 'Balsam miodowy', '   ');
    expect(errorOf(field)).toBe('Wpisz kod vouchera.');
    expect(document.activeElement).toBe(field);
    expect(fake.requests.some((r) => r.path.endsWith('/voucher'))).toBe(false);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('keeps the buttons unavailable while the code is checked', async () => {
    const oil = cartItem({ id: 7, quantity: 2, minQuantity: 1, maxQuantity: 5, product: lineProduct({ name: 'Olejek' }) });
    const fake = serveBasket([oil], { giftVouchers: { [CODE]: { balance: 20000, validUntil: future } } });
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Held, then on to the fake server.
    server.use(
      http.put(apiPath('/carts/:token/items/:id/voucher'), async () => {
        await held;
        return undefined;
      }),
    );
    renderBasket();
    const user = userEvent.setup();
    const { form } = await applyCode(user, 'Olejek', CODE);
    const submit = within(form).getByRole('button', { name: 'Sprawdzanie…' });
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Usuń: Olejek' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Zwiększ: Ilość: Olejek' }).getAttribute('aria-disabled')).toBe('true');
    // A second submit sends nothing more.
    await user.click(submit);
    release();
    expect(await screen.findByTestId('line-voucher')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Usuń: Olejek' }).getAttribute('aria-disabled')).toBe('false'));
    expect(fake.requests.filter((r) => r.path.endsWith('/voucher'))).toHaveLength(1);
  });

  it('says when the voucher paying for a line has nothing left or has expired since', async () => {
    const spent = 'GV-3467-9ACD-EFGH';
    const expired = 'GV-JKMN-PQRT-WXY3';
    const redemption = (code: string) => ({ code, amount: 10000, balance: 10000, validUntil: future });
    serveBasket(
      [
        reservationLine({ id: 1, redemption: redemption(spent) }),
        cartItem({ id: 5, product: lineProduct({ name: 'Balsam miodowy' }), redemption: redemption(expired) }),
      ],
      // Spent in another order, and past its last day, since they were set.
      { giftVouchers: { [spent]: { balance: 0, validUntil: future }, [expired]: { balance: 5000, validUntil: '2024-03-31' } } },
    );
    renderBasket('en_GB');
    await waitFor(() =>
      expect(within(rowOf('Pokój z widokiem')).getByTestId('line-voucher').textContent).toContain(
        `Gift voucher ${spent} has been used up: nothing is left on it.`,
      ),
    );
    expect(within(rowOf('Balsam miodowy')).getByTestId('line-voucher').textContent).toContain(
      `Gift voucher ${expired} has expired (it was valid until 31.03.2024).`,
    );
    expect(screen.getByRole('button', { name: `Remove voucher ${spent}` })).toBeTruthy();
    expect(plain(screen.getByTestId('summary-vouchers').textContent)).toBe(`VoucherPLN 0.00Codes: ${spent}, ${expired}`);
  });
});
