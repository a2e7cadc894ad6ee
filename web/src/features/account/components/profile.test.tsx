import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';

import { Notifications } from '@/components/ui/notifications';
import { meKeys } from '@/lib/api/get-me';
import { createAccountServer, errorBody } from '@/testing/mocks/account-server';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderRoutes } from '@/testing/test-utils';
import type { Customer, PlacedOrder } from '@/types/api';

import { Profile } from './profile';

function renderProfile({
  loggedIn = customer(),
  handlers = [],
  orders = [],
}: { loggedIn?: Customer | null; handlers?: HttpHandler[]; orders?: PlacedOrder[] } = {}) {
  const fake = createAccountServer({ loggedIn: loggedIn ?? undefined, orders });
  // Later handlers win: a test's own answers over the fake's.
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
    '/en/profile',
    { locale: 'en_GB' },
  );
  return { ...view, fake, user: userEvent.setup() };
}

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
const section = (name: string) => screen.findByRole('region', { name });
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.className === 'field__error')?.textContent ?? null;

/** A stay with its advance paid, as GET /me/orders answers it. */
function advancePaidOrder(): PlacedOrder {
  const totals = { total: 120000, vouchers: 0, shipping: 0, deposit: 36000, leftToPay: 84000, currency: 'PLN', base: null };
  return {
    tokenValue: 'b'.repeat(32),
    bookingCode: 'SPA-7KM4-XQ9D',
    checkoutState: 'completed',
    state: 'paid',
    paymentState: 'partially_paid',
    paymentMethod: 'przelewy24',
    totals,
    dueNow: 36000,
    holdExpiresAt: null,
    email: 'ola.nowak@example.pl',
    locale: 'pl',
    createdAt: '2026-11-20T10:00:00Z',
    items: [
      {
        id: 1,
        type: 'reservation',
        quantity: 1,
        minQuantity: 1,
        maxQuantity: 1,
        total: 120000,
        price: { current: 120000, original: 120000, currency: 'PLN' },
        code: 'ROOM_STANDARD_DOUBLE',
        variantCode: 'ROOM_STANDARD_DOUBLE',
        isAvailable: true,
        product: null,
        adults: 2,
        children: 0,
        babies: 0,
        dateFrom: '2027-02-12',
        dateTo: '2027-02-14',
        days: 2,
        treatments: null,
        priceOption: null,
        voucher: null,
        childItems: [],
      },
    ],
  };
}

