import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import { BASKET_STORAGE_KEY } from '@/features/basket/utils/storage';
import { meKeys } from '@/lib/api/get-me';
import { createAccountServer } from '@/testing/mocks/account-server';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

import { giftVoucher, renderCheckout, requestsTo, setUpCheckout, stay, TOKEN, loadCheckoutPages } from './checkout-test-support';

beforeAll(loadCheckoutPages);

const stored = () => JSON.parse(localStorage.getItem(BASKET_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null;

/** The error text a field is described by. */
const describedError = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field__error'))?.textContent;

async function fillGuest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Imię/), 'Anna');
  await user.type(screen.getByLabelText(/^Nazwisko/), 'Nowak');
  await user.type(screen.getByLabelText(/^E-mail/), 'anna@example.pl');
  await user.type(screen.getByLabelText(/^Telefon/), '+48 600 100 200');
  await user.click(screen.getByLabelText(/^Akceptuję regulamin rezerwacji/));
}

describe('checkout: personal data step', () => {
  it('goes to the basket without a basket, with an empty one, or with a room sold meanwhile', async () => {
    setUpCheckout({ stored: false });
    const first = renderCheckout('/basket/personal');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/basket/items'));
    first.unmount();

    setUpCheckout({ items: [] });
    const empty = renderCheckout('/basket/personal');
    await waitFor(() => expect(empty.router.state.location.pathname).toBe('/basket/items'));
    empty.unmount();

    setUpCheckout({ items: [stay({ isAvailable: false })] });
    const sold = renderCheckout('/basket/personal');
    await waitFor(() => expect(sold.router.state.location.pathname).toBe('/basket/items'));
    expect(await screen.findByTestId('room-conflict')).toBeTruthy();
  });

  it('forgets a basket that became an order already', async () => {
    setUpCheckout({ state: 'completed' });
    const { router } = renderCheckout('/basket/personal');
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/items'));
    await waitFor(() => expect(stored()).toBeNull());
  });

  it('shows the form with its labels, the step indicator and the steps of this basket', async () => {
    setUpCheckout({ items: [stay(), giftVoucher()] });
    renderCheckout('/basket/personal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dane osobowe' })).toBeTruthy();
    const steps = await screen.findByRole('navigation', { name: 'Etapy zamówienia' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1Koszyk (zakończony)',
      '2Dane osobowe',
      '3Voucher',
      '4Płatność',
    ]);
    expect(items[1]?.getAttribute('aria-current')).toBe('step');
    expect(within(steps).getByRole('link', { name: 'Koszyk' }).getAttribute('href')).toBe('/basket/items');
    await screen.findByLabelText(/^Imię/);
    for (const label of [/^Imię/, /^Nazwisko/, /^E-mail/, /^Telefon/, /^Uwagi do rezerwacji/, /^Chcę otrzymać fakturę VAT/]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByLabelText(/^Imię/).getAttribute('aria-required')).toBe('true');
    expect(screen.queryByLabelText(/^Nazwa firmy/)).toBeNull();
    expect(screen.queryByLabelText(/^Hasło/)).toBeNull();
    const regulations = screen.getByRole('link', { name: /Przeczytaj regulamin rezerwacji/ });
    expect(regulations.getAttribute('href')).toBe('/regulamin');
  });

  it('says what is wrong beside each field, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    const { checkout } = setUpCheckout();
    renderCheckout('/basket/personal');
    await user.type(await screen.findByLabelText(/^Telefon/), '12-34');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));

    const firstName = screen.getByLabelText(/^Imię/);
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(describedError(firstName)).toBe('Podaj imię (do 60 znaków).');
    expect(describedError(screen.getByLabelText(/^E-mail/))).toBe('Podaj poprawny adres e-mail.');
    expect(describedError(screen.getByLabelText(/^Telefon/))).toBe(
      'Podaj numer telefonu z co najmniej 7 cyframi: cyfry oraz +, ( ), -, spacje, kropki lub ukośniki.',
    );
    expect(describedError(screen.getByLabelText(/^Akceptuję regulamin/))).toBe('Zaakceptuj regulamin rezerwacji.');
    expect(requestsTo(checkout, 'PUT', /address$/)).toEqual([]);
  });

  it('reveals the invoice fields and checks the NIP checksum and the postcode of the country', async () => {
    const user = userEvent.setup();
    const { checkout } = setUpCheckout();
    renderCheckout('/basket/personal');
    await fillGuest(user);
    await user.click(screen.getByLabelText(/^Chcę otrzymać fakturę VAT/));
    const invoice = screen.getByTestId('invoice-fields');
    await user.type(within(invoice).getByLabelText(/^Nazwa firmy/), 'Spa Sp. z o.o.');
    await user.type(within(invoice).getByLabelText(/^NIP/), '123-456-32-19');
    await user.type(within(invoice).getByLabelText(/^Adres/), 'Leśna 1');
    await user.type(within(invoice).getByLabelText(/^Kod pocztowy/), '12345');
    await user.type(within(invoice).getByLabelText(/^Miejscowość/), 'Łagów');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));

    const nip = within(invoice).getByLabelText(/^NIP/);
    expect(describedError(nip)).toBe('Podaj poprawny NIP: 10 cyfr z prawidłową cyfrą kontrolną.');
    await waitFor(() => expect(document.activeElement).toBe(nip));
    expect(describedError(within(invoice).getByLabelText(/^Kod pocztowy/))).toBe('Podaj kod pocztowy w formacie 00-000.');

    // In Germany five digits are right, and the tax number is a German VAT number.
    await user.selectOptions(within(invoice).getByLabelText(/^Kraj/), 'DE');
    await user.clear(nip);
    await user.type(nip, 'DE123456789');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    await waitFor(() => expect(requestsTo(checkout, 'PUT', /address$/)).toHaveLength(1));
    expect(requestsTo(checkout, 'PUT', /address$/)[0]?.body).toEqual({
      customer: { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.pl', phone: '+48 600 100 200' },
      billingAddress: {
        invoiceRequired: true,
        company: 'Spa Sp. z o.o.',
        vatNumber: 'DE123456789',
        street: 'Leśna 1',
        postcode: '12345',
        city: 'Łagów',
        countryCode: 'DE',
      },
      notes: '',
      regulationsAccepted: true,
    });
  });

  it("puts the server's field errors beside their fields and focuses the first", async () => {
    const user = userEvent.setup();
    setUpCheckout();
    server.use(
      http.put(apiPath('/checkout/:token/address'), () =>
        HttpResponse.json(
          {
            code: 'invalid_address',
            message: 'Brakuje niektórych danych lub są niepoprawne: sprawdź zaznaczone pola.',
            errors: [
              { field: 'billingAddress.vatNumber', message: 'Podaj poprawny numer NIP (10 cyfr) lub niemiecki numer VAT (DE i 9 cyfr).' },
              { field: 'customer.phone', message: 'Serwer: ten numer telefonu jest niepoprawny.' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    renderCheckout('/basket/personal');
    await fillGuest(user);
    await user.click(screen.getByLabelText(/^Chcę otrzymać fakturę VAT/));
    await user.type(screen.getByLabelText(/^Nazwa firmy/), 'Spa Sp. z o.o.');
    await user.type(screen.getByLabelText(/^NIP/), '1234563218');
    await user.type(screen.getByLabelText(/^Adres/), 'Leśna 1');
    await user.type(screen.getByLabelText(/^Kod pocztowy/), '66-220');
    await user.type(screen.getByLabelText(/^Miejscowość/), 'Łagów');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));

    const phone = screen.getByLabelText(/^Telefon/);
    await waitFor(() => expect(describedError(phone)).toBe('Serwer: ten numer telefonu jest niepoprawny.'));
    expect(document.activeElement).toBe(phone);
    expect(describedError(screen.getByLabelText(/^NIP/))).toBe(
      'Podaj poprawny numer NIP (10 cyfr) lub niemiecki numer VAT (DE i 9 cyfr).',
    );
    // The server's own message is the notification.
    expect(await screen.findByText('Brakuje niektórych danych lub są niepoprawne: sprawdź zaznaczone pola.')).toBeTruthy();
  });

  it('stores the billing address and state, and goes on to the vouchers of a basket with one', async () => {
    const user = userEvent.setup();
    setUpCheckout({ items: [stay(), giftVoucher()] });
    const { router } = renderCheckout('/basket/personal');
    await fillGuest(user);
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/voucher'));
    expect(stored()).toMatchObject({
      tokenValue: TOKEN,
      checkoutState: 'addressed',
      billingAddress: { invoiceRequired: false, countryCode: 'PL' },
    });
  });

  it('goes straight to payment when the basket holds no gift voucher', async () => {
    const user = userEvent.setup();
    setUpCheckout();
    const { router } = renderCheckout('/basket/personal');
    await fillGuest(user);
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/basket/payment'));
    expect(stored()).toMatchObject({ checkoutState: 'vouchering_skipped' });
  });

  it('fills the form in from what the basket saved, else from the logged-in customer', async () => {
    setUpCheckout({
      state: 'addressed',
      extra: {
        notes: 'Przyjazd około 18:00',
        billingAddress: {
          invoiceRequired: true,
          company: 'Spa Sp. z o.o.',
          vatNumber: '1234563218',
          street: 'Leśna 1',
          postcode: '66-220',
          city: 'Łagów',
          countryCode: 'PL',
        },
      },
    });
    const saved = renderCheckout('/basket/personal');
    expect((await screen.findByLabelText<HTMLInputElement>(/^Imię/)).value).toBe('Anna');
    expect(screen.getByLabelText<HTMLInputElement>(/^Telefon/).value).toBe('+48 600 100 200');
    expect(screen.getByLabelText<HTMLInputElement>(/^NIP/).value).toBe('1234563218');
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Uwagi do rezerwacji/).value).toBe('Przyjazd około 18:00');
    // Saved details were accepted with the regulations: the box is as the guest left it.
    expect(screen.getByLabelText<HTMLInputElement>(/^Akceptuję regulamin rezerwacji/).checked).toBe(true);
    saved.unmount();

    setUpCheckout({
      me: { email: 'jan@example.pl', firstName: 'Jan', lastName: 'Kowalski', phone: '600700800', roles: ['customer'], emailVerified: true },
    });
    renderCheckout('/basket/personal?account=register');
    expect((await screen.findByLabelText<HTMLInputElement>(/^Imię/)).value).toBe('Jan');
    // Nothing saved yet: the regulations are still to be accepted.
    expect(screen.getByLabelText<HTMLInputElement>(/^Akceptuję regulamin rezerwacji/).checked).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>(/^E-mail/).value).toBe('jan@example.pl');
    expect(screen.getByText('Zalogowano jako jan@example.pl.')).toBeTruthy();
    // Logged in: an account exists, no password is asked for.
    expect(screen.queryByLabelText(/^Hasło/)).toBeNull();
  });

  it('fills in nobody once the customer has logged out', async () => {
    const user = userEvent.setup();
    setUpCheckout();
    const account = createAccountServer({ loggedIn: customer() });
    server.use(...account.handlers);
    const { router, queryClient } = renderCheckout('/basket/personal');
    expect((await screen.findByLabelText<HTMLInputElement>(/^Imię/)).value).toBe('Ola');
    expect(screen.getByText('Zalogowano jako ola.nowak@example.pl.')).toBeTruthy();

    await act(() => router.navigate('/profil'));
    await user.click(await screen.findByRole('button', { name: 'Wyloguj się' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(account.isLoggedIn()).toBe(false);
    expect(queryClient.getQueryData(meKeys.me)).toBeNull();

    await act(() => router.navigate('/basket/personal'));
    expect((await screen.findByLabelText<HTMLInputElement>(/^Imię/)).value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>(/^E-mail/).value).toBe('');
    expect(screen.queryByText(/^Zalogowano jako/)).toBeNull();
    // One customer in the cache, under one key: nothing else remembers who was logged in.
    const cached = queryClient
      .getQueryCache()
      .findAll()
      .filter((query) => JSON.stringify(query.state.data ?? null).includes('ola.nowak@example.pl'));
    expect(cached).toEqual([]);
  });

  it('leaves the form to the guest when the front desk books for one', async () => {
    setUpCheckout();
    const account = createAccountServer({ loggedIn: customer({ roles: ['customer', 'reception'] }) });
    server.use(...account.handlers);
    renderCheckout('/basket/personal');
    expect(await screen.findByText('Rezerwujesz dla gościa: wpisz jego dane. To on dostanie potwierdzenie e-mailem.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Imię/).value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>(/^E-mail/).value).toBe('');
    expect(screen.queryByText(/^Zalogowano jako/)).toBeNull();
    expect(screen.queryByLabelText(/^Hasło/)).toBeNull();
  });

  it('asks for a password to register with the booking, with its rule, and sends it as a script', async () => {
    const user = userEvent.setup();
    const { checkout } = setUpCheckout();
    renderCheckout('/basket/personal?account=register');
    await fillGuest(user);
    const password = screen.getByLabelText(/^Hasło/);
    expect(screen.getByText('Od 10 do 128 znaków, co najmniej 5 różnych znaków, inne niż Twój adres e-mail.')).toBeTruthy();
    await user.type(password, 'aaaaabbbbb');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(describedError(password)).toBe('Hasło musi zawierać co najmniej 5 różnych znaków.');
    await user.clear(password);
    await user.type(password, 'anna@example.pl');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(describedError(password)).toBe('Hasło nie może być Twoim adresem e-mail.');
    await user.clear(password);
    await user.type(password, 'Krótkie1');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(describedError(password)).toBe('Hasło musi mieć od 10 do 128 znaków.');
    await user.clear(password);
    await user.type(password, 'Lipowa-Aleja-7');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));

    await waitFor(() => expect(requestsTo(checkout, 'PUT', /address$/)).toHaveLength(1));
    const request = requestsTo(checkout, 'PUT', /address$/)[0];
    expect(request?.body).toMatchObject({ password: 'Lipowa-Aleja-7' });
    expect(request?.headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('shows an e-mail that is registered already beside the e-mail field', async () => {
    const user = userEvent.setup();
    setUpCheckout({ takenEmails: ['anna@example.pl'] });
    renderCheckout('/basket/personal?account=register');
    await fillGuest(user);
    await user.type(screen.getByLabelText(/^Hasło/), 'Lipowa-Aleja-7');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    const email = screen.getByLabelText(/^E-mail/);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(describedError(email)).toBe('Ten adres e-mail jest już zarejestrowany.');
  });
});
