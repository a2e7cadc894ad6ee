import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { createAccountServer, errorBody } from '@/testing/mocks/account-server';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { Customer } from '@/types/api';

import { createRoutes } from './router';

function renderApp(url: string, locale: Locale, loggedIn?: Customer) {
  const fake = createAccountServer({ loggedIn });
  server.use(...fake.handlers);
  const queryClient = createTestQueryClient();
  return { ...renderRoutes(createRoutes(locale, queryClient), url, { locale, queryClient }), fake, user: userEvent.setup() };
}

const header = async () => within(await screen.findByRole('banner'));
const toasts = (name = 'Notifications') => within(screen.getByRole('region', { name }));

describe('accounts in the app', () => {
  it('shows a login link in the header while nobody is logged in', async () => {
    const { fake } = renderApp('/en/offer/treatments', 'en_GB');
    const login = await (await header()).findByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/en/login');
    expect(fake.requests.filter((r) => r.path === '/me')).toHaveLength(1);
  });

  it('shows the logged-in customer’s name in the header, leading to the profile', async () => {
    renderApp('/', 'pl', customer());
    const link = await (await header()).findByRole('link', { name: 'Twoje konto: Ola Nowak' });
    expect(link.getAttribute('href')).toBe('/profil');
  });

  it('offers the configured providers on the login page and says when their login failed', async () => {
    server.use(http.get(apiPath('/auth/providers'), () => HttpResponse.json({ items: [{ id: 'search', label: 'Google' }] })));
    renderApp('/logowanie?login=failed', 'pl');
    expect((await screen.findByRole('alert')).textContent).toContain('Logowanie przez inne konto nie powiodło się.');
    const link = await screen.findByRole('link', { name: 'Kontynuuj przez Google' });
    expect(link.getAttribute('href')).toBe('/auth/search/start?return=%2Flogowanie&from=%2Flogowanie&locale=pl');
  });

  it('says when the account of the provider’s e-mail is not verified yet', async () => {
    renderApp('/anmelden?login=unverified', 'de');
    expect((await screen.findByRole('alert')).textContent).toContain('noch nicht bestätigt');
    expect(screen.queryByText('Sie können sich auch anmelden mit')).toBeNull();
  });

  it('says a staff account logs in with its password, not through a provider', async () => {
    renderApp('/en/login?login=staff', 'en_GB');
    expect((await screen.findByRole('alert')).textContent).toBe('This is a staff account: please log in with your e-mail address and password.');
  });

  it('takes a failed /me for "not logged in", quietly (spec 8)', async () => {
    server.use(http.get(apiPath('/me'), () => HttpResponse.json(errorBody('service_unavailable', 'Unavailable'), { status: 503 })));
    const queryClient = createTestQueryClient();
    renderRoutes(createRoutes('de', queryClient), '/', { locale: 'de', queryClient });
    expect(await (await header()).findByRole('link', { name: 'Anmelden' })).toBeTruthy();
    expect(toasts('Benachrichtigungen').queryAllByRole('listitem')).toEqual([]);
  });

  it.each([
    ['pl', '/register', 'Załóż konto'],
    ['de', '/register', 'Konto anlegen'],
    ['en_GB', '/en/register', 'Create an account'],
    ['pl', '/logowanie', 'Logowanie'],
    ['de', '/anmelden', 'Anmelden'],
    ['en_GB', '/en/login', 'Log in'],
    ['pl', '/nie-pamietam-hasla', 'Nie pamiętasz hasła?'],
    ['de', '/passwort-vergessen', 'Passwort vergessen?'],
    ['en_GB', '/en/forgot-password', 'Forgotten your password?'],
    ['pl', '/reset-password/abc123', 'Ustaw nowe hasło'],
    ['de', '/reset-password/abc123', 'Neues Passwort festlegen'],
    ['en_GB', '/en/reset-password/abc123', 'Set a new password'],
    ['pl', '/profil', 'Twoje konto'],
    ['en_GB', '/en/profile', 'Your account'],
    ['pl', '/basket/login', 'Logowanie'],
    ['en_GB', '/en/basket/login', 'Log in'],
  ] as const)('in %s serves %s with its texts', async (locale, url, heading) => {
    renderApp(url, locale);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByTestId('coming-soon')).toBeNull();
    expect(document.title.startsWith(`${heading} | `)).toBe(true);
  });

  it('goes from the header to the login page, logs in and lands on the profile with the name in the header', async () => {
    const { fake, user, router } = renderApp('/en', 'en_GB');
    fake.addAccount(customer(), 'correct horse battery');
    await user.click(await (await header()).findByRole('link', { name: 'Log in' }));
    await user.type(await screen.findByLabelText('E-mail address'), 'ola.nowak@example.pl');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/profile'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeTruthy();
    expect(await (await header()).findByRole('link', { name: 'Your account: Ola Nowak' })).toBeTruthy();
    expect(toasts().getByText('Logged in')).toBeTruthy();
  });

  it('comes back to the page that sent to the login, and never to another site', async () => {
    const { fake, user, router } = renderApp('/en/login?return=%2Fen%2Foffer%2Ftreatments%3Fsorting%3Dprice_asc', 'en_GB');
    fake.addAccount(customer(), 'correct horse battery');
    await user.type(await screen.findByLabelText('E-mail address'), 'ola.nowak@example.pl');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/offer/treatments'));
    expect(router.state.location.search).toBe('?sorting=price_asc');

    const other = renderApp('/en/login?return=%2F%2Fevil.example%2F', 'en_GB', customer());
    await waitFor(() => expect(other.router.state.location.pathname).toBe('/en/profile'));
  });

  it('registers from the register page and lands on the profile', async () => {
    const { user, router } = renderApp('/register', 'pl');
    await user.type(await screen.findByLabelText('Imię'), 'Jan');
    await user.type(screen.getByLabelText('Nazwisko'), 'Kowalski');
    await user.type(screen.getByLabelText('Adres e-mail'), 'jan.kowalski@example.pl');
    await user.type(screen.getByLabelText('Hasło'), 'bardzo dobre hasło');
    await user.click(screen.getByLabelText('Akceptuję regulamin'));
    await user.click(screen.getByRole('button', { name: 'Załóż konto' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profil'));
    expect(await (await header()).findByRole('link', { name: 'Twoje konto: Jan Kowalski' })).toBeTruthy();
    expect(
      toasts('Powiadomienia').getByText('Konto zostało założone. Na adres jan.kowalski@example.pl wysłaliśmy link potwierdzający.'),
    ).toBeTruthy();
  });

  it('logs out from the profile: home, and the login link is back in the header', async () => {
    const { user, router } = renderApp('/en/profile', 'en_GB', customer());
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect(await (await header()).findByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('says that the e-mail address is confirmed on the home page, once', async () => {
    const { router } = renderApp('/?account=verified', 'pl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Odpocznij u nas' })).toBeTruthy();
    // The notifications region joins <body> in the layout's effect, which
    // can run after the page's heading shows: wait for the region too.
    const region = await screen.findByRole('region', { name: 'Powiadomienia' });
    expect(await within(region).findByText('Adres e-mail został potwierdzony. Dziękujemy!')).toBeTruthy();
    // The toast and the page's own note, which may come a moment apart.
    await waitFor(() => expect(screen.getAllByText('Adres e-mail został potwierdzony. Dziękujemy!')).toHaveLength(2));
    // Dropped from the address: a reload does not say it again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('offers a new confirmation link on the home page when the link has expired', async () => {
    const { user, fake } = renderApp('/?account=link-expired', 'pl');
    const section = await screen.findByRole('region', { name: 'Wyślij nowy link potwierdzający' });
    expect(toasts('Powiadomienia').getByText('Link potwierdzający wygasł lub został już użyty.')).toBeTruthy();
    await user.type(within(section).getByLabelText('Adres e-mail'), 'ola.nowak@example.pl');
    await user.click(within(section).getByRole('button', { name: 'Wyślij link' }));
    expect(
      (await within(section).findByRole('status')).textContent,
    ).toBe('Jeśli ten adres należy do niepotwierdzonego konta, wysłaliśmy na niego nowy link.');
    expect(fake.requests.filter((r) => r.path === '/verify-account')).toEqual([
      { method: 'POST', path: '/verify-account', body: { email: 'ola.nowak@example.pl' }, marker: false },
    ]);
  });

  it('ignores any other account value on the home page', async () => {
    renderApp('/?account=whatever', 'pl');
    expect(await screen.findByRole('heading', { level: 1, name: 'Odpocznij u nas' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Wyślij nowy link potwierdzający' })).toBeNull();
  });
});
