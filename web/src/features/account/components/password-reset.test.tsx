import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { Notifications } from '@/components/ui/notifications';
import { meKeys } from '@/lib/api/get-me';
import { createAccountServer, errorBody } from '@/testing/mocks/account-server';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderRoutes } from '@/testing/test-utils';

import { ForgotPassword } from './forgot-password';
import { ResetPasswordForm } from './reset-password-form';

const toasts = () => within(screen.getByRole('region', { name: 'Powiadomienia' }));

function renderPage(element: ReactNode, url: string, loggedIn = false) {
  const fake = createAccountServer({ loggedIn: loggedIn ? customer() : undefined });
  server.use(...fake.handlers);
  const view = renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            {element}
            <Notifications />
          </>
        ),
      },
    ],
    url,
  );
  return { ...view, fake, user: userEvent.setup() };
}

describe('forgotten password', () => {
  it('checks the address, asks for the link and says it is on its way whoever the address is', async () => {
    const { user, fake } = renderPage(<ForgotPassword />, '/nie-pamietam-hasla');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(screen.getByText('To pole jest wymagane.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Adres e-mail'));
    expect(fake.requests).toEqual([]);

    await user.type(screen.getByLabelText('Adres e-mail'), 'ola.nowak@example.pl ');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    const sent = await screen.findByRole('status');
    expect(sent.textContent).toBe(
      'Jeśli ten adres należy do konta, wysłaliśmy na niego link do ustawienia nowego hasła. Sprawdź skrzynkę pocztową.',
    );
    expect(document.activeElement).toBe(sent);
    expect(fake.requests).toEqual([
      { method: 'POST', path: '/password-reset', body: { email: 'ola.nowak@example.pl' }, marker: false },
    ]);
    expect(screen.getByRole('link', { name: 'Wróć do logowania' }).getAttribute('href')).toBe('/logowanie');
  });

  it('shows the server’s verdict on the address beside it', async () => {
    const { user } = renderPage(<ForgotPassword />, '/nie-pamietam-hasla');
    server.use(
      http.post(apiPath('/password-reset'), () =>
        HttpResponse.json(errorBody('invalid_email', 'Podaj poprawny adres e-mail.', { email: 'Podaj poprawny adres e-mail.' }), {
          status: 422,
        }),
      ),
    );
    await user.type(screen.getByLabelText('Adres e-mail'), 'ola@example.pl');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    await waitFor(() => expect(screen.getByLabelText('Adres e-mail').getAttribute('aria-invalid')).toBe('true'));
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });
});

describe('reset password page', () => {
  it('shows the rule, checks it, sets the new password and sends the visitor to log in', async () => {
    const { user, fake, router, queryClient } = renderPage(<ResetPasswordForm token="valid-token" />, '/reset-password/valid-token', true);
    const password = screen.getByLabelText('Nowe hasło');
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Od 10 do 128 znaków, w tym co najmniej 5 różnych; nie może to być Twój adres e-mail.',
    );
    await user.type(password, 'krótkie');
    await user.click(screen.getByRole('button', { name: 'Ustaw hasło' }));
    expect(screen.getByText('Hasło musi mieć od 10 do 128 znaków.')).toBeTruthy();

    await user.clear(password);
    await user.type(password, 'zupełnie nowe hasło');
    await user.click(screen.getByRole('button', { name: 'Ustaw hasło' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/logowanie'));
    expect(fake.requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/password-reset/valid-token',
      body: { password: 'zupełnie nowe hasło' },
      marker: false,
    });
    expect(toasts().getByText('Nowe hasło zostało ustawione. Zaloguj się nim.')).toBeTruthy();
    // Every session ended: asked again, nobody is logged in.
    expect(queryClient.getQueryData(meKeys.me)).toBeNull();
  });

  it('explains a link that is unknown, used or expired and offers a new one', async () => {
    const { user } = renderPage(<ResetPasswordForm token="used-token" />, '/reset-password/used-token');
    await user.type(screen.getByLabelText('Nowe hasło'), 'zupełnie nowe hasło');
    await user.click(screen.getByRole('button', { name: 'Ustaw hasło' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Ten link jest nieznany, został już użyty lub wygasł.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Poproś o nowy link' }).getAttribute('href')).toBe('/nie-pamietam-hasla');
    expect(toasts().queryAllByRole('listitem')).toEqual([]);
  });

  it('shows the server’s password rule beside the field', async () => {
    const { user } = renderPage(<ResetPasswordForm token="valid-token" />, '/reset-password/valid-token');
    server.use(
      http.post(apiPath('/password-reset/:token'), () =>
        HttpResponse.json(errorBody('weak_password', 'Wybierz hasło…', { password: 'Wybierz dłuższe lub bardziej urozmaicone hasło.' }), {
          status: 422,
        }),
      ),
    );
    await user.type(screen.getByLabelText('Nowe hasło'), 'zupełnie nowe hasło');
    await user.click(screen.getByRole('button', { name: 'Ustaw hasło' }));
    expect(await screen.findByText('Wybierz dłuższe lub bardziej urozmaicone hasło.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Nowe hasło'));
  });
});
