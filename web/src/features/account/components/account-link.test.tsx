import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { customer } from '@/testing/mocks/fixtures';
import type { Customer } from '@/types/api';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';

import { AccountLink } from './account-link';

describe('AccountLink', () => {
  it('holds the place of "log in", unseen and unread, until /me answers', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.get(apiPath('/me'), async () => {
        await answered;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { container } = renderWithProviders(<AccountLink />, { locale: 'en_GB' });

    const pending = container.querySelector('.account-link--pending');
    expect(pending?.textContent).toBe('Log in');
    expect(pending?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('link')).toBeNull();

    answer();
    expect((await screen.findByRole('link', { name: 'Log in' })).getAttribute('href')).toBe('/en/login');
    expect(container.querySelector('.account-link--pending')).toBeNull();
  });

  it('names the logged-in customer instead, never "log in"', async () => {
    server.use(
      http.get(apiPath('/me'), async () => {
        await delay(10);
        return HttpResponse.json(customer({ firstName: 'Ola', lastName: 'Nowak' }));
      }),
    );
    renderWithProviders(<AccountLink />, { locale: 'pl' });
    expect((await screen.findByRole('link', { name: /Ola Nowak/ })).getAttribute('href')).toBe('/profil');
    expect(screen.queryByText('Zaloguj się')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Zaplecze' })).toBeNull();
  });

  it('leads the front desk to the back office too; an editor edits in place', async () => {
    let roles: Customer['roles'] = ['customer', 'reception'];
    server.use(http.get(apiPath('/me'), () => HttpResponse.json(customer({ firstName: 'Rita', lastName: 'Recepcja', roles }))));
    const { unmount } = renderWithProviders(<AccountLink />, { locale: 'en_GB' });
    expect((await screen.findByRole('link', { name: 'Back office' })).getAttribute('href')).toBe('/backend/arrivals');
    unmount();
    roles = ['customer', 'editor'];
    renderWithProviders(<AccountLink />, { locale: 'en_GB' });
    await screen.findByRole('link', { name: /Rita Recepcja/ });
    expect(screen.queryByRole('link', { name: 'Back office' })).toBeNull();
  });
});
