import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import { BASKET_STORAGE_KEY } from '@/features/basket/utils/storage';
import { packageDetails } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

import { loadCheckoutPages, renderCheckout, setUpCheckout, stay, TOKEN } from './checkout-test-support';

beforeAll(loadCheckoutPages);

const describedError = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'))?.textContent;

const voucherProduct = () =>
  packageDetails({
    code: 'VC_AMOUNT',
    type: 'voucher',
    name: 'Voucher kwotowy',
    price: { current: 20000, original: 20000, currency: 'PLN' },
    voucherValues: [20000, 50000],
  });

describe('order complete page', () => {
  it.each([
    ['pl', '/basket/complete', 'Zamówienie złożone', 'Dziękujemy za zamówienie!'],
    ['de', '/basket/complete', 'Bestellung abgeschlossen', 'Vielen Dank für Ihre Bestellung!'],
    ['en_GB', '/en/basket/complete', 'Order complete', 'Thank you for your order!'],
  ] as const)('thanks in %s, and says the summary and booking code were e-mailed', async (locale, url, heading, thanks) => {
    renderCheckout(`${url}?bookingCode=SPA-7KM4-XQ9D`, locale);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    const page = screen.getByTestId('checkout-complete');
    expect(within(page).getByText(thanks)).toBeTruthy();
    expect(within(page).getByTestId('booking-code').textContent).toBe('SPA-7KM4-XQ9D');
  });

  it('names the mailbox and the profile, and shows no code that is not one', async () => {
    renderCheckout('/basket/complete?bookingCode=<b>nope</b>');
    const page = await screen.findByTestId('checkout-complete');
    expect(page.textContent).toContain('Wysłaliśmy Ci e-mailem podsumowanie zamówienia i unikalny kod rezerwacji.');
    expect(page.textContent).toContain('Sprawdź swoją skrzynkę pocztową');
    expect(page.textContent).toContain('w swoim profilu');
    expect(within(page).queryByTestId('booking-code')).toBeNull();
  });
});

