import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Notifications } from '@/components/ui/notifications';
import type { Locale } from '@/lib/i18n/locale';
import { createAccountServer, errorBody } from '@/testing/mocks/account-server';
import { cartItem, customer, packageLine, reservationLine } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderRoutes } from '@/testing/test-utils';
import type { PlacedOrder } from '@/types/api';

import { Profile } from './profile';

const PROFILE_URL: Record<Locale, string> = { pl: '/profil', de: '/profil', en_GB: '/en/profile' };

function renderProfile({
  orders = [],
  handlers = [],
  locale = 'en_GB',
  verified = false,
}: { orders?: PlacedOrder[]; handlers?: HttpHandler[]; locale?: Locale; verified?: boolean } = {}) {
  const fake = createAccountServer({ loggedIn: customer({ emailVerified: verified }), orders });
  server.use(...fake.handlers);
  server.use(...handlers);
  const view = renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <Profile />
            <Notifications />
          </>
        ),
      },
    ],
    PROFILE_URL[locale],
    { locale },
  );
  return { ...view, fake, user: userEvent.setup() };
}

function order(overrides: Partial<PlacedOrder> = {}): PlacedOrder {
  return {
    tokenValue: 'a'.repeat(32),
    bookingCode: 'SPA-AAAA-AAAA',
    checkoutState: 'completed',
    state: 'new',
    paymentState: 'awaiting_payment',
    paymentMethod: 'bank_transfer',
    totals: { total: 120000, vouchers: 0, shipping: 0, deposit: 36000, leftToPay: 84000, currency: 'PLN', base: null },
    dueNow: 36000,
    holdExpiresAt: null,
    email: 'ola.nowak@example.pl',
    locale: 'pl',
    createdAt: '2026-11-20T10:00:00Z',
    items: [],
    ...overrides,
  };
}

/** Upcoming: a lake-view room for 2 adults and a child, a package with it, the advance paid. */
const upcomingStay = () =>
  order({
    tokenValue: 'b'.repeat(32),
    bookingCode: 'SPA-7KM4-XQ9D',
    state: 'paid',
    paymentState: 'partially_paid',
    items: [
      reservationLine({
        id: 11,
        dateFrom: '2027-02-12',
        dateTo: '2027-02-14',
        days: 2,
        adults: 2,
        children: 1,
        babies: 0,
        childItems: [packageLine({ id: 12, quantity: 2 })],
      }),
    ],
  });

/** Sooner than the other one, paid in full partly with a gift voucher. */
const soonerStay = () =>
  order({
    tokenValue: 'c'.repeat(32),
    bookingCode: 'SPA-SOON-0001',
    state: 'paid',
    paymentState: 'paid',
    totals: { total: 80000, vouchers: 20000, shipping: 0, deposit: 60000, leftToPay: 0, currency: 'PLN', base: null },
    items: [reservationLine({ id: 21, dateFrom: '2026-12-04', dateTo: '2026-12-06', adults: null, children: null, babies: null })],
  });

const pastStay = () =>
  order({
    tokenValue: 'd'.repeat(32),
    bookingCode: 'SPA-PAST-0001',
    state: 'paid',
    paymentState: 'paid',
    items: [reservationLine({ id: 31, dateFrom: '2026-09-01', dateTo: '2026-09-03' })],
  });

const cancelledStay = () =>
  order({
    tokenValue: 'e'.repeat(32),
    bookingCode: 'SPA-CANC-0001',
    state: 'cancelled',
    paymentState: 'cancelled',
    items: [reservationLine({ id: 41, dateFrom: '2027-01-10', dateTo: '2027-01-12' })],
  });

const voucherOrder = () =>
  order({
    tokenValue: 'f'.repeat(32),
    bookingCode: 'SPA-VOUC-0001',
    items: [cartItem({ id: 51, type: 'voucher', code: 'GIFT_300', quantity: 1, product: null })],
  });

const bookingsSection = () => screen.findByRole('region', { name: 'Your bookings' });
const card = (name: string) => screen.findByRole('article', { name });
const amounts = (article: HTMLElement) =>
  [...article.querySelectorAll('.booking-card__amounts > div')].map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('dd')?.textContent?.replace(/\s/g, ' '),
  ]);

