import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import { BASKET_STORAGE_KEY } from '@/features/basket/utils/storage';
import { packageDetails } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

import { loadCheckoutPages, renderCheckout, setUpCheckout, stay } from './checkout-test-support';

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

  it('adds the voucher at the chosen value to a new basket, dedicates it and shows it added', async () => {
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
      { type: 'voucher', productCode: 'VC_AMOUNT', quantity: 1, options: { priceOption: 1 } },
    ]);
    const dedications = checkout.requests.filter((request) => request.path.endsWith('/voucher'));
    expect(dedications.map((request) => request.body)).toEqual([{ for: 'Ewa', from: 'Adam', message: 'Na relaks', email: null }]);
    const token = (JSON.parse(localStorage.getItem(BASKET_STORAGE_KEY) ?? '{}') as { tokenValue: string }).tokenValue;
    expect(cartServer.carts.get(token)?.items[0]?.voucher).toMatchObject({ for: 'Ewa', from: 'Adam', message: 'Na relaks' });
  });

  it('adds to the basket there is, and dedicates again without adding twice when the dedication was refused', async () => {
    const user = userEvent.setup();
    const { cartServer } = setUpCheckout({ items: [stay()] });
    server.use(http.get(apiPath('/products/VC_AMOUNT'), () => HttpResponse.json(voucherProduct())));
    let refuse = true;
    server.use(
      http.put(apiPath('/carts/:token/items/:id/voucher'), () => {
        if (!refuse) return undefined;
        refuse = false;
        return HttpResponse.json(
          { code: 'invalid_voucher_details', message: 'Sprawdź dedykację vouchera.', errors: [{ field: 'from', message: 'Serwer: za długie.' }] },
          { status: 400 },
        );
      }),
    );
    const { router } = renderCheckout('/oferta/vouchery/konfiguracja?code=VC_AMOUNT');
    await user.type(await screen.findByLabelText(/^Dla/), 'Ewa');
    await user.type(screen.getByLabelText(/^Od/), 'Adam');
    await user.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));
    expect(await screen.findByText(/Voucher jest w koszyku, ale nie udało się zapisać dedykacji/)).toBeTruthy();
    expect(describedError(screen.getByLabelText(/^Od/))).toBe('Serwer: za długie.');

    await user.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/suggestion'));
    const adds = cartServer.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/items'));
    expect(adds).toHaveLength(1);
    expect(cartServer.carts.get(adds[0]?.path.split('/')[2] ?? '')?.items.map((line) => line.type)).toEqual(['reservation', 'voucher']);
  });
});
