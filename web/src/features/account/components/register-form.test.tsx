import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { Notifications } from '@/components/ui/notifications';
import { meKeys } from '@/lib/api/get-me';
import { createAccountServer, errorBody } from '@/testing/mocks/account-server';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';

import { RegisterForm } from './register-form';

function renderForm(locale: 'pl' | 'en_GB' = 'en_GB') {
  const fake = createAccountServer();
  server.use(...fake.handlers);
  const view = renderWithProviders(
    <>
      <RegisterForm />
      <Notifications />
    </>,
    { locale },
  );
  return { ...view, fake, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label);
const errorOf = (label: string) => {
  const input = field(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)).find((el) => el?.className === 'field__error')?.textContent ?? null;
};

async function fill(user: UserEvent, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

const VALID = {
  'First name': 'Ola',
  'Last name': 'Nowak',
  'E-mail address': 'ola.nowak@example.pl',
  'Phone (optional)': '+48 600 100 200',
  Password: 'correct horse battery',
};

describe('RegisterForm', () => {
  it('labels every field, marks the required ones and shows the password rule with the password', () => {
    renderForm();
    for (const label of ['First name', 'Last name', 'E-mail address', 'Password']) {
      expect(field(label).hasAttribute('required'), label).toBe(true);
    }
    expect(field('Phone (optional)').hasAttribute('required')).toBe(false);
    const hint = document.getElementById(field('Password').getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('10 to 128 characters, with at least 5 different ones; not your e-mail address.');
    expect(
      screen.getByRole('link', { name: 'Read the terms and conditions (opens in a new window)' }).getAttribute('href'),
    ).toBe('/en/regulations');
  });

  it('says what is wrong beside each field, focuses the first and sends nothing', async () => {
    const { user, fake } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(errorOf('First name')).toBe('This field is required.');
    expect(errorOf('Last name')).toBe('This field is required.');
    expect(errorOf('E-mail address')).toBe('This field is required.');
    expect(errorOf('Phone (optional)')).toBeNull();
    expect(errorOf('Password')).toBe('This field is required.');
    expect(errorOf('I accept the terms and conditions')).toBe('Please accept the terms and conditions to create an account.');
    expect(document.activeElement).toBe(field('First name'));
    expect(fake.requests).toEqual([]);
  });

  it('checks the password rule: length, different characters, not the e-mail', async () => {
    const { user } = renderForm();
    await fill(user, { ...VALID, Password: 'aaaaabbbbbcccc' });
    await user.click(field('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(errorOf('Password')).toBe('The password must contain at least 5 different characters.');
    expect(document.activeElement).toBe(field('Password'));

    await fill(user, { Password: 'OLA.NOWAK@example.pl' });
    expect(errorOf('Password')).toBe('The password must not be your e-mail address.');
    await fill(user, { Password: 'short' });
    expect(errorOf('Password')).toBe('The password must be 10 to 128 characters long.');
    await fill(user, { 'Phone (optional)': 'call me' });
    expect(errorOf('Phone (optional)')).toMatch(/^Enter a phone number/);
  });

  it('registers, keeps the new customer as the one logged in and says a confirmation link is on its way', async () => {
    const { user, fake, queryClient } = renderForm();
    await fill(user, { ...VALID, 'First name': '  Ola ' });
    await user.click(field('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(queryClient.getQueryData(meKeys.me)).toMatchObject({ email: 'ola.nowak@example.pl' }));
    expect(fake.requests).toEqual([
      {
        method: 'POST',
        path: '/register',
        body: {
          firstName: 'Ola',
          lastName: 'Nowak',
          email: 'ola.nowak@example.pl',
          phone: '+48 600 100 200',
          password: 'correct horse battery',
        },
        marker: false,
      },
    ]);
    const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(toasts.getByText('Your account has been created. We have sent a confirmation link to ola.nowak@example.pl.')).toBeTruthy();
  });

  it('shows a taken e-mail beside the e-mail field in the server’s words, focused, without a notification', async () => {
    const { user, fake } = renderForm('pl');
    fake.addAccount(customer({ email: 'ola.nowak@example.pl' }), 'whatever 12345');
    await fill(user, {
      Imię: 'Ola',
      Nazwisko: 'Nowak',
      'Adres e-mail': 'ola.nowak@example.pl',
      Hasło: 'correct horse battery',
    });
    await user.click(field('Akceptuję regulamin'));
    await user.click(screen.getByRole('button', { name: 'Załóż konto' }));

    await waitFor(() => expect(errorOf('Adres e-mail')).toBe('Ten adres e-mail jest już zarejestrowany.'));
    expect(document.activeElement).toBe(field('Adres e-mail'));
    expect(within(screen.getByRole('region', { name: 'Powiadomienia' })).queryAllByRole('listitem')).toEqual([]);
  });

  it('maps the server’s other field errors to their fields', async () => {
    const { user } = renderForm();
    server.use(
      http.post(apiPath('/register'), () =>
        HttpResponse.json(
          {
            ...errorBody('weak_password', 'Choose a password of 10 to 128 characters…', {
              password: 'Choose a longer or more varied password.',
            }),
          },
          { status: 422 },
        ),
      ),
    );
    await fill(user, VALID);
    await user.click(field('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(errorOf('Password')).toBe('Choose a longer or more varied password.'));
    expect(document.activeElement).toBe(field('Password'));
  });

  it('leaves a failure without fields to the notification', async () => {
    const { user } = renderForm();
    server.use(
      http.post(apiPath('/register'), () =>
        HttpResponse.json(errorBody('too_many_requests', 'Too many requests. Please wait 3 s and try again.'), { status: 429 }),
      ),
    );
    await fill(user, VALID);
    await user.click(field('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(await toasts.findByText('Too many requests. Please wait 3 s and try again.')).toBeTruthy();
    expect(errorOf('E-mail address')).toBeNull();
  });
});
