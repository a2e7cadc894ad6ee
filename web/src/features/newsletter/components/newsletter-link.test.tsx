import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';

import { NewsletterLink, type NewsletterAction } from './newsletter-link';

type Sent = { body: unknown; query: URLSearchParams };

/** `/newsletter/{action}` answering with each of `answers` in turn (the last repeats), recording requests. */
function answer(action: NewsletterAction, ...answers: (() => Response)[]) {
  const sent: Sent[] = [];
  server.use(
    http.post(apiPath(`/newsletter/${action}`), async ({ request }) => {
      sent.push({ body: await request.json(), query: new URL(request.url).searchParams });
      const next = answers[Math.min(sent.length, answers.length) - 1];
      return next ? next() : HttpResponse.json({});
    }),
  );
  return sent;
}

const ok = () => HttpResponse.json({});
const unknown = () =>
  HttpResponse.json({ code: 'unknown_newsletter_token', message: 'Unknown newsletter link' }, { status: 404 });
const unavailable = () => HttpResponse.json({ code: 'service_unavailable', message: 'Try later' }, { status: 503 });

const outcome = () => screen.getByTestId('newsletter-link-outcome');

describe('NewsletterLink', () => {
  it('confirms the sign-up with the link’s token once, even when mounted twice (strict mode)', async () => {
    const sent = answer('confirm', ok);
    renderWithProviders(
      <StrictMode>
        <NewsletterLink action="confirm" token="tok-123" />
      </StrictMode>,
      { locale: 'en_GB' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Newsletter confirmation' })).toBeTruthy();
    expect(outcome().getAttribute('role')).toBe('status');
    expect(outcome().textContent).toBe('Confirming your subscription…');

    await waitFor(() => expect(outcome().textContent).toBe('Your subscription is confirmed. Thank you!'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ token: 'tok-123' });
    expect(sent[0]?.query.get('locale')).toBe('en_GB');
    expect(document.title).toBe('Newsletter confirmation | Spa & Wellness Guesthouse');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^The Spa & Wellness Guesthouse newsletter/);
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/en');
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('unsubscribes with the token (German)', async () => {
    const sent = answer('unsubscribe', ok);
    renderWithProviders(<NewsletterLink action="unsubscribe" token="abc" />, { locale: 'de' });
    expect(screen.getByRole('heading', { level: 1, name: 'Abmeldung vom Newsletter' })).toBeTruthy();
    await waitFor(() =>
      expect(outcome().textContent).toBe(
        'Sie wurden vom Newsletter abgemeldet. Wir senden keine Nachrichten mehr an diese Adresse.',
      ),
    );
    expect(sent.map((request) => request.body)).toEqual([{ token: 'abc' }]);
    expect(sent[0]?.query.get('locale')).toBe('de');
  });

  it.each(['confirm', 'unsubscribe'] as const)(
    'says an unknown link (404 unknown_newsletter_token) is not valid, in Polish, with no retry (%s)',
    async (action) => {
      answer(action, unknown);
      renderWithProviders(<NewsletterLink action={action} token="used" />, { locale: 'pl' });
      await waitFor(() =>
        expect(outcome().textContent).toBe('Ten link jest nieważny: mógł już zostać użyty albo jest niepełny.'),
      );
      expect(screen.queryByRole('button', { name: 'Spróbuj ponownie' })).toBeNull();
      // The page's own words, not the server's, and no notification.
      expect(document.body.textContent).not.toContain('Unknown newsletter link');
      expect(notifications.getSnapshot()).toEqual([]);
    },
  );

  it('offers to try again after another failure, and sends the token again', async () => {
    const sent = answer('confirm', unavailable, ok);
    const user = userEvent.setup();
    renderWithProviders(<NewsletterLink action="confirm" token="tok" />, { locale: 'en_GB' });
    await waitFor(() => expect(outcome().textContent).toBe('Something went wrong. Please try again in a moment.'));
    expect(notifications.getSnapshot()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(outcome().textContent).toBe('Your subscription is confirmed. Thank you!'));
    expect(sent).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
