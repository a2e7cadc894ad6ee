import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { adminCustomer, createStaffServer, receptionCustomer, staffOrder, staffRefund } from '@/testing/mocks/staff-server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { Customer, Refund, StaffOrder } from '@/types/api';

import { createRoutes } from './router';

const CODE = 'SPA-7KM4-XQ9D';

type Options = { loggedIn?: Customer; orders?: StaffOrder[]; refunds?: Refund[]; overrides?: HttpHandler[] };

/** The app at `url` over the fake staff server; `overrides` answer before it. */
function renderApp(url: string, locale: Locale, { loggedIn, orders, refunds, overrides = [] }: Options = {}) {
  const fake = createStaffServer({ loggedIn, orders, refunds });
  server.use(...fake.handlers);
  if (overrides.length > 0) server.use(...overrides);
  const queryClient = createTestQueryClient();
  return { ...renderRoutes(createRoutes(locale, queryClient), url, { locale, queryClient }), fake, user: userEvent.setup() };
}

// Intl puts (narrow) no-break spaces into formatted amounts.
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const toasts = (name = 'Powiadomienia') => within(screen.getByRole('region', { name }));
const orderCalls = (fake: ReturnType<typeof createStaffServer>) => fake.requests.filter((r) => r.path.startsWith('/backend/orders'));
const transfers = (fake: ReturnType<typeof createStaffServer>) => fake.requests.filter((r) => r.method === 'POST');
/** A fact of the order (its `<dt>`), as shown. */
const fact = (label: string) => plain(screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent);
/** The error a field's description points to. */
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.className === 'field__error')?.textContent ?? null;

/** The order page of the default order, looked up by a link, and its transfer form's fields. */
async function openOrder(locale: Locale = 'pl', options: Options = { loggedIn: adminCustomer() }) {
  const view = renderApp(`/backend/orders?code=${CODE}`, locale, options);
  await screen.findByRole('heading', { level: 2, name: locale === 'pl' ? `Zamówienie ${CODE}` : `Order ${CODE}` });
  return view;
}

