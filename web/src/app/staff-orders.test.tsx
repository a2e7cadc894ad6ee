import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { customer, packageDetails, packageLine, reservationLine } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { adminCustomer, createStaffServer, receptionCustomer, staffOrder, staffRefund } from '@/testing/mocks/staff-server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { Customer, OrderMail, Refund, StaffOrder } from '@/types/api';

import { createRoutes } from './router';

// The back office's code, loaded once before the tests (the first lazy load takes a while in tests).
beforeAll(() => import('./routes/staff'));

const CODE = 'SPA-7KM4-XQ9D';

type Options = {
  loggedIn?: Customer;
  orders?: StaffOrder[];
  refunds?: Refund[];
  sentMails?: Record<string, OrderMail[]>;
  overrides?: HttpHandler[];
};

/** The app at `url` over the fake staff server; `overrides` answer before it. */
function renderApp(url: string, locale: Locale, { loggedIn, orders, refunds, sentMails, overrides = [] }: Options = {}) {
  const fake = createStaffServer({ loggedIn, orders, refunds, sentMails });
  server.use(...fake.handlers);
  if (overrides.length > 0) server.use(...overrides);
  const queryClient = createTestQueryClient();
  return { ...renderRoutes(createRoutes(locale, queryClient), url, { locale, queryClient }), fake, user: userEvent.setup() };
}

