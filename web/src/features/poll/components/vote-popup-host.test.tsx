import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { ModalDialog } from '@/components/ui/modal-dialog';
import type { Poll } from '@/features/poll/api/get-poll';
import type { Locale } from '@/lib/i18n/locale';
import { notifications } from '@/lib/notifications';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderRoutes } from '@/testing/test-utils';
import type { RouteHandle } from '@/types/router';

import { VotePopupHost } from './vote-popup-host';

function poll(overrides: Partial<Poll> = {}): Poll {
  return {
    id: 'poll-2025-summer',
    question: 'What would you like more of?',
    options: [
      { code: 'sauna', label: 'Sauna evenings', votes: 3 },
      { code: 'yoga', label: 'Morning yoga', votes: 1 },
    ],
    voted: null,
    ...overrides,
  };
}

type Calls = { polls: URLSearchParams[]; votes: unknown[] };

/** GET /poll answering with each of `polls` in turn (the last repeats); POST /poll/votes with `vote`. */
function pollServer(polls: (Poll | null)[], vote: (option: string) => Response = () => HttpResponse.json({}, { status: 500 })) {
  const calls: Calls = { polls: [], votes: [] };
  server.use(
    http.get(apiPath('/poll'), ({ request }) => {
      calls.polls.push(new URL(request.url).searchParams);
      const next = polls[Math.min(calls.polls.length, polls.length) - 1];
      return next ? HttpResponse.json(next) : HttpResponse.json({ code: 'not_found', message: 'No poll' }, { status: 404 });
    }),
    http.post(apiPath('/poll/votes'), async ({ request }) => {
      const body = (await request.json()) as { option: string };
      calls.votes.push(body);
      return vote(body.option);
    }),
  );
  return calls;
}

/** The host on a page, as the app has it, with a link to a page that takes no pop-up and back. */
function renderHost(url = '/', locale: Locale = 'en_GB', page?: React.ReactNode) {
  const layout = (
    <>
      <a href="#top">Top</a>
      {page}
      <VotePopupHost />
    </>
  );
  const view = renderRoutes(
    [
      { path: '/', element: layout },
      { path: '/basket/payment', handle: { noPopups: true } satisfies RouteHandle, element: layout },
    ],
    url,
    { locale },
  );
  return { ...view, user: userEvent.setup() };
}

const dialog = () => screen.findByRole('dialog', { name: 'Quick poll' });
const cookieSet = () => document.cookie.split('; ').includes('votePopupOpened=1');

