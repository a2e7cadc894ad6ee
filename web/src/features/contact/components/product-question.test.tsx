import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { notifications } from '@/lib/notifications';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';

import { ProductQuestion } from './product-question';

type Sent = { body: unknown; query: URLSearchParams };

/** The endpoint answering each request with the next of `answers` (the last one repeats), recording what it got. */
function answer(...answers: (() => Response)[]) {
  const sent: Sent[] = [];
  server.use(
    http.post(apiPath('/contact/product-questions'), async ({ request }) => {
      sent.push({ body: await request.json(), query: new URL(request.url).searchParams });
      const next = answers[Math.min(sent.length, answers.length) - 1];
      return next ? next() : HttpResponse.json({}, { status: 201 });
    }),
  );
  return sent;
}

const created = () => HttpResponse.json({}, { status: 201 });

function renderQuestion(locale: Locale = 'en_GB') {
  const view = renderWithProviders(<ProductQuestion productCode="OIL_ROSE" productName="Rose oil" />, { locale });
  return { ...view, user: userEvent.setup() };
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Ask about this product' }));
  return screen.findByRole('dialog', { name: 'Question about Rose oil' });
}

const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
/** The text the field's `aria-describedby` points to (hint and error). */
const described = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>> = {}) {
  const all = {
    'Your name': ' Anna Nowak ',
    'E-mail address': 'anna@example.pl',
    Phone: '+48 (95) 757-20-10',
    Message: 'Is the oil vegan? ',
    ...values,
  };
  for (const [label, value] of Object.entries(all)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

describe('ProductQuestion', () => {
  it('opens a labelled modal from its button, focus inside; Escape closes it and focus returns', async () => {
    const { user } = renderQuestion();
    const button = screen.getByRole('button', { name: 'Ask about this product' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    const dialog = await open(user);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Your name')));
    for (const label of ['Your name', 'E-mail address', 'Phone', 'Message']) expect(field(label).required).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = renderQuestion();
    const dialog = await open(user);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    close.focus();
    await user.tab();
    expect(document.activeElement).toBe(field('Your name'));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(close);
  });

  it('sends nothing while a field is wrong: each error beside its field, the first focused', async () => {
    const sent = answer(created);
    const { user } = renderQuestion();
    await open(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    for (const label of ['Your name', 'E-mail address', 'Message']) {
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
      expect(described(field(label))).toBe('Please fill in this field.');
    }
    expect(described(field('Phone'))).toContain('Please fill in this field.');
    expect(document.activeElement).toBe(field('Your name'));

    await fillIn(user, { 'E-mail address': 'anna@', Phone: '600 10' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(described(field('E-mail address'))).toBe('Please enter a valid e-mail address.');
    expect(described(field('Phone'))).toContain('Please enter a phone number');
    expect(field('Your name').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('E-mail address'));
    expect(sent).toHaveLength(0);
  });

  it('sends the question with the product code in the page language, then shows the sent state (201)', async () => {
    const sent = answer(created);
    const { user } = renderQuestion();
    const dialog = await open(user);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Thank you, message sent.'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      productCode: 'OIL_ROSE',
      customer: 'Anna Nowak',
      email: 'anna@example.pl',
      phone: '+48 (95) 757-20-10',
      message: 'Is the oil vegan?',
    });
    expect(sent[0]?.query.get('locale')).toBe('en_GB');
    expect(sent[0]?.query.get('channel')).toBe('web_pl');
    // The form is gone; "close" has the focus and closes the dialog.
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await user.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('shows the server’s field errors beside their fields, in either shape, without a notification (400)', async () => {
    const sent = answer(
      () =>
        HttpResponse.json(
          { code: 'invalid_body', message: 'Invalid question', errors: [{ field: 'phone', message: 'Not a phone number we can call' }] },
          { status: 400 },
        ),
      () =>
        HttpResponse.json(
          { code: 'invalid_body', message: 'Invalid question', errors: { email: 'This domain takes no mail' } },
          { status: 400 },
        ),
    );
    const { user } = renderQuestion();
    const dialog = await open(user);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(described(field('Phone'))).toContain('Not a phone number we can call'));
    expect(field('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Phone'));
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(described(field('E-mail address'))).toBe('This domain takes no mail'));
    expect(sent).toHaveLength(2);
    expect(within(dialog).getByRole('status').textContent).toBe('');
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('says a refusal about the product itself in the form', async () => {
    answer(() =>
      HttpResponse.json(
        { code: 'invalid_body', message: 'Invalid question', errors: [{ field: 'productCode', message: 'No such product' }] },
        { status: 400 },
      ),
    );
    const { user } = renderQuestion();
    const dialog = await open(user);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('No such product');
  });

  it.each([429, 503])('shows the server’s message for %i with "try again", which sends again', async (status) => {
    const sent = answer(
      () => HttpResponse.json({ code: 'too_many_requests', message: `Not now (${status})` }, { status }),
      created,
    );
    const { user } = renderQuestion();
    const dialog = await open(user);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(`Not now (${status})`);
    expect(notifications.getSnapshot()).toEqual([]);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Thank you, message sent.'));
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual(sent[0]?.body);
  });

  it('says in the page’s language when no answer came (Polish)', async () => {
    server.use(http.post(apiPath('/contact/product-questions'), () => HttpResponse.error()));
    const { user } = renderQuestion('pl');
    await user.click(screen.getByRole('button', { name: 'Zapytaj o produkt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zapytanie: Rose oil' });
    await user.type(within(dialog).getByLabelText('Imię i nazwisko'), 'Anna');
    await user.type(within(dialog).getByLabelText('Adres e-mail'), 'anna@example.pl');
    await user.type(within(dialog).getByLabelText('Telefon'), '600100200');
    await user.type(within(dialog).getByLabelText('Wiadomość'), 'Pytanie');
    await user.click(within(dialog).getByRole('button', { name: 'Wyślij' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Nie udało się wysłać wiadomości. Spróbuj ponownie za chwilę.',
    );
    expect(notifications.getSnapshot()).toEqual([]);
  });
});
