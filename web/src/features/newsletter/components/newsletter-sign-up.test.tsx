import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { notifications } from '@/lib/notifications';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';

import { NewsletterSignUp } from './newsletter-sign-up';

type Sent = { body: unknown; query: URLSearchParams };

/** The sign-up endpoint answering `status` (with the server's error body), recording what it was sent. */
function answer(status: number, code?: string) {
  const sent: Sent[] = [];
  server.use(
    http.post(apiPath('/newsletter/subscribe'), async ({ request }) => {
      sent.push({ body: await request.json(), query: new URL(request.url).searchParams });
      if (status === 201) return HttpResponse.json({}, { status });
      return HttpResponse.json({ code, message: `server says ${status}` }, { status });
    }),
  );
  return sent;
}

function renderSignUp(locale: Locale = 'en_GB') {
  const view = renderWithProviders(<NewsletterSignUp />, { locale });
  return { ...view, user: userEvent.setup() };
}

const field = () => screen.getByLabelText<HTMLInputElement>('Your e-mail address');
const status = () => screen.getByRole('status');
/** The text the field's `aria-describedby` points to. */
const fieldError = () => {
  const id = field().getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

describe('NewsletterSignUp', () => {
  it('labels the field and the button under its heading, with no message yet', () => {
    renderSignUp();
    expect(screen.getByRole('region', { name: 'Newsletter' })).toBeTruthy();
    expect(field().type).toBe('email');
    expect(field().required).toBe(true);
    expect(field().getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
    expect(status().textContent).toBe('');
  });

  it('sends the address (trimmed) in the page language and says a confirmation e-mail is on its way (201)', async () => {
    const sent = answer(201);
    const { user } = renderSignUp();
    await user.type(field(), '  ola@example.pl ');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() =>
      expect(status().textContent).toBe(
        'A confirmation link has been sent to your e-mail address.',
      ),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ email: 'ola@example.pl' });
    expect(sent[0]?.query.get('locale')).toBe('en_GB');
    expect(sent[0]?.query.get('channel')).toBe('web_pl');
    // Done: the field is emptied, no error, no notification.
    expect(field().value).toBe('');
    expect(field().getAttribute('aria-invalid')).toBeNull();
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('says the address is signed up already (409 newsletter_exists), in Polish', async () => {
    answer(409, 'newsletter_exists');
    const { user } = renderSignUp('pl');
    await user.type(screen.getByLabelText('Twój adres e-mail'), 'ola@example.pl');
    await user.click(screen.getByRole('button', { name: 'Zapisz się' }));

    await waitFor(() => expect(status().textContent).toBe('Ten adres już istnieje.'));
    expect(screen.getByLabelText<HTMLInputElement>('Twój adres e-mail').value).toBe('ola@example.pl');
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('shows the server refusing the address (422) beside the field, which takes focus', async () => {
    const sent = answer(422, 'invalid_email');
    const { user } = renderSignUp('de');
    const input = screen.getByLabelText('Ihre E-Mail-Adresse');
    await user.type(input, 'ola@example.pl');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(sent).toHaveLength(1);
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('says the sign-up failed when the service is unavailable (503), without the server text', async () => {
    answer(503, 'service_unavailable');
    const { user } = renderSignUp();
    await user.type(field(), 'ola@example.pl');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() =>
      expect(status().textContent).toBe('An error has occurred. Please try again later.'),
    );
    expect(status().textContent).not.toContain('server says');
    expect(field().getAttribute('aria-invalid')).toBeNull();
    expect(field().value).toBe('ola@example.pl');
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('checks the address before sending: required, then valid; the error follows the typing', async () => {
    const sent = answer(201);
    const { user } = renderSignUp();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(fieldError()).toBe('Please enter your e-mail address.'));
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field());

    await user.type(field(), 'ola@');
    expect(fieldError()).toBe('Please enter a valid e-mail address.');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(fieldError()).toBe('Please enter a valid e-mail address.'));

    await user.type(field(), 'example.pl');
    expect(fieldError()).toBeNull();
    expect(field().getAttribute('aria-invalid')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('is busy while the request runs: the button says so and a second send is not made', async () => {
    let release: () => void = () => {};
    const sent: unknown[] = [];
    server.use(
      http.post(apiPath('/newsletter/subscribe'), async ({ request }) => {
        sent.push(await request.json());
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = renderSignUp();
    await user.type(field(), 'ola@example.pl');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const busy = await screen.findByRole('button', { name: 'Signing up…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(busy.closest('form')?.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(sent).toHaveLength(1));
    await user.click(busy);
    await user.type(field(), '{Enter}');

    release();
    const done = await screen.findByRole('button', { name: 'Sign up' });
    expect(done.getAttribute('aria-disabled')).toBeNull();
    expect(done.closest('form')?.getAttribute('aria-busy')).toBeNull();
    expect(sent).toHaveLength(1);
    expect(status().textContent).toContain('A confirmation link has been sent');
  });
});