describe('MyBookings', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('lists upcoming stays first, soonest on top, under their own heading; past, cancelled and other orders after', async () => {
    renderProfile({ orders: [voucherOrder(), upcomingStay(), pastStay(), cancelledStay(), soonerStay()] });
    const section = await bookingsSection();
    await within(section).findByRole('article', { name: 'Booking SPA-7KM4-XQ9D' });

    const headings = within(section).getAllByRole('heading').map((h) => [h.tagName, h.textContent]);
    expect(headings).toEqual([
      ['H2', 'Your bookings'],
      ['H3', 'Upcoming stays'],
      ['H4', 'Booking SPA-SOON-0001'],
      ['H4', 'Booking SPA-7KM4-XQ9D'],
      ['H3', 'Past bookings and other orders'],
      ['H4', 'Booking SPA-VOUC-0001'],
      ['H4', 'Booking SPA-PAST-0001'],
      ['H4', 'Booking SPA-CANC-0001'],
    ]);
    const upcoming = within(section).getByRole('list', { name: 'Upcoming stays' });
    expect(within(upcoming).getAllByRole('article').map((a) => a.querySelector('h4')?.textContent)).toEqual([
      'Booking SPA-SOON-0001',
      'Booking SPA-7KM4-XQ9D',
    ]);
    expect(within(section).getByRole('list', { name: 'Past bookings and other orders' })).toBeTruthy();
  });

  it('shows a booking as a card: code, state in words, each stay with dates, nights and guests, the amounts and its page', async () => {
    renderProfile({ orders: [upcomingStay()] });
    const booking = await card('Booking SPA-7KM4-XQ9D');

    // The state is a word (read out with its label), not a colour alone.
    const state = booking.querySelector('.booking-state');
    expect(state?.textContent).toBe('Status: Advance paid');
    expect(state?.className).toContain('booking-state--partially_paid');
    expect(within(booking).getByText('Ordered on 20.11.2026')).toBeTruthy();

    const stays = within(booking).getByRole('list', { name: 'Stays' });
    const [stay] = within(stays).getAllByRole('listitem').filter((li) => li.parentElement === stays);
    expect(within(stay!).getByText('Pokój z widokiem na jezioro')).toBeTruthy();
    const facts = [...stay!.querySelectorAll('.booking-stay__facts > div')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(facts).toEqual([
      ['Dates', '12.02.2027 – 14.02.2027'],
      ['Nights', '2'],
      ['Guests', '2 adults, 1 child'],
    ]);
    const extras = within(stay!).getByRole('list', { name: 'Booked with the stay' });
    expect(within(extras).getByText('Romantyczny weekend we dwoje × 2')).toBeTruthy();

    expect(amounts(booking)).toEqual([
      ['Total', 'PLN 1,200.00'],
      ['Paid', 'PLN 360.00'],
      ['Left to pay', 'PLN 840.00'],
    ]);
    const link = within(booking).getByRole('link', { name: 'Payment and details of booking SPA-7KM4-XQ9D' });
    expect(link.getAttribute('href')).toBe(`/order/${'b'.repeat(32)}/pay`);
  });

  it('leaves out guests the order does not give, shows what gift vouchers paid and links a paid order to its details', async () => {
    renderProfile({ orders: [soonerStay()] });
    const booking = await card('Booking SPA-SOON-0001');
    expect(within(booking).queryByText('Guests')).toBeNull();
    expect(within(booking).getByText('Nights').nextElementSibling?.textContent).toBe('2');
    expect(amounts(booking)).toEqual([
      ['Total', 'PLN 800.00'],
      ['Paid with gift vouchers', 'PLN 200.00'],
      ['Paid', 'PLN 600.00'],
      ['Left to pay', 'PLN 0.00'],
    ]);
    expect(booking.querySelector('.booking-state')?.textContent).toBe('Status: Paid');
    const link = within(booking).getByRole('link', { name: 'Details of booking SPA-SOON-0001' });
    expect(link.getAttribute('href')).toBe(`/order/${'c'.repeat(32)}/pay`);
  });

  it('says a cancelled order owes nothing and lists an order without a stay by its items', async () => {
    renderProfile({ orders: [cancelledStay(), voucherOrder()] });
    const cancelled = await card('Booking SPA-CANC-0001');
    expect(cancelled.querySelector('.booking-state')?.textContent).toBe('Status: Cancelled');
    expect(amounts(cancelled).at(-1)).toEqual(['Left to pay', 'PLN 0.00']);

    const voucher = await card('Booking SPA-VOUC-0001');
    expect(within(voucher).queryByRole('list', { name: 'Stays' })).toBeNull();
    expect(within(within(voucher).getByRole('list', { name: 'Other items' })).getByText('GIFT_300 × 1')).toBeTruthy();
    expect(voucher.querySelector('.booking-state')?.textContent).toBe('Status: Awaiting payment');
  });

  it('speaks the page’s language: Polish states, plurals and money', async () => {
    renderProfile({ locale: 'pl', orders: [upcomingStay()] });
    const booking = await card('Rezerwacja SPA-7KM4-XQ9D');
    expect(booking.querySelector('.booking-state')?.textContent).toBe('Status: Zaliczka wpłacona');
    expect(within(booking).getByText('2 osoby dorosłe, 1 dziecko')).toBeTruthy();
    expect(amounts(booking)).toEqual([
      ['Razem', '1200,00 zł'],
      ['Zapłacono', '360,00 zł'],
      ['Pozostało do zapłaty', '840,00 zł'],
    ]);
    expect(screen.getByRole('heading', { level: 3, name: 'Nadchodzące pobyty' })).toBeTruthy();
  });

  it('speaks German too', async () => {
    renderProfile({ locale: 'de', orders: [upcomingStay()] });
    const booking = await card('Buchung SPA-7KM4-XQ9D');
    expect(booking.querySelector('.booking-state')?.textContent).toBe('Status: Anzahlung bezahlt');
    expect(within(booking).getByText('2 Erwachsene, 1 Kind')).toBeTruthy();
    expect(within(booking).getByRole('link', { name: 'Zahlung und Einzelheiten der Buchung SPA-7KM4-XQ9D' })).toBeTruthy();
  });

  it('says when there are no bookings and links to the room search', async () => {
    renderProfile();
    const section = await bookingsSection();
    expect(await within(section).findByText('No bookings yet.')).toBeTruthy();
    const search = within(section).getByRole('link', { name: 'Search for a room' });
    expect(search.getAttribute('href')).toBe('/en/reservation/search');
    expect(within(section).queryByRole('article')).toBeNull();
  });

  it('says the bookings are loading', async () => {
    renderProfile({
      handlers: [
        http.get(apiPath('/me/orders'), async () => {
          await delay('infinite');
          return HttpResponse.json({ items: [] });
        }),
      ],
    });
    const section = await bookingsSection();
    expect(within(section).getByRole('status').textContent).toContain('Loading your bookings…');
  });

  it('says the bookings could not be loaded and loads them again on request', async () => {
    let fail = true;
    const { user } = renderProfile({
      orders: [upcomingStay()],
      handlers: [
        http.get(apiPath('/me/orders'), () =>
          fail
            ? HttpResponse.json(errorBody('service_unavailable', 'Unavailable'), { status: 503 })
            : HttpResponse.json({ items: [upcomingStay()] }),
        ),
      ],
    });
    const section = await bookingsSection();
    expect(await within(section).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Your bookings could not be loaded.'));
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('article', { name: 'Booking SPA-7KM4-XQ9D' })).toBeTruthy();
  });

  it('styles through classes only: the page’s CSP drops inline styles', async () => {
    const { container } = renderProfile({ orders: [upcomingStay(), soonerStay(), cancelledStay(), voucherOrder()] });
    await card('Booking SPA-7KM4-XQ9D');
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
  });
});