describe('VotePopupHost', () => {
  it('opens on a first visit with the poll’s question and answers, focus on the first answer', async () => {
    const calls = pollServer([poll()]);
    renderHost();
    const popup = await dialog();
    expect(popup.getAttribute('aria-modal')).toBe('true');
    const group = within(popup).getByRole('group', { name: 'What would you like more of?' });
    const answers = within(group).getAllByRole('radio');
    expect(answers.map((radio) => radio.closest('label')?.textContent)).toEqual(['Sauna evenings', 'Morning yoga']);
    await waitFor(() => expect(document.activeElement).toBe(answers[0]));
    expect(calls.polls[0]?.get('locale')).toBe('en_GB');
    expect(cookieSet()).toBe(false);
  });

  it('votes once, then shows each answer’s share and votes in a status region; the cookie keeps it closed', async () => {
    const calls = pollServer([poll()], () =>
      HttpResponse.json(
        poll({
          voted: 'yoga',
          options: [
            { code: 'sauna', label: 'Sauna evenings', votes: 3 },
            { code: 'yoga', label: 'Morning yoga', votes: 2 },
          ],
        }),
        { status: 201 },
      ),
    );
    const { user } = renderHost();
    const popup = await dialog();
    await user.click(within(popup).getByRole('radio', { name: 'Morning yoga' }));
    await user.click(within(popup).getByRole('button', { name: 'Vote' }));

    const status = within(popup).getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('Thank you for your vote! Here are the results.'));
    expect(calls.votes).toEqual([{ option: 'yoga' }]);
    const results = within(status).getByRole('list', { name: 'Results' });
    expect(within(results).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sauna evenings: 60% (3 votes)',
      'Morning yoga: 40% (2 votes) Your answer',
    ]);
    expect(status.textContent).toContain('In total: 5 votes');
    expect(within(popup).queryByRole('radio')).toBeNull();
    expect(cookieSet()).toBe(true);

    const close = within(popup).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await user.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('says the results in Polish with Polish plurals', async () => {
    pollServer([poll({ voted: 'sauna', question: 'Czego chcesz więcej?', options: [
      { code: 'sauna', label: 'Sauny', votes: 22 },
      { code: 'yoga', label: 'Jogi', votes: 1 },
      { code: 'spa', label: 'Spa', votes: 5 },
    ] })]);
    renderHost('/', 'pl');
    const popup = await screen.findByRole('dialog', { name: 'Ankieta' });
    expect(within(popup).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sauny: 78% (22 głosy) Twoja odpowiedź',
      'Jogi: 4% (1 głos)',
      'Spa: 18% (5 głosów)',
    ]);
    expect(within(popup).getByRole('status').textContent).toContain('Twój głos został już oddany. Oto wyniki.');
    expect(within(popup).getByRole('status').textContent).toContain('Razem: 28 głosów');
  });

  it('closes with Escape, focus back where it was, and sets the cookie without a vote', async () => {
    const calls = pollServer([poll()]);
    const { user } = renderHost();
    const top = screen.getByRole('link', { name: 'Top' });
    top.focus();
    await dialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(top);
    expect(cookieSet()).toBe(true);
    expect(calls.votes).toEqual([]);
  });

  it('does not open, nor ask for the poll, for a visitor with the cookie', async () => {
    document.cookie = 'votePopupOpened=1; path=/';
    const calls = pollServer([poll()]);
    renderHost();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.polls).toHaveLength(0);
  });

  it('does not open when no poll runs (404), quietly', async () => {
    const calls = pollServer([null]);
    renderHost();
    await waitFor(() => expect(calls.polls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(notifications.getSnapshot()).toEqual([]);
    expect(cookieSet()).toBe(false);
  });

  it('does not open for a poll without answers', async () => {
    const calls = pollServer([poll({ options: [] })]);
    renderHost();
    await waitFor(() => expect(calls.polls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for an answer before it sends', async () => {
    const calls = pollServer([poll()]);
    const { user } = renderHost();
    const popup = await dialog();
    await user.click(within(popup).getByRole('button', { name: 'Vote' }));
    expect(within(popup).getByRole('alert').textContent).toBe('Please choose one of the answers.');
    expect(document.activeElement).toBe(within(popup).getByRole('radio', { name: 'Sauna evenings' }));
    expect(calls.votes).toEqual([]);
  });

  it('shows the results when the visitor has voted already (409), and keeps it closed from then on', async () => {
    const calls = pollServer([poll(), poll({ voted: 'sauna' })], () =>
      HttpResponse.json({ code: 'already_voted', message: 'You have voted already.' }, { status: 409 }),
    );
    const { user } = renderHost();
    const popup = await dialog();
    await user.click(within(popup).getByRole('radio', { name: 'Morning yoga' }));
    await user.click(within(popup).getByRole('button', { name: 'Vote' }));
    const status = within(popup).getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('You have already voted. Here are the results.'));
    expect(within(status).getAllByRole('listitem')[0]?.textContent).toBe('Sauna evenings: 75% (3 votes) Your answer');
    expect(calls.polls).toHaveLength(2);
    expect(cookieSet()).toBe(true);
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('asks to choose again among the poll’s answers as they are now after 404 unknown_option', async () => {
    const changed = poll({ options: [{ code: 'massage', label: 'Massages', votes: 0 }, ...poll().options] });
    pollServer([poll(), changed], () =>
      HttpResponse.json({ code: 'unknown_option', message: 'Unknown option' }, { status: 404 }),
    );
    const { user } = renderHost();
    const popup = await dialog();
    await user.click(within(popup).getByRole('radio', { name: 'Morning yoga' }));
    await user.click(within(popup).getByRole('button', { name: 'Vote' }));
    await waitFor(() =>
      expect(within(popup).getByRole('alert').textContent).toBe('That answer is no longer offered. Please choose again.'),
    );
    await waitFor(() => expect(within(popup).getAllByRole('radio')).toHaveLength(3));
    expect(within(popup).getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    expect(cookieSet()).toBe(false);
  });

  it('keeps the choice after another failure, and a second try counts', async () => {
    let tries = 0;
    pollServer([poll()], () => {
      tries += 1;
      return tries === 1
        ? HttpResponse.json({ code: 'service_unavailable', message: 'Busy' }, { status: 503 })
        : HttpResponse.json(poll({ voted: 'sauna', options: [{ code: 'sauna', label: 'Sauna evenings', votes: 4 }, { code: 'yoga', label: 'Morning yoga', votes: 1 }] }), { status: 201 });
    });
    const { user } = renderHost();
    const popup = await dialog();
    await user.click(within(popup).getByRole('radio', { name: 'Sauna evenings' }));
    await user.click(within(popup).getByRole('button', { name: 'Vote' }));
    await waitFor(() =>
      expect(within(popup).getByRole('alert').textContent).toBe('Your vote could not be sent. Please try again in a moment.'),
    );
    expect(within(popup).getByRole<HTMLInputElement>('radio', { name: 'Sauna evenings' }).checked).toBe(true);
    expect(cookieSet()).toBe(false);
    await user.click(within(popup).getByRole('button', { name: 'Vote' }));
    await waitFor(() => expect(within(popup).getByRole('status').textContent).toContain('Sauna evenings: 80% (4 votes)'));
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('does not open on a page that takes no pop-up (checkout), but on the next one', async () => {
    pollServer([poll()]);
    const { router } = renderHost('/basket/payment');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('dialog')).toBeNull();
    await router.navigate('/');
    expect(await dialog()).toBeTruthy();
  });

  it('does not open over another dialog (the age gate)', async () => {
    pollServer([poll()]);
    renderHost(
      '/',
      'en_GB',
      <ModalDialog title="Are you over 18 years?">
        <button type="button">Yes</button>
      </ModalDialog>,
    );
    await screen.findByRole('dialog', { name: 'Are you over 18 years?' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('dialog', { name: 'Quick poll' })).toBeNull();
    expect(cookieSet()).toBe(false);
  });
});