describe('the staff’s order desk', () => {
  it('looks an order up by its booking code, in any case, and shows it', async () => {
    const { fake, user, router } = renderApp('/backend/orders', 'pl', { loggedIn: adminCustomer() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Zamówienia' })).toBeTruthy();
    expect(document.title).toBe('Zamówienia | Pensjonat Spa & Wellness');
    expect(orderCalls(fake)).toEqual([]);

    const search = screen.getByRole('search', { name: 'Wyszukiwanie zamówienia' });
    await user.type(within(search).getByLabelText('Kod rezerwacji'), ' spa-7km4-xq9d');
    await user.keyboard('{Enter}');

    // The code goes into the query, so the lookup can be linked and reloaded.
    await waitFor(() => expect(router.state.location.search).toBe(`?code=${CODE}`));
    expect(await screen.findByRole('heading', { level: 2, name: `Zamówienie ${CODE}` })).toBeTruthy();
    expect(screen.getByText(`Znaleziono zamówienie ${CODE}: Nowe, Czeka na płatność.`).closest('[role="status"]')).toBeTruthy();
    expect(document.title).toBe(`Zamówienie ${CODE} | Pensjonat Spa & Wellness`);
    expect(orderCalls(fake).map((r) => [r.method, r.path, r.query.locale])).toEqual([['GET', `/backend/orders/${CODE}`, 'pl']]);

    expect(fact('Stan zamówienia')).toBe('Nowe');
    expect(fact('Płatność')).toBe('Czeka na płatność');
    expect(fact('Metoda płatności')).toBe('Przelew bankowy');
    expect(fact('Razem')).toBe('2477,00 zł');
    expect(fact('Do zapłaty teraz')).toBe('2477,00 zł');
    expect(fact('Do zapłaty później, na miejscu')).toBe('0,00 zł');
    expect(fact('E-mail gościa')).toBe('ola.nowak@example.pl');
    // The guest as they gave their details: phone, invoice, notes.
    const guest = screen.getByRole('region', { name: 'Gość' });
    expect(within(guest).getByRole('link', { name: '+48 600 100 200' }).getAttribute('href')).toBe('tel:+48600100200');
    expect(plain(within(guest).getByText('Faktura', { selector: 'dt' }).nextElementSibling?.textContent)).toBe(
      'Nowak Sp. z o.o.NIP 5260250274ul. Lipowa 3, 00-950 Warszawa, PL',
    );
    expect(fact('Uwagi gościa')).toBe('Przyjedziemy późnym wieczorem.');
    expect(fact('Złożone')).toMatch(/^20\.06\.2026 \d\d:\d\d$/);
    expect(fact('Noclegi trzymane do')).toMatch(/^23\.06\.2026 \d\d:\d\d$/);
    expect(screen.getByText('Złożone', { selector: 'dt' }).nextElementSibling?.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-06-20T10:00:00Z',
    );

    const lines = within(screen.getByRole('table', { name: 'Pozycje' })).getAllByRole('row').slice(1);
    expect(lines.map((row) => [...row.children].map((cell) => plain(cell.textContent)))).toEqual([
      ['Pokój z widokiem na jezioro', '10.07.2026 – 13.07.2026', '1', '1080,00 zł'],
      ['Romantyczny weekend we dwoje', '', '2', '1299,00 zł'],
      ['Olejek różany', '', '2', '98,00 zł'],
    ]);

    // The form to record its transfer, prefilled with what it awaits.
    const form = screen.getByRole('form', { name: 'Zapisz przelew bankowy' });
    expect(within(form).getByLabelText<HTMLInputElement>('Kwota w złotych').value).toBe('2477,00');
    expect(within(form).getByLabelText<HTMLInputElement>('Tytuł lub numer przelewu z wyciągu').value).toBe('');
    expect(plain(within(form).getByText(/^Zamówienie czeka na/).textContent)).toBe('Zamówienie czeka na 2477,00 zł.');
    expect(toasts().queryAllByRole('listitem')).toEqual([]);

    // Back: no code, no order, and the field follows.
    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: `Zamówienie ${CODE}` })).toBeNull());
    // react-hook-form takes new `values` in an effect after the render that
    // drops the order, so the field follows a commit later.
    await waitFor(() => expect(within(search).getByLabelText<HTMLInputElement>('Kod rezerwacji').value).toBe(''));
    expect(document.title).toBe('Zamówienia | Pensjonat Spa & Wellness');
  });

  it('shows a receptionist the order and says administrators record its payment; no money to give back is listed', async () => {
    const { fake } = await openOrder('en_GB', { loggedIn: receptionCustomer() });
    expect(screen.getByText('Payments are recorded by administrators: ask one to record it.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Record bank transfer' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Payments to give back' })).toBeNull();
    expect(fake.requests.filter((r) => r.path.startsWith('/backend/refunds'))).toEqual([]);
  });

  it('reads the code from a link, and asks afresh when the same code is looked up again', async () => {
    const { fake, user } = await openOrder('en_GB');
    const field = screen.getByLabelText<HTMLInputElement>('Booking code');
    expect(field.value).toBe(CODE);
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');

    fake.payElsewhere(CODE);
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(fact('Payment')).toBe('Paid in full'));
    expect(orderCalls(fake)).toHaveLength(2);
    expect(screen.queryByRole('form', { name: 'Record bank transfer' })).toBeNull();
    expect(screen.getByText('This order is paid already: there is no transfer to record.')).toBeTruthy();
  });

  it('records the bank transfer, and shows the order paid', async () => {
    const { fake, user } = await openOrder();
    const form = screen.getByRole('form', { name: 'Zapisz przelew bankowy' });
    const amount = within(form).getByLabelText('Kwota w złotych');
    await user.clear(amount);
    await user.type(amount, '2 477 zł');
    await user.type(within(form).getByLabelText('Tytuł lub numer przelewu z wyciągu'), '  SPA-7KM4-XQ9D Ola Nowak ');
    await user.click(within(form).getByRole('button', { name: 'Zapisz przelew' }));

    const status = await screen.findByText(`Przelew zapisany: zamówienie ${CODE} jest opłacone.`);
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(transfers(fake)).toEqual([
      {
        method: 'POST',
        path: `/backend/orders/${CODE}/bank-transfers`,
        query: { channel: 'web_pl', locale: 'pl' },
        body: { amount: 247700, reference: 'SPA-7KM4-XQ9D Ola Nowak' },
        marker: true,
      },
    ]);
    // The order as the server answered it; no form any more, focus on the order.
    expect(fact('Stan zamówienia')).toBe('Opłacone');
    expect(fact('Płatność')).toBe('Opłacone w całości');
    expect(fact('Pierwsza płatność')).toBe('2477,00 zł');
    expect(screen.queryByRole('form', { name: 'Zapisz przelew bankowy' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: `Zamówienie ${CODE}` }));
    expect(orderCalls(fake).filter((r) => r.method === 'GET')).toHaveLength(1);
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('sends one transfer for a double click, the button busy meanwhile', async () => {
    const { fake, user } = await openOrder();
    const release = fake.holdTransfers();
    const form = screen.getByRole('form', { name: 'Zapisz przelew bankowy' });
    await user.type(within(form).getByLabelText('Tytuł lub numer przelewu z wyciągu'), 'R-1');
    await user.dblClick(within(form).getByRole('button', { name: 'Zapisz przelew' }));
    const busy = await within(form).findByRole('button', { name: 'Zapisujemy…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await user.click(busy);

    release();
    expect(await screen.findByText(`Przelew zapisany: zamówienie ${CODE} jest opłacone.`)).toBeTruthy();
    expect(transfers(fake)).toHaveLength(1);
  });

  it('shows the server’s word on the amount beside the amount', async () => {
    const { fake, user } = await openOrder();
    const form = screen.getByRole('form', { name: 'Zapisz przelew bankowy' });
    const amount = within(form).getByLabelText('Kwota w złotych');
    await user.clear(amount);
    await user.type(amount, '2470,50');
    await user.type(within(form).getByLabelText('Tytuł lub numer przelewu z wyciągu'), 'R-1');
    await user.click(within(form).getByRole('button', { name: 'Zapisz przelew' }));

    await waitFor(() => expect(errorOf(amount)).toBe('Wpisz kwotę, na którą czeka zamówienie: 2477.00 PLN.'));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amount);
    expect((transfers(fake)[0]?.body as { amount: number }).amount).toBe(247050);
    expect(fake.order(CODE)?.state).toBe('new');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('shows a reference that paid another order beside the reference', async () => {
    const other = staffOrder({ bookingCode: 'SPA-AAAA-BBBB', tokenValue: 'd'.repeat(32) });
    const { fake, user } = await openOrder('en_GB', { loggedIn: adminCustomer(), orders: [staffOrder(), other] });
    const form = screen.getByRole('form', { name: 'Record bank transfer' });
    const reference = within(form).getByLabelText('Transfer reference from the bank statement');
    await user.type(reference, 'R-1');
    await user.click(within(form).getByRole('button', { name: 'Record transfer' }));
    await screen.findByText(`Transfer recorded: order ${CODE} is paid.`);

    await user.clear(screen.getByLabelText('Booking code'));
    await user.type(screen.getByLabelText('Booking code'), 'SPA-AAAA-BBBB{Enter}');
    const next = await screen.findByRole('form', { name: 'Record bank transfer' });
    // The last order's outcome is gone with it.
    expect(screen.queryByText(`Transfer recorded: order ${CODE} is paid.`)).toBeNull();
    const nextReference = within(next).getByLabelText('Transfer reference from the bank statement');
    await user.type(nextReference, 'R-1');
    await user.click(within(next).getByRole('button', { name: 'Record transfer' }));

    await waitFor(() => expect(errorOf(nextReference)).toBe('This reference is recorded with another order already.'));
    expect(document.activeElement).toBe(nextReference);
    expect(fake.order('SPA-AAAA-BBBB')?.state).toBe('new');
    expect(toasts('Notifications').queryAllByRole('listitem')).toEqual([]);
  });

  it('says in an alert that the order was paid meanwhile, in the server’s words, and shows it as it is now', async () => {
    const { fake, user } = await openOrder();
    fake.payElsewhere(CODE);
    const form = screen.getByRole('form', { name: 'Zapisz przelew bankowy' });
    await user.type(within(form).getByLabelText('Tytuł lub numer przelewu z wyciągu'), 'R-2');
    await user.click(within(form).getByRole('button', { name: 'Zapisz przelew' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Przelew nie został zapisany');
    expect(alert.textContent).toContain('To zamówienie jest już opłacone.');
    // Asked again: the order paid, the form gone, the alert still there.
    await waitFor(() => expect(fact('Płatność')).toBe('Opłacone w całości'));
    expect(screen.queryByRole('form', { name: 'Zapisz przelew bankowy' })).toBeNull();
    expect(screen.getByRole('alert')).toBe(alert);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: `Zamówienie ${CODE}` }));
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('checks the fields before sending anything', async () => {
    const { fake, user } = await openOrder();
    const form = screen.getByRole('form', { name: 'Zapisz przelew bankowy' });
    const amount = within(form).getByLabelText('Kwota w złotych');
    const reference = within(form).getByLabelText('Tytuł lub numer przelewu z wyciągu');
    await user.clear(amount);
    await user.type(amount, '24,77,00');
    await user.click(within(form).getByRole('button', { name: 'Zapisz przelew' }));

    await waitFor(() => expect(errorOf(amount)).toBe('Wpisz kwotę w złotych, np. 640 albo 640,50.'));
    expect(errorOf(reference)).toBe('Wpisz tytuł lub numer przelewu.');
    expect(document.activeElement).toBe(amount);
    await user.type(reference, 'x'.repeat(141));
    await user.click(within(form).getByRole('button', { name: 'Zapisz przelew' }));
    await waitFor(() => expect(errorOf(reference)).toBe('Tytuł może mieć najwyżej 140 znaków.'));
    expect(transfers(fake)).toEqual([]);
  });

  it.each([
    ['paid', { state: 'paid', paymentState: 'paid' }, 'Diese Bestellung ist bereits bezahlt: Es gibt keine Überweisung zu erfassen.'],
    ['cancelled', { state: 'cancelled', paymentState: 'cancelled' }, 'Diese Bestellung ist storniert: Eine Überweisung kann nicht erfasst werden.'],
    [
      'online',
      { paymentMethod: 'przelewy24' },
      'Diese Bestellung wird nicht per Überweisung bezahlt (Zahlungsart: Przelewy24): Hier ist nichts zu erfassen.',
    ],
  ] as const)('offers no transfer for a %s order, and says why', async (_kind, overrides, note) => {
    renderApp(`/backend/orders?code=${CODE}`, 'de', { loggedIn: adminCustomer(), orders: [staffOrder(overrides)] });
    expect(await screen.findByText(note)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Banküberweisung erfassen' })).toBeNull();
    expect(screen.queryByLabelText('Betrag in Złoty')).toBeNull();
  });

  it('records the rest of an advance-paid order, paid at the guesthouse', async () => {
    const advancePaid = staffOrder({
      state: 'paid',
      paymentState: 'partially_paid',
      paymentMethod: 'przelewy24',
      totals: { total: 247700, vouchers: 20000, shipping: 0, deposit: 68310, leftToPay: 159390, currency: 'PLN', base: null },
      dueNow: 68310,
    });
    const { fake, user } = await openOrder('pl', { loggedIn: adminCustomer(), orders: [advancePaid] });
    expect(screen.queryByRole('form', { name: 'Zapisz przelew bankowy' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Zapisz dopłatę na miejscu' });
    const amount = within(form).getByLabelText<HTMLInputElement>('Kwota w złotych');
    expect(amount.value).toBe('1593,90');
    expect(plain(within(form).getByText(/^Po zaliczce/).textContent)).toBe('Po zaliczce zostało 1593,90 zł.');

    // A wrong amount: the server's word beside it; no reference: the form's own.
    await user.clear(amount);
    await user.type(amount, '1500');
    await user.click(within(form).getByRole('button', { name: 'Zapisz płatność' }));
    const reference = within(form).getByLabelText('Numer paragonu, terminala kart albo przelewu');
    await waitFor(() => expect(errorOf(reference)).toBe('Podaj numer paragonu.'));
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
    await user.type(reference, 'PAR/2026/0142');
    await user.click(within(form).getByRole('button', { name: 'Zapisz płatność' }));
    await waitFor(() => expect(errorOf(amount)).toBe('Wpisz kwotę, na którą czeka zamówienie: 1593.90 PLN.'));

    await user.clear(amount);
    await user.type(amount, '1593,90');
    await user.click(within(form).getByRole('button', { name: 'Zapisz płatność' }));
    const done = await screen.findByText(`Płatność zapisana: zamówienie ${CODE} jest opłacone w całości.`);
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body, r.marker])).toEqual([
      [`/backend/orders/${CODE}/rest-payments`, { amount: 150000, reference: 'PAR/2026/0142' }, true],
      [`/backend/orders/${CODE}/rest-payments`, { amount: 159390, reference: 'PAR/2026/0142' }, true],
    ]);
    expect(fact('Płatność')).toBe('Opłacone w całości');
    expect(fact('Do zapłaty później, na miejscu')).toBe('0,00 zł');
    expect(screen.queryByRole('form', { name: 'Zapisz dopłatę na miejscu' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: `Zamówienie ${CODE}` }));
  });

  it('shows what an advance payment leaves for later', async () => {
    const advance = staffOrder({
      totals: { total: 247700, vouchers: 20000, shipping: 0, deposit: 68310, leftToPay: 159390, currency: 'PLN', base: null },
      dueNow: 68310,
    });
    renderApp(`/backend/orders?code=${CODE}`, 'en_GB', { loggedIn: adminCustomer(), orders: [advance] });
    await screen.findByRole('form', { name: 'Record bank transfer' });
    expect(fact('Paid with gift vouchers')).toBe('PLN 200.00');
    expect(fact('Due now')).toBe('PLN 683.10');
    expect(fact('Left to pay later, at the guesthouse')).toBe('PLN 1,593.90');
    expect(screen.getByLabelText<HTMLInputElement>('Amount in złoty').value).toBe('683.10');
  });

  it('says there is no order with the code, politely', async () => {
    renderApp('/backend/orders?code=SPA-0000-0000', 'pl', { loggedIn: adminCustomer() });
    const notFound = await screen.findByText('Nie ma zamówienia o kodzie SPA-0000-0000. Sprawdź kod i spróbuj ponownie.');
    expect(notFound.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('shows the server’s word on a malformed code beside the field', async () => {
    renderApp(`/backend/orders?code=${'X'.repeat(40)}`, 'en_GB', { loggedIn: adminCustomer() });
    const field = await screen.findByLabelText('Booking code');
    await waitFor(() => expect(errorOf(field)).toBe('This value is not valid.'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
  });

  it('asks for a booking code before looking anything up', async () => {
    const { fake, user } = renderApp('/backend/orders', 'pl', { loggedIn: adminCustomer() });
    await user.click(await screen.findByRole('button', { name: 'Znajdź' }));
    const field = screen.getByLabelText('Kod rezerwacji');
    await waitFor(() => expect(errorOf(field)).toBe('Wpisz kod rezerwacji.'));
    expect(orderCalls(fake)).toEqual([]);
  });

  it('asks a visitor who is not logged in to log in and come back, without a notification', async () => {
    const { fake } = renderApp(`/backend/orders?code=${CODE}`, 'pl');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Zaloguj się kontem administratora, aby zobaczyć zamówienia.');
    expect(within(alert).getByRole('link', { name: 'Zaloguj się' }).getAttribute('href')).toBe(
      `/logowanie?return=%2Fbackend%2Forders%3Fcode%3D${CODE}`,
    );
    expect(screen.queryByRole('heading', { name: `Zamówienie ${CODE}` })).toBeNull();
    expect(orderCalls(fake)).toHaveLength(1);
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('tells a customer who is not an administrator that only administrators see orders', async () => {
    renderApp(`/backend/orders?code=${CODE}`, 'en_GB', { loggedIn: customer({ roles: ['customer', 'editor'] }) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Only administrators can see orders.');
    expect(within(alert).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('heading', { name: `Order ${CODE}` })).toBeNull();
    expect(toasts('Notifications').queryAllByRole('listitem')).toEqual([]);
  });

  it('asks for a login when the session ended before the transfer', async () => {
    const { fake, user } = await openOrder();
    fake.logOut();
    const form = screen.getByRole('form', { name: 'Zapisz przelew bankowy' });
    await user.type(within(form).getByLabelText('Tytuł lub numer przelewu z wyciągu'), 'R-1');
    await user.click(within(form).getByRole('button', { name: 'Zapisz przelew' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Zaloguj się kontem administratora');
    expect(within(alert).getByRole('link', { name: 'Zaloguj się' })).toBeTruthy();
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('says the order failed to load, with the notification, and shows it after “try again”', async () => {
    let fail = true;
    const { user } = renderApp(`/backend/orders?code=${CODE}`, 'en_GB', {
      loggedIn: adminCustomer(),
      overrides: [
        http.get(apiPath('/backend/orders/:code'), () =>
          fail ? HttpResponse.json({ code: 'service_unavailable', message: 'Orders unavailable' }, { status: 503 }) : undefined,
        ),
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The order could not be loaded.');
    expect(await toasts('Notifications').findByText('Orders unavailable')).toBeTruthy();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: `Order ${CODE}` })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the payments to give back', () => {
  const marks = (fake: ReturnType<typeof createStaffServer>) => fake.requests.filter((r) => r.method === 'PUT');
  const late = staffRefund({
    paymentId: 'ord-a1-1',
    bookingCode: 'SPA-AAAA-BBBB',
    orderState: 'cancelled',
    provider: 'przelewy24',
    amount: 64050,
    providerReference: null,
  });

  /** The desk with two payments to give back, and the list shown. */
  async function openRefunds(locale: Locale = 'en_GB') {
    const view = renderApp('/backend/orders', locale, { loggedIn: adminCustomer(), refunds: [staffRefund(), late] });
    const name = { pl: 'Płatności do zwrotu (2)', de: 'Zurückzuzahlende Zahlungen (2)', en_GB: 'Payments to give back (2)' }[locale];
    const list = (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;
    return { ...view, list };
  }

  it('lists each payment with what came, through whom, and for which order', async () => {
    const { list, fake, user, router } = await openRefunds('pl');
    const items = within(list).getAllByRole('article');
    const [first, second] = [items[0] as HTMLElement, items[1] as HTMLElement];
    expect(items.map((item) => plain(within(item).getByRole('heading', { level: 3 }).textContent))).toEqual([
      '2477,00 zł za zamówienie SPA-7KM4-XQ9D',
      '640,50 zł za zamówienie SPA-AAAA-BBBB',
    ]);
    const facts = (item: HTMLElement) =>
      [...item.querySelectorAll('dt')].map((dt) => [dt.textContent, plain(dt.nextElementSibling?.textContent)]);
    expect(facts(first)).toEqual([
      ['Zapłacono przez', 'PayPal'],
      ['Transakcja u operatora', 'PP-5O190127TN364715T'],
      ['Wpłynęła', expect.stringMatching(/^20\.06\.2026 \d\d:\d\d$/)],
      ['Stan zamówienia', 'Opłacone'],
    ]);
    expect(facts(second)).toEqual([
      ['Zapłacono przez', 'Przelewy24'],
      ['Transakcja u operatora', 'nieznana'],
      ['Wpłynęła', expect.stringMatching(/^20\.06\.2026 /)],
      ['Stan zamówienia', 'Anulowane'],
    ]);
    expect(fake.requests.filter((r) => r.path === '/backend/refunds').map((r) => r.query.locale)).toEqual(['pl']);

    // Its order, on the desk.
    await user.click(within(second).getByRole('button', { name: 'Pokaż zamówienie SPA-AAAA-BBBB' }));
    await waitFor(() => expect(router.state.location.search).toBe('?code=SPA-AAAA-BBBB'));
  });

  it('marks a payment refunded with the refund’s reference, and takes it off the list', async () => {
    const { list, fake, user } = await openRefunds();
    const form = within(list).getByRole('form', { name: /^Mark .* for order SPA-7KM4-XQ9D refunded$/ });
    await user.click(within(form).getByRole('button', { name: 'Mark refunded' }));
    const field = within(form).getByLabelText('Refund reference from the provider’s panel');
    await waitFor(() => expect(errorOf(field)).toBe('Enter the refund’s reference.'));
    expect(marks(fake)).toEqual([]);

    await user.type(field, '  RF-2026-0001 ');
    await user.click(within(form).getByRole('button', { name: 'Mark refunded' }));
    const done = await screen.findByText('Marked refunded: the payment for order SPA-7KM4-XQ9D (reference RF-2026-0001).');
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(marks(fake)).toEqual([
      {
        method: 'PUT',
        path: '/backend/refunds/ord-7km4-2',
        query: { channel: 'web_pl', locale: 'en_GB' },
        body: { reference: 'RF-2026-0001' },
        marker: true,
      },
    ]);
    expect(fake.payment('ord-7km4-2')?.state).toBe('refunded');
    const heading = within(list).getByRole('heading', { level: 2, name: 'Payments to give back (1)' });
    expect(document.activeElement).toBe(heading);
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(toasts('Notifications').queryAllByRole('listitem')).toEqual([]);
  });

  it('sends one mark for a double click', async () => {
    const { list, fake, user } = await openRefunds();
    const form = within(list).getByRole('form', { name: /SPA-AAAA-BBBB/ });
    await user.type(within(form).getByLabelText('Refund reference from the provider’s panel'), 'RF-1');
    const release = fake.holdTransfers();
    const button = within(form).getByRole('button', { name: 'Mark refunded' });
    await user.dblClick(button);
    expect(marks(fake)).toHaveLength(1);
    release();
    expect(await screen.findByText(/^Marked refunded: the payment for order SPA-AAAA-BBBB/)).toBeTruthy();
    expect(marks(fake)).toHaveLength(1);
  });

  it('keeps a payment marked meanwhile with another reference, with the server’s word beside the field', async () => {
    const { list, fake, user } = await openRefunds('de');
    fake.refundElsewhere('ord-7km4-2', 'RF-OTHER');
    const form = within(list).getByRole('form', { name: /SPA-7KM4-XQ9D/ });
    const field = within(form).getByLabelText('Referenz der Rückzahlung aus dem Portal des Anbieters');
    await user.type(field, 'RF-1');
    await user.click(within(form).getByRole('button', { name: 'Als zurückgezahlt vermerken' }));
    await waitFor(() => expect(errorOf(field)).toBe('Die Rückzahlung dieser Zahlung ist bereits unter einer anderen Referenz vermerkt.'));
    expect(document.activeElement).toBe(field);
    expect(toasts('Benachrichtigungen').queryAllByRole('listitem')).toEqual([]);
  });

  it('says so when there is nothing to give back', async () => {
    renderApp('/backend/orders', 'pl', { loggedIn: adminCustomer() });
    expect(await screen.findByText('Nie ma płatności do zwrotu.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Płatności do zwrotu' })).toBeTruthy();
  });

  it('asks a visitor who is not logged in to log in once, before any lookup, and lists nothing', async () => {
    renderApp('/backend/orders', 'en_GB');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Log in with an administrator’s account to see orders.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: /Payments to give back/ })).toBeNull();
    expect(toasts('Notifications').queryAllByRole('listitem')).toEqual([]);
  });

  it('says the list failed to load, and shows it after “try again”', async () => {
    let fail = true;
    const { user } = renderApp('/backend/orders', 'en_GB', {
      loggedIn: adminCustomer(),
      refunds: [late],
      overrides: [
        http.get(apiPath('/backend/refunds'), () =>
          fail ? HttpResponse.json({ code: 'service_unavailable', message: 'Payments unavailable' }, { status: 503 }) : undefined,
        ),
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The payments to give back could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payments to give back (1)' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
