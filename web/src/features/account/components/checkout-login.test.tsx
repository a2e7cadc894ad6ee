import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { createAccountServer } from '@/testing/mocks/account-server';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderRoutes } from '@/testing/test-utils';
import type { Customer, LoginProvider } from '@/types/api';

import { CheckoutLogin } from './checkout-login';

function renderStep({ loggedIn, providers, at = '/en/basket/login' }: { loggedIn?: Customer; providers?: LoginProvider[]; at?: string } = {}) {
  const fake = createAccountServer({ loggedIn });
  server.use(...fake.handlers);
  if (providers) server.use(http.get(apiPath('/auth/providers'), () => HttpResponse.json({ items: providers })));
  const view = renderRoutes(
    [
      { path: '/en/basket/login', element: <CheckoutLogin /> },
      { path: '/en/basket/personal', element: <h1>Personal details</h1> },
    ],
    at,
    { locale: 'en_GB' },
  );
  return { ...view, fake, user: userEvent.setup() };
}

describe('CheckoutLogin', () => {
  it('offers a new customer to register with the booking or to book without registering', async () => {
    renderStep();
    const part = await screen.findByRole('region', { name: 'New customer' });
    expect(within(part).getByRole('link', { name: 'Register and book' }).getAttribute('href')).toBe(
      '/en/basket/personal?account=register',
    );
    expect(within(part).getByRole('link', { name: 'Book without registration' }).getAttribute('href')).toBe(
      '/en/basket/personal?account=guest',
    );
  });

  it('logs a returning customer in and goes on to the personal details', async () => {
    const { user, fake, router } = renderStep();
    fake.addAccount(customer(), 'correct horse battery');
    const part = await screen.findByRole('region', { name: 'Already have an account?' });
    await user.type(within(part).getByLabelText('E-mail address'), 'ola.nowak@example.pl');
    await user.type(within(part).getByLabelText('Password'), 'correct horse battery');
    await user.click(within(part).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/basket/personal'));
    expect(router.state.location.search).toBe('');
  });

  it('shows no social login while the server offers none', async () => {
    renderStep();
    await screen.findByRole('region', { name: 'Already have an account?' });
    expect(screen.queryByText('You can also log in with')).toBeNull();
    expect(screen.queryByRole('link', { name: /Facebook|Google/ })).toBeNull();
  });

  it('offers the providers the server names, each starting its login and coming back to this step', async () => {
    renderStep({
      providers: [
        { id: 'social', label: 'Facebook' },
        { id: 'search', label: 'Google' },
      ],
    });
    const list = await screen.findByRole('list', { name: 'You can also log in with' });
    const back = encodeURIComponent('/en/basket/login');
    expect(within(list).getByRole('link', { name: 'Continue with Facebook' }).getAttribute('href')).toBe(
      `/auth/social/start?return=${back}&from=${back}&locale=en_GB`,
    );
    expect(within(list).getByRole('link', { name: 'Continue with Google' }).getAttribute('href')).toBe(
      `/auth/search/start?return=${back}&from=${back}&locale=en_GB`,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when a provider login failed, and starts the next one without the failure marker', async () => {
    renderStep({ at: '/en/basket/login?login=failed', providers: [{ id: 'search', label: 'Google' }] });
    expect((await screen.findByRole('alert')).textContent).toContain('The login with your other account did not work.');
    const link = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(link.getAttribute('href')).toContain(`return=${encodeURIComponent('/en/basket/login')}&`);
  });

  it('lets a logged-in customer continue', async () => {
    renderStep({ loggedIn: customer() });
    expect(await screen.findByText('Logged in as Ola Nowak.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to personal details' }).getAttribute('href')).toBe('/en/basket/personal');
    expect(screen.queryByRole('form')).toBeNull();
  });
});