describe('voucher configuration page', () => {
  it('asks for a voucher without one', async () => {
    renderCheckout('/oferta/vouchery/konfiguracja');
    expect(await screen.findByText('Wybierz voucher, który chcesz skonfigurować.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Zobacz nasze vouchery' })[0]?.getAttribute('href')).toBe('/oferta/vouchery');
  });

  it('checks the dedication beside its fields', async () => {
    const user = userEvent.setup();
    server.use(http.get(apiPath('/products/VC_AMOUNT'), () => HttpResponse.json(voucherProduct())));
    renderCheckout('/oferta/vouchery/konfiguracja?code=VC_AMOUNT');
    await user.type(await screen.findByLabelText(/^Adres e-mail, na który wyślemy voucher/), 'ewa@');
    await user.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));
    const recipient = screen.getByLabelText(/^Dla/);
    await waitFor(() => expect(document.activeElement).toBe(recipient));
    expect(describedError(recipient)).toBe('Podaj, dla kogo jest voucher (od 1 do 60 znaków).');
    expect(describedError(screen.getByLabelText(/^Od/))).toBe('Podaj, od kogo jest voucher (od 1 do 60 znaków).');
    expect(describedError(screen.getByLabelText(/^Adres e-mail, na który wyślemy voucher/))).toBe(
      'Podaj poprawny adres e-mail, na który wyślemy voucher.',
    );
  });

  it('adds the voucher at the chosen value with its dedication to a new basket, in one request, and shows it added', async () => {
    const user = userEvent.setup();
    const { cartServer, checkout } = setUpCheckout({ items: [], stored: false });
    server.use(http.get(apiPath('/products/VC_AMOUNT'), () => HttpResponse.json(voucherProduct())));
    const { router } = renderCheckout('/oferta/vouchery/konfiguracja?code=VC_AMOUNT');

    const values = await screen.findByRole('group', { name: /^Wartość vouchera/ });
    const radios = within(values).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s/g, ' '))).toEqual([
      '200,00 zł',
      '500,00 zł',
    ]);
    await user.click(within(values).getByRole('radio', { name: /^500,00\szł$/ }));
    await user.type(screen.getByLabelText(/^Dla/), 'Ewa');
    await user.type(screen.getByLabelText(/^Od/), 'Adam');
    await user.type(screen.getByLabelText(/^Dedykacja/), 'Na relaks');
    const preview = screen.getByTestId('voucher-preview');
    expect(preview.textContent).toMatch(/500,00\szł/);
    expect(preview.textContent).toContain('DlaEwa');
    await user.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/suggestion'));
    expect(router.state.location.search).toBe('?variantCode=VC_AMOUNT');
    expect(await screen.findByText('Dodano do koszyka')).toBeTruthy();
    const adds = cartServer.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/items'));
    expect(adds.map((request) => request.body)).toEqual([
      {
        type: 'voucher',
        productCode: 'VC_AMOUNT',
        quantity: 1,
        options: { priceOption: 1, dedication: { for: 'Ewa', from: 'Adam', message: 'Na relaks', email: null } },
      },
    ]);
    // Nothing else changed the line: no second call.
    expect([...cartServer.requests, ...checkout.requests].filter((request) => request.method === 'PUT')).toEqual([]);
    const token = (JSON.parse(localStorage.getItem(BASKET_STORAGE_KEY) ?? '{}') as { tokenValue: string }).tokenValue;
    expect(cartServer.carts.get(token)?.items).toHaveLength(1);
    expect(cartServer.carts.get(token)?.items[0]?.voucher).toMatchObject({ for: 'Ewa', from: 'Adam', message: 'Na relaks', email: null });
  });

  it('adds to the basket there is, with the e-mail address to send the voucher to', async () => {
    const user = userEvent.setup();
    const { cartServer } = setUpCheckout({ items: [stay()] });
    server.use(http.get(apiPath('/products/VC_AMOUNT'), () => HttpResponse.json(voucherProduct())));
    const { router } = renderCheckout('/oferta/vouchery/konfiguracja?code=VC_AMOUNT');
    await user.type(await screen.findByLabelText(/^Dla/), ' Ewa ');
    await user.type(screen.getByLabelText(/^Od/), 'Adam');
    await user.type(screen.getByLabelText(/^Adres e-mail, na który wyślemy voucher/), 'ewa@example.pl');
    await user.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/suggestion'));
    const adds = cartServer.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/items'));
    expect(adds.map((request) => [request.path, request.body])).toEqual([
      [
        `/carts/${TOKEN}/items`,
        {
          type: 'voucher',
          productCode: 'VC_AMOUNT',
          quantity: 1,
          options: { priceOption: 0, dedication: { for: 'Ewa', from: 'Adam', message: '', email: 'ewa@example.pl' } },
        },
      ],
    ]);
    expect(cartServer.carts.get(TOKEN)?.items.map((line) => [line.type, line.voucher?.email ?? null])).toEqual([
      ['reservation', null],
      ['voucher', 'ewa@example.pl'],
    ]);
  });

  it('shows a refused add\'s errors beside their fields with nothing in the basket, and a retry adds the voucher once', async () => {
    const user = userEvent.setup();
    const { cartServer } = setUpCheckout({ items: [stay()] });
    server.use(http.get(apiPath('/products/VC_AMOUNT'), () => HttpResponse.json(voucherProduct())));
    let refuse = true;
    server.use(
      http.post(apiPath('/carts/:token/items'), () => {
        if (!refuse) return undefined;
        refuse = false;
        return HttpResponse.json(
          {
            code: 'invalid_voucher_details',
            message: 'Sprawdź dedykację vouchera.',
            errors: [
              { field: 'options.dedication.email', message: 'Serwer: zły adres.' },
              { field: 'options.dedication.message', message: 'Serwer: za długa.' },
              { field: 'options.dedication.from', message: 'Serwer: za długie.' },
            ],
          },
          { status: 400 },
        );
      }),
    );
    const { router } = renderCheckout('/oferta/vouchery/konfiguracja?code=VC_AMOUNT');
    await user.type(await screen.findByLabelText(/^Dla/), 'Ewa');
    await user.type(screen.getByLabelText(/^Od/), 'Adam');
    await user.type(screen.getByLabelText(/^Dedykacja/), 'Na relaks');
    await user.type(screen.getByLabelText(/^Adres e-mail, na który wyślemy voucher/), 'ewa@example.pl');
    await user.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));

    const sender = screen.getByLabelText(/^Od/);
    await waitFor(() => expect(describedError(sender)).toBe('Serwer: za długie.'));
    expect(describedError(screen.getByLabelText(/^Dedykacja/))).toBe('Serwer: za długa.');
    const address = screen.getByLabelText(/^Adres e-mail, na który wyślemy voucher/);
    expect(describedError(address)).toBe('Serwer: zły adres.');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(describedError(screen.getByLabelText(/^Dla/))).toBeUndefined();
    // The first of the form's fields takes focus.
    expect(document.activeElement).toBe(sender);
    expect(screen.getByRole('alert').textContent).toContain('Voucher nie trafił do koszyka');
    expect(cartServer.carts.get(TOKEN)?.items.map((line) => line.type)).toEqual(['reservation']);
    expect(router.state.location.pathname).toBe('/oferta/vouchery/konfiguracja');

    await user.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/suggestion'));
    const voucherLines = cartServer.carts.get(TOKEN)?.items.filter((line) => line.type === 'voucher') ?? [];
    expect(voucherLines).toHaveLength(1);
    expect(voucherLines[0]).toMatchObject({ quantity: 1, voucher: { for: 'Ewa', from: 'Adam', message: 'Na relaks' } });
    expect(cartServer.requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });
});
