import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { Notifications } from '@/components/ui/notifications';
import { meKeys } from '@/lib/api/get-me';
import { createAccountServer, errorBody } from '@/testing/mocks/account-server';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';

import { LoginForm } from './login-form';

function renderLogin(onLoggedIn = vi.fn()) {
  const fake = createAccountServer();
  fake.addAccount(customer(), 'correct horse battery');
  server.use(...fake.handlers);
  const view = renderWithProviders(
    <>
      <LoginForm onLoggedIn={onLoggedIn} />
      <Notifications />
    </>,
    { locale: 'en_GB' },
  );
  return { ...view, fake, onLoggedIn, user: userEvent.setup() };
}

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('LoginForm', () => {
  it('has a labelled field for each input and a way to a forgotten password', () => {
    renderLogin();
    const form = screen.getByRole('form', { name: 'Log in with e-mail and password' });
    expect(within(form).getByLabelText('E-mail address').getAttribute('autocomplete')).toBe('username');
    expect(within(form).getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(within(form).getByRole('link', { name: 'Forgotten your password?' }).getAttribute('href')).toBe(
      '/en/forgot-password',
    );
  });

  it('says what is missing beside each field, focuses the first and sends nothing', async () => {
    const { user, fake } = renderLogin();
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const email = screen.getByLabelText('E-mail address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('This field is required.');
    expect(document.activeElement).toBe(email);
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();

    // Checked again as it changes.
    await user.type(email, 'ola@');
    expect(described?.textContent).toBe('Enter a valid e-mail address.');
    await user.type(email, 'example.pl');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(fake.requests).toEqual([]);
  });

  it('shows the password on request', async () => {
    const { user } = renderLogin();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('text');
  });

  it('logs in with the script marker, asks who is logged in again and says "logged in"', async () => {
    const { user, fake, onLoggedIn, queryClient } = renderLogin();
    await user.type(screen.getByLabelText('E-mail address'), ' Ola.Nowak@example.pl ');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/login_check',
        // Trimmed; the server lower-cases it.
        body: { email: 'Ola.Nowak@example.pl', password: 'correct horse battery' },
        marker: true,
      },
      { method: 'GET', path: '/me', body: undefined, marker: false },
    ]);
    expect(queryClient.getQueryData(meKeys.me)).toMatchObject({ firstName: 'Ola' });
    expect(toasts().getByText('Logged in')).toBeTruthy();
  });

  it('says a refused login above the form in the server’s words, without a notification', async () => {
    const { user, onLoggedIn } = renderLogin();
    await user.type(screen.getByLabelText('E-mail address'), 'ola.nowak@example.pl');
    await user.type(screen.getByLabelText('Password'), 'wrong password 1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Nieprawidłowy adres e-mail lub hasło.');
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('says too many attempts the same way', async () => {
    const { user } = renderLogin();
    server.use(
      http.post(apiPath('/login_check'), () =>
        HttpResponse.json(errorBody('too_many_attempts', 'Too many failed logins for this e-mail address. Try again in 15 minutes.'), {
          status: 429,
        }),
      ),
    );
    await user.type(screen.getByLabelText('E-mail address'), 'ola.nowak@example.pl');
    await user.type(screen.getByLabelText('Password'), 'whatever 12345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed logins for this e-mail address. Try again in 15 minutes.',
    );
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('leaves other failures to the notification', async () => {
    const { user, onLoggedIn } = renderLogin();
    server.use(
      http.post(apiPath('/login_check'), () =>
        HttpResponse.json(errorBody('service_unavailable', 'The service is temporarily unavailable.'), { status: 503 }),
      ),
    );
    await user.type(screen.getByLabelText('E-mail address'), 'ola.nowak@example.pl');
    await user.type(screen.getByLabelText('Password'), 'whatever 12345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await toasts().findByText('The service is temporarily unavailable.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });
});