describe('GuestOrdersNote', () => {
  it('says guest orders with the same e-mail appear once it is confirmed, and sends the confirmation link again', async () => {
    const { user, fake } = renderProfile();
    const section = await bookingsSection();
    expect(
      within(section).getByText(
        'Bookings made while logged in appear here. Orders placed as a guest with ola.nowak@example.pl appear here too once the e-mail address is confirmed.',
      ),
    ).toBeTruthy();
    expect(
      within(section).getByText('Your e-mail address is not confirmed yet. Open the link we sent to ola.nowak@example.pl, or ask for a new one.'),
    ).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Send the confirmation link again' }));
    const sent = await within(section).findByText(
      'If this address belongs to an account that is not confirmed yet, we have sent a new link to it.',
    );
    expect(sent.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(sent));
    expect(fake.requests.filter((r) => r.path === '/verify-account')).toEqual([
      { method: 'POST', path: '/verify-account', body: { email: 'ola.nowak@example.pl' }, marker: expect.any(Boolean) as boolean },
    ]);
    expect(within(section).queryByRole('button', { name: 'Send the confirmation link again' })).toBeNull();
  });

  it('offers no confirmation link once the address is confirmed', async () => {
    renderProfile({ verified: true });
    const section = await bookingsSection();
    expect(
      within(section).getByText('Bookings made while logged in and orders placed as a guest with ola.nowak@example.pl appear here.'),
    ).toBeTruthy();
    expect(within(section).queryByText(/not confirmed yet/)).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Send the confirmation link again' })).toBeNull();
  });

  it('says beside the button why the server refused the address', async () => {
    const { user } = renderProfile({
      handlers: [
        http.post(apiPath('/verify-account'), () =>
          HttpResponse.json(errorBody('invalid_email', 'Invalid', { email: 'Enter a valid e-mail address.' }), { status: 422 }),
        ),
      ],
    });
    const section = await bookingsSection();
    await user.click(within(section).getByRole('button', { name: 'Send the confirmation link again' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('Enter a valid e-mail address.');
    expect(within(section).getByRole('button', { name: 'Send the confirmation link again' })).toBeTruthy();
  });

  it.each([
    ['pl', 'Wyślij ponownie link potwierdzający', /pojawią się tu, gdy ten adres e-mail zostanie potwierdzony/],
    ['de', 'Bestätigungslink erneut senden', /erscheinen hier, sobald diese E-Mail-Adresse bestätigt ist/],
  ] as const)('is said in %s', async (locale, button, sentence) => {
    renderProfile({ locale });
    expect(await screen.findByRole('button', { name: button })).toBeTruthy();
    expect(screen.getByText(sentence)).toBeTruthy();
  });
});
