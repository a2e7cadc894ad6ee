import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { createAccountServer } from '@/testing/mocks/account-server';
import { customer } from '@/testing/mocks/fixtures';
import { server } from '@/testing/mocks/server';
import { renderRoutes } from '@/testing/test-utils';
import type { Customer } from '@/types/api';

import { CheckoutLogin } from './checkout-login';
import type { SocialProvider } from './social-login';

function renderStep({ loggedIn, socialProviders }: { loggedIn?: Customer; socialProviders?: SocialProvider[] } = {}) {
  const fake = createAccountServer({ loggedIn });
  server.use(...fake.handlers);
  const view = renderRoutes(
    [
      { path: '/en/basket/login', element: <CheckoutLogin socialProviders={socialProviders} /> },
      { path: '/en/basket/personal', element: <h1>Personal details</h1> },
    ],
    '/en/basket/login',
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

  it('shows the social login labels for the providers it is given', async () => {
    renderStep({
      socialProviders: [
        { id: 'facebook', href: '/connect/facebook' },
        { id: 'google', href: '/connect/google' },
      ],
    });
    const list = await screen.findByRole('list', { name: 'You can also log in with' });
    expect(within(list).getByRole('link', { name: 'Log in with Facebook' }).getAttribute('href')).toBe('/connect/facebook');
    expect(within(list).getByRole('link', { name: 'Log in with Google' }).getAttribute('href')).toBe('/connect/google');
  });

  it('lets a logged-in customer continue', async () => {
    renderStep({ loggedIn: customer() });
    expect(await screen.findByText('Logged in as Ola Nowak.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to personal details' }).getAttribute('href')).toBe('/en/basket/personal');
    expect(screen.queryByRole('form')).toBeNull();
  });
});