describe('Profile', () => {
  it('lists the customer’s bookings with their state, stay and what is left to pay', async () => {
    renderProfile({ orders: [advancePaidOrder()] });
    const bookings = await section('Your bookings');
    const order = await within(bookings).findByRole('article', { name: 'Booking SPA-7KM4-XQ9D' });
    expect(within(order).getByText(/Advance paid/)).toBeTruthy();
    expect(within(order).getByText('ROOM_STANDARD_DOUBLE')).toBeTruthy();
    expect(within(order).getByText('12.02.2027 – 14.02.2027')).toBeTruthy();
    const amounts = [...order.querySelectorAll('.booking-card__amounts dd')].map((d) => d.textContent?.replace(/\s/g, ' '));
    expect(amounts).toEqual(['PLN 1,200.00', 'PLN 360.00', 'PLN 840.00']);
    const link = within(order).getByRole('link', { name: 'Payment and details of booking SPA-7KM4-XQ9D' });
    expect(link.getAttribute('href')).toBe(`/order/${'b'.repeat(32)}/pay`);
  });

  it('shows the customer’s details, the password form, an honest bookings section and logout', async () => {
    renderProfile();
    expect(await screen.findByText('Welcome, Ola!')).toBeTruthy();
    const details = await section('Your details');
    expect(within(details).getByText('ola.nowak@example.pl')).toBeTruthy();
    expect(within(details).getByLabelText<HTMLInputElement>('First name').value).toBe('Ola');
    expect(within(details).getByLabelText<HTMLInputElement>('Last name').value).toBe('Nowak');
    expect(within(details).getByLabelText<HTMLInputElement>('Phone (optional)').value).toBe('+48 600 100 200');
    expect(within(await section('Change password')).getByLabelText('Current password')).toBeTruthy();
    const bookings = await section('Your bookings');
    expect(within(bookings).getByText(/orders placed as a guest with ola\.nowak@example\.pl appear here\./)).toBeTruthy();
    expect(await within(bookings).findByText('No bookings yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('saves the names and phone with the script marker and keeps the server’s answer', async () => {
    const { user, fake, queryClient } = renderProfile();
    const details = await section('Your details');
    const phone = await within(details).findByLabelText('Phone (optional)');
    await user.clear(within(details).getByLabelText('First name'));
    await user.type(within(details).getByLabelText('First name'), 'Aleksandra');
    await user.clear(phone);
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));

    expect(await toasts().findByText('Your changes have been saved.')).toBeTruthy();
    expect(fake.requests.at(-1)).toEqual({
      method: 'PUT',
      path: '/me',
      body: { firstName: 'Aleksandra', lastName: 'Nowak', phone: '' },
      marker: true,
    });
    expect(queryClient.getQueryData(meKeys.me)).toMatchObject({ firstName: 'Aleksandra', phone: '' });
    expect(screen.getByText('Welcome, Aleksandra!')).toBeTruthy();
  });

  it('checks the details before sending and shows the server’s field errors beside their fields', async () => {
    const { user, fake } = renderProfile();
    const details = await section('Your details');
    const lastName = await within(details).findByLabelText('Last name');
    await user.clear(lastName);
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(errorOf(lastName)).toBe('This field is required.');
    expect(document.activeElement).toBe(lastName);
    expect(fake.requests.filter((r) => r.method === 'PUT')).toEqual([]);

    server.use(
      http.put(apiPath('/me'), () =>
        HttpResponse.json(errorBody('invalid_request', 'The request is not valid.', { lastName: 'This value is not valid.' }), {
          status: 400,
        }),
      ),
    );
    await user.type(lastName, 'Nowak');
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(errorOf(lastName)).toBe('This value is not valid.'));
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('changes the password: the rule checked first, a wrong current password said beside it', async () => {
    const { user, fake } = renderProfile();
    const form = await section('Change password');
    const current = await within(form).findByLabelText('Current password');
    const next = within(form).getByLabelText('New password');

    await user.type(current, 'not my password');
    await user.type(next, 'ola.nowak');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(errorOf(next)).toBe('The password must be 10 to 128 characters long.');
    await user.clear(next);
    await user.type(next, 'OLA.NOWAK@EXAMPLE.PL');
    expect(errorOf(next)).toBe('The password must not be your e-mail address.');
    expect(fake.requests.filter((r) => r.path === '/me/password')).toEqual([]);

    await user.clear(next);
    await user.type(next, 'a brand new secret');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(errorOf(current)).toBe('This is not your current password.'));
    expect(document.activeElement).toBe(current);

    await user.clear(current);
    await user.type(current, 'stare hasło 123');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await toasts().findByText('Your password has been changed.')).toBeTruthy();
    expect(fake.requests.filter((r) => r.path === '/me/password').at(-1)).toEqual({
      method: 'PUT',
      path: '/me/password',
      body: { currentPassword: 'stare hasło 123', newPassword: 'a brand new secret' },
      marker: true,
    });
    expect((current as HTMLInputElement).value).toBe('');
    expect((next as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s rule for a new password (sent as `password`) beside the new password', async () => {
    const { user } = renderProfile();
    server.use(
      http.put(apiPath('/me/password'), () =>
        HttpResponse.json(
          errorBody('weak_password', 'Choose a password…', { password: 'Choose a longer or more varied password.' }),
          { status: 422 },
        ),
      ),
    );
    const form = await section('Change password');
    await user.type(await within(form).findByLabelText('Current password'), 'stare hasło 123');
    await user.type(within(form).getByLabelText('New password'), 'a brand new secret');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(errorOf(within(form).getByLabelText('New password'))).toBe('Choose a longer or more varied password.'));
  });

  it('logs out with the script marker, forgets the customer and goes home', async () => {
    const { user, fake, router, queryClient } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect(fake.requests.at(-1)).toEqual({ method: 'POST', path: '/logout', body: undefined, marker: true });
    expect(queryClient.getQueryData(meKeys.me)).toBeNull();
    expect(toasts().getByText('Logged out')).toBeTruthy();
  });

  it('never shows the bookings of the customer who logged out to the next one', async () => {
    const { user, fake } = renderProfile({ orders: [advancePaidOrder()] });
    expect(await within(await section('Your bookings')).findByRole('article', { name: 'Booking SPA-7KM4-XQ9D' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Log in to see your account.')).toBeTruthy();

    fake.addAccount(customer({ email: 'jan.kowalski@example.pl', firstName: 'Jan' }), 'correct horse battery');
    server.use(http.get(apiPath('/me/orders'), () => HttpResponse.json({ items: [] })));
    await user.type(screen.getByLabelText('E-mail address'), 'jan.kowalski@example.pl');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Welcome, Jan!')).toBeTruthy();
    const bookings = await section('Your bookings');
    expect(await within(bookings).findByText('No bookings yet.')).toBeTruthy();
    expect(within(bookings).queryByRole('article')).toBeNull();
  });

  it('offers the login form when nobody is logged in, then shows the account', async () => {
    const { user, fake } = renderProfile({ loggedIn: null });
    fake.addAccount(customer(), 'correct horse battery');
    expect(await screen.findByText('Log in to see your account.')).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail address'), 'ola.nowak@example.pl');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Welcome, Ola!')).toBeTruthy();
  });

  it('says the account could not be loaded and tries again on request', async () => {
    let fail = true;
    const { user } = renderProfile({
      handlers: [
        http.get(apiPath('/me'), () =>
          fail
            ? HttpResponse.json(errorBody('service_unavailable', 'Unavailable'), { status: 503 })
            : HttpResponse.json(customer()),
        ),
      ],
    });
    expect(await screen.findByText('Your account could not be loaded.')).toBeTruthy();
    // /me fails quietly: the page says it.
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Welcome, Ola!')).toBeTruthy();
  });

  it('asks who is logged in again when a change finds the session gone', async () => {
    const { user, fake } = renderProfile();
    const details = await section('Your details');
    await within(details).findByLabelText('First name');
    server.use(
      http.put(apiPath('/me'), () => HttpResponse.json(errorBody('not_logged_in', 'You are not logged in.'), { status: 401 })),
      http.get(apiPath('/me'), () => new HttpResponse(null, { status: 204 })),
    );
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Log in to see your account.')).toBeTruthy();
    expect(toasts().getByText('You are not logged in.')).toBeTruthy();
    expect(fake.isLoggedIn()).toBe(true);
  });
});