// Intl puts (narrow) no-break spaces into formatted amounts.
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const toasts = (name = 'Powiadomienia') => within(screen.getByRole('region', { name }));
const orderCalls = (fake: ReturnType<typeof createStaffServer>) =>
  fake.requests.filter((r) => r.path.startsWith('/backend/orders') && !r.path.endsWith('/mails'));
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
    expect(fact('Otrzymano')).toBe('0,00 zł');
    expect(fact('Do zapłaty')).toBe('2477,00 zł');
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

    // No payment yet; the form to record money, prefilled with what is open.
    expect(screen.getByText('Nie zapisano jeszcze żadnej płatności.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Zapisz otrzymaną wpłatę' });
    expect(within(form).getByLabelText<HTMLInputElement>('Kwota').value).toBe('2477,00');
    expect(within(form).getByLabelText<HTMLSelectElement>('Sposób').value).toBe('bank_transfer');
    expect(within(form).getByLabelText<HTMLInputElement>('Numer lub tytuł (wyciąg, paragon, terminal)').value).toBe('');
    expect(within(screen.getByRole('region', { name: 'Historia' })).getAllByRole('listitem')).toHaveLength(1);
    expect(toasts().queryAllByRole('listitem')).toEqual([]);

    // Back: no code, no order, and the field follows.
    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: `Zamówienie ${CODE}` })).toBeNull());
    // react-hook-form takes new `values` in an effect after the render that
    // drops the order, so the field follows a commit later.
    await waitFor(() => expect(within(search).getByLabelText<HTMLInputElement>('Kod rezerwacji').value).toBe(''));
    expect(document.title).toBe('Zamówienia | Pensjonat Spa & Wellness');
  });

  it('lets a receptionist record money; no money to give back is listed', async () => {
    const { fake } = await openOrder('en_GB', { loggedIn: receptionCustomer() });
    expect(screen.getByRole('form', { name: 'Record money received' })).toBeTruthy();
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
    expect(fact('Still to pay')).toBe('PLN 0.00');
  });

  it('records a part, then the rest by card, each once with its own key, and shows who recorded it', async () => {
    const { fake, user } = await openOrder();
    const form = screen.getByRole('form', { name: 'Zapisz otrzymaną wpłatę' });
    const amount = within(form).getByLabelText('Kwota');
    const reference = within(form).getByLabelText('Numer lub tytuł (wyciąg, paragon, terminal)');
    await user.clear(amount);
    await user.type(amount, '500 zł');
    await user.selectOptions(within(form).getByLabelText('Sposób'), 'cash');
    await user.type(reference, '  KP/1/2026 ');
    await user.click(within(form).getByRole('button', { name: 'Zapisz wpłatę' }));

    const status = await screen.findByText(`Zapisano wpłatę 500,00 zł dla zamówienia ${CODE}.`);
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(fact('Płatność')).toBe('Opłacone częściowo');
    expect(fact('Do zapłaty')).toBe('1977,00 zł');
    // The form again, for the rest: what is open prefilled, the reference empty.
    await waitFor(() => expect(within(form).getByLabelText<HTMLInputElement>('Kwota').value).toBe('1977,00'));
    expect(within(form).getByLabelText<HTMLInputElement>('Numer lub tytuł (wyciąg, paragon, terminal)').value).toBe('');
    await user.selectOptions(within(form).getByLabelText('Sposób'), 'card_terminal');
    await user.type(within(form).getByLabelText('Numer lub tytuł (wyciąg, paragon, terminal)'), 'TERM 42');
    await user.click(within(form).getByRole('button', { name: 'Zapisz wpłatę' }));
    await screen.findByText(`Zapisano wpłatę 1977,00 zł dla zamówienia ${CODE}.`);
    expect(fact('Płatność')).toBe('Opłacone w całości');

    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, r.body, r.marker])).toEqual([
      [`/backend/orders/${CODE}/payments`, { amount: 50000, method: 'cash', reference: 'KP/1/2026' }, true],
      [`/backend/orders/${CODE}/payments`, { amount: 197700, method: 'card_terminal', reference: 'TERM 42' }, true],
    ]);
    const rows = within(screen.getByRole('table', { name: 'Płatności' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => plain(row.children[1]?.textContent) + ' ' + plain(row.children[2]?.textContent))).toEqual([
      'Gotówka 500,00 zł',
      'Terminal płatniczy 1977,00 zł',
    ]);
    expect(plain(rows[0]?.children[5]?.textContent)).toContain('recepcja@example.pl');
    const history = within(screen.getByRole('region', { name: 'Historia' })).getAllByRole('listitem');
    expect(plain(history[1]?.textContent)).toContain('Wpłata zapisana · 500,00 zł · KP/1/2026 · recepcja@example.pl');
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('sends one payment for a double click, the button busy meanwhile', async () => {
    const { fake, user } = await openOrder();
    const release = fake.holdTransfers();
    const form = screen.getByRole('form', { name: 'Zapisz otrzymaną wpłatę' });
    await user.type(within(form).getByLabelText('Numer lub tytuł (wyciąg, paragon, terminal)'), 'R-1');
    await user.dblClick(within(form).getByRole('button', { name: 'Zapisz wpłatę' }));
    const busy = await within(form).findByRole('button', { name: 'Zapisujemy…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await user.click(busy);

    release();
    expect(await screen.findByText(`Zapisano wpłatę 2477,00 zł dla zamówienia ${CODE}.`)).toBeTruthy();
    expect(transfers(fake)).toHaveLength(1);
  });

  it('reverses a wrong record with a reason, keeping both records', async () => {
    const { fake, user } = await openOrder('en_GB');
    const form = screen.getByRole('form', { name: 'Record money received' });
    await user.type(within(form).getByLabelText('Reference (statement, receipt, terminal)'), 'WRONG 1');
    await user.click(within(form).getByRole('button', { name: 'Record the payment' }));
    await screen.findByText(`Payment of PLN 2,477.00 recorded for order ${CODE}.`);

    await user.click(screen.getByRole('button', { name: /^Reverse PLN.2,477\.00$/ }));
    const reversal = screen.getByRole('form', { name: /^Reversing the payment of PLN.2,477\.00 \(WRONG 1\)$/ });
    await user.click(within(reversal).getByRole('button', { name: 'Reverse the payment' }));
    expect(errorOf(within(reversal).getByLabelText('Why it is reversed'))).toBe('Say why it is reversed.');
    await user.type(within(reversal).getByLabelText('Why it is reversed'), 'another guest’s transfer');
    await user.click(within(reversal).getByRole('button', { name: 'Reverse the payment' }));

    await screen.findByText('The payment of PLN 2,477.00 was reversed.');
    expect(fact('Payment')).toBe('Awaiting payment');
    expect(fact('Still to pay')).toBe('PLN 2,477.00');
    const last = fake.requests.filter((r) => r.method === 'POST').at(-1);
    expect(last?.body).toEqual({ amount: 247700, method: 'bank_transfer', reference: 'another guest’s transfer', reverses: 'pay-1' });
    expect(within(screen.getByRole('table', { name: 'Payments' })).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^Reverse PLN/ })).toBeNull();
  });

  it('says in an alert that the order was cancelled meanwhile, in the server’s words, and shows it as it is now', async () => {
    const { fake, user } = await openOrder();
    const order = fake.order(CODE);
    if (order) Object.assign(order, { state: 'cancelled', paymentState: 'cancelled', open: 0 });
    const form = screen.getByRole('form', { name: 'Zapisz otrzymaną wpłatę' });
    await user.type(within(form).getByLabelText('Numer lub tytuł (wyciąg, paragon, terminal)'), 'R-2');
    await user.click(within(form).getByRole('button', { name: 'Zapisz wpłatę' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nie zapisano.');
    expect(alert.textContent).toContain('To zamówienie zostało anulowane');
    await waitFor(() => expect(fact('Stan zamówienia')).toBe('Anulowane'));
    expect(screen.queryByRole('form', { name: 'Zapisz otrzymaną wpłatę' })).toBeNull();
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('checks the fields before sending anything', async () => {
    const { fake, user } = await openOrder();
    const form = screen.getByRole('form', { name: 'Zapisz otrzymaną wpłatę' });
    const amount = within(form).getByLabelText('Kwota');
    await user.clear(amount);
    await user.click(within(form).getByRole('button', { name: 'Zapisz wpłatę' }));
    await waitFor(() => expect(errorOf(amount)).toBe('Podaj otrzymaną kwotę.'));
    expect(errorOf(within(form).getByLabelText('Numer lub tytuł (wyciąg, paragon, terminal)'))).toBe('Podaj numer lub tytuł wpłaty.');
    await user.type(amount, 'dużo');
    await user.click(within(form).getByRole('button', { name: 'Zapisz wpłatę' }));
    await waitFor(() => expect(errorOf(amount)).not.toBe('Podaj otrzymaną kwotę.'));
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows the cancellation’s quote before confirming, and cancels with the fee lowered', async () => {
    const { fake, user } = await openOrder('en_GB');
    const form = screen.getByRole('form', { name: 'Record money received' });
    await user.type(within(form).getByLabelText('Reference (statement, receipt, terminal)'), 'T-1');
    await user.click(within(form).getByRole('button', { name: 'Record the payment' }));
    await screen.findByText(`Payment of PLN 2,477.00 recorded for order ${CODE}.`);
    fake.setCancellationFee(32400);

    await user.click(screen.getByRole('button', { name: 'Cancel the booking…' }));
    const cancel = await screen.findByRole('form', { name: 'Cancelling the booking' });
    expect(within(cancel).getByText(/^Free until/).textContent).toBe('Free until 15.06.2026 (14 days before arrival), then 30% of the stay.');
    expect(plain(within(cancel).getByText('Fee by the terms').nextElementSibling?.textContent)).toBe('PLN 324.00');
    expect(plain(within(cancel).getByText('To give back').nextElementSibling?.textContent)).toBe('PLN 2,153.00');
    const fee = within(cancel).getByLabelText<HTMLInputElement>('Fee to keep');
    expect(fee.value).toBe('324.00');
    await user.clear(fee);
    await user.type(fee, '400');
    await user.click(within(cancel).getByRole('button', { name: 'Cancel the booking' }));
    expect(plain(errorOf(fee))).toBe('Enter an amount from 0 to PLN 324.00.');
    await user.clear(fee);
    await user.type(fee, '100');
    await user.click(within(cancel).getByRole('button', { name: 'Cancel the booking' }));

    await screen.findByText(`Booking ${CODE} cancelled; its nights are on sale again and the guest is e-mailed.`);
    expect(fact('Order state')).toBe('Cancelled');
    expect(fact('Cancellation fee')).toBe('PLN 100.00');
    const last = fake.requests.filter((r) => r.method === 'POST').at(-1);
    expect([last?.path, last?.body]).toEqual([`/backend/orders/${CODE}/cancellation`, { version: 1, fee: 10000 }]);
    expect(screen.queryByRole('button', { name: 'Cancel the booking…' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Record money received' })).toBeNull();
  });

  it('says when someone changed the order since the quote, and quotes afresh', async () => {
    const { fake, user } = await openOrder('en_GB');
    await user.click(screen.getByRole('button', { name: 'Cancel the booking…' }));
    const cancel = await screen.findByRole('form', { name: 'Cancelling the booking' });
    fake.changeElsewhere(CODE);
    await user.click(within(cancel).getByRole('button', { name: 'Cancel the booking' }));
    const alert = await within(cancel).findByRole('alert');
    expect(alert.textContent).toContain('Not cancelled.');
    expect(fake.order(CODE)?.state).toBe('new');
    await waitFor(() => expect(fake.requests.filter((r) => r.path.endsWith('/cancellation') && r.method === 'GET')).toHaveLength(2));
    await user.click(within(cancel).getByRole('button', { name: 'Cancel the booking' }));
    await screen.findByText(`Booking ${CODE} cancelled; its nights are on sale again and the guest is e-mailed.`);
  });

  it('prices a stay’s new dates first, then moves it; a night taken or a change meanwhile is said in place', async () => {
    const stay = reservationLine({ id: 1, dateFrom: '2099-07-10', dateTo: '2099-07-13', total: 150000 });
    const { fake, user } = await openOrder('en_GB', { loggedIn: receptionCustomer(), orders: [staffOrder({ items: [stay] })] });
    await user.click(screen.getByRole('button', { name: 'Change the stay in Pokój z widokiem na jezioro…' }));
    const form = await screen.findByRole('form', { name: 'Changing the stay in Pokój z widokiem na jezioro' });
    expect(within(form).getByLabelText<HTMLInputElement>('Check-in').value).toBe('2099-07-10');
    expect(within(form).getByLabelText<HTMLSelectElement>('Adults').value).toBe('2');
    await waitFor(() => expect(within(form).getAllByRole('option', { name: 'Apartament Spa' })).toHaveLength(1));
    fireEvent.change(within(form).getByLabelText('Check-out'), { target: { value: '2099-07-14' } });

    fake.takeNight('2099-07-13');
    await user.click(within(form).getByRole('button', { name: 'Check availability and price' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Not changed.');
    expect(alert.textContent).toContain('This room has just been booked for the chosen dates.');
    expect(fake.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    fake.takeNight(null);
    await user.click(within(form).getByRole('button', { name: 'Check availability and price' }));
    await within(form).findByText('Difference');
    const quoted = (label: string) => plain(within(form).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent);
    expect([quoted('Before the change'), quoted('After the change'), quoted('Difference')]).toEqual([
      'PLN 1,500.00',
      'PLN 2,000.00',
      'PLN 500.00',
    ]);
    await user.click(within(form).getByRole('button', { name: 'Change the stay' }));
    await screen.findByText(`The stay of booking ${CODE} changed; the guest is e-mailed the updated confirmation.`);
    const put = fake.requests.filter((r) => r.method === 'PUT');
    expect([put[0]?.path, put[0]?.body]).toEqual([
      `/backend/orders/${CODE}/items/1/stay`,
      { roomCode: 'ROOM_LAKE', checkIn: '2099-07-10', checkOut: '2099-07-14', adults: 2, children: 0, babies: 0, version: 0 },
    ]);
    expect(screen.getByText(/Stay changed/)).toBeTruthy();

    // Someone changed the order between the check and the move: told, nothing moved.
    await user.click(screen.getByRole('button', { name: 'Change the stay in Pokój z widokiem na jezioro…' }));
    const again = await screen.findByRole('form', { name: 'Changing the stay in Pokój z widokiem na jezioro' });
    fireEvent.change(within(again).getByLabelText('Check-in'), { target: { value: '2099-07-11' } });
    await user.click(within(again).getByRole('button', { name: 'Check availability and price' }));
    await within(again).findByText('Difference');
    fake.changeElsewhere(CODE);
    await user.click(within(again).getByRole('button', { name: 'Change the stay' }));
    expect((await within(again).findByRole('alert')).textContent).toContain('Someone changed this order meanwhile');
    expect(fake.order(CODE)?.items[0]?.dateFrom).toBe('2099-07-10');
    expect(within(again).getByRole('button', { name: 'Check availability and price' })).toBeTruthy();
  });

  it('lists the e-mails the order sent: sent, waiting, or failing and why', async () => {
    const mail = (overrides: Partial<OrderMail>): OrderMail => ({
      recipient: 'ola.nowak@example.pl',
      subject: `Your booking ${CODE}`,
      queuedAt: '2026-06-20T10:00:00Z',
      sentAt: null,
      attempts: 0,
      lastError: null,
      ...overrides,
    });
    await openOrder('en_GB', {
      loggedIn: receptionCustomer(),
      sentMails: {
        [CODE]: [
          mail({ sentAt: '2026-06-20T10:01:00Z' }),
          mail({ recipient: 'recepcja@spa.example', subject: `New booking ${CODE}` }),
          mail({ subject: `Payment received ${CODE}`, attempts: 2, lastError: 'connection refused' }),
        ],
      },
    });
    const section = await screen.findByRole('region', { name: 'E-mails' });
    const items = await within(section).findAllByRole('listitem');
    // Times in the test machine's zone: any hour and minute.
    const texts = items.map((item) => plain(item.textContent).replace(/\d\d:\d\d/g, 'hh:mm'));
    expect(texts).toEqual([
      `20.06.2026 hh:mm · ola.nowak@example.pl · Your booking ${CODE} · sent 20.06.2026 hh:mm`,
      `20.06.2026 hh:mm · recepcja@spa.example · New booking ${CODE} · waiting to be sent`,
      `20.06.2026 hh:mm · ola.nowak@example.pl · Payment received ${CODE} · not sent yet: 2 failed attempts (connection refused); tried again later`,
    ]);
  });

  it('says when the order sent no e-mail yet', async () => {
    await openOrder('en_GB', { loggedIn: receptionCustomer() });
    const section = await screen.findByRole('region', { name: 'E-mails' });
    expect(await within(section).findByText('No e-mails yet.')).toBeTruthy();
  });

  it('changes a booked package’s treatments: the package’s own and its suggestions, priced first', async () => {
    const stay = reservationLine({ id: 1, dateFrom: '2099-07-10', dateTo: '2099-07-13', total: 150000, childItems: [packageLine({ id: 2, quantity: 2, total: 30000 })] });
    const product = http.get(apiPath('/products/:code'), () => HttpResponse.json(packageDetails()));
    const { fake, user } = await openOrder('en_GB', { loggedIn: receptionCustomer(), orders: [staffOrder({ items: [stay] })], overrides: [product] });
    await user.click(screen.getByRole('button', { name: /^Change the treatments of / }));
    const form = await screen.findByRole('form', { name: /^Treatments of / });
    const hotStone = await within(form).findByLabelText<HTMLInputElement>('Masaż gorącymi kamieniami');
    expect(hotStone.value).toBe('0');
    expect(within(form).getByLabelText<HTMLInputElement>('Masaż aromaterapeutyczny').value).toBe('1');
    await user.clear(hotStone);
    await user.type(hotStone, '1');
    await user.click(within(form).getByRole('button', { name: 'Check the price' }));
    await within(form).findByText('Difference');
    const quoted = (label: string) => plain(within(form).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent);
    expect([quoted('Before the change'), quoted('After the change'), quoted('Difference')]).toEqual(['PLN 300.00', 'PLN 400.00', 'PLN 100.00']);
    await user.click(within(form).getByRole('button', { name: 'Change the treatments' }));
    await screen.findByText(`The treatments of booking ${CODE} changed; the guest is e-mailed the updated confirmation.`);
    const put = fake.requests.filter((r) => r.method === 'PUT').at(-1);
    expect([put?.path, put?.body]).toEqual([
      `/backend/orders/${CODE}/items/2/treatments`,
      {
        version: 0,
        treatments: [
          { code: 'TR_AROMATHERAPY_MASSAGE', quantity: 1 },
          { code: 'TR_HERBAL_BATH', quantity: 1 },
          { code: 'TR_SAUNA_RITUAL', quantity: 1 },
          { code: 'TR_HOT_STONE', quantity: 1 },
        ],
      },
    ]);
    expect(screen.getByText(/Treatments changed/)).toBeTruthy();
  });

  it('says the package’s rules refused the treatments, in place', async () => {
    const stay = reservationLine({ id: 1, dateFrom: '2099-07-10', dateTo: '2099-07-13', childItems: [packageLine({ id: 2, quantity: 2 })] });
    const product = http.get(apiPath('/products/:code'), () => HttpResponse.json(packageDetails()));
    const { fake, user } = await openOrder('en_GB', { loggedIn: receptionCustomer(), orders: [staffOrder({ items: [stay] })], overrides: [product] });
    await user.click(screen.getByRole('button', { name: /^Change the treatments of / }));
    const form = await screen.findByRole('form', { name: /^Treatments of / });
    for (const name of ['Masaż aromaterapeutyczny', 'Kąpiel ziołowa', 'Ceremonia saunowa']) {
      await user.clear(await within(form).findByLabelText(name));
      await user.type(within(form).getByLabelText(name), '0');
    }
    await user.click(within(form).getByRole('button', { name: 'Check the price' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Not changed.');
    expect(fake.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
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
    expect(alert.textContent).toContain('Zaloguj się kontem recepcji albo administratora, aby zobaczyć zamówienia.');
    expect(within(alert).getByRole('link', { name: 'Zaloguj się' }).getAttribute('href')).toBe(
      `/logowanie?return=%2Fbackend%2Forders%3Fcode%3D${CODE}`,
    );
    expect(screen.queryByRole('heading', { name: `Zamówienie ${CODE}` })).toBeNull();
    expect(orderCalls(fake)).toHaveLength(1);
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('tells a customer who is not at the front desk that only the front desk sees orders', async () => {
    renderApp(`/backend/orders?code=${CODE}`, 'en_GB', { loggedIn: customer({ roles: ['customer', 'editor'] }) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Only the front desk and administrators can see orders.');
    expect(within(alert).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('heading', { name: `Order ${CODE}` })).toBeNull();
    expect(toasts('Notifications').queryAllByRole('listitem')).toEqual([]);
  });

  it('asks for a login when the session ended before the payment', async () => {
    const { fake, user } = await openOrder();
    fake.logOut();
    const form = screen.getByRole('form', { name: 'Zapisz otrzymaną wpłatę' });
    await user.type(within(form).getByLabelText('Numer lub tytuł (wyciąg, paragon, terminal)'), 'R-1');
    await user.click(within(form).getByRole('button', { name: 'Zapisz wpłatę' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Zaloguj się kontem recepcji albo administratora');
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
    expect(alert.textContent).toContain('Log in with a reception or administrator account to see orders.');
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
