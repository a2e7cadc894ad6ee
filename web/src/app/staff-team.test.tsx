import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { customer } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { Customer, StaffMember } from '@/types/api';

import { createRoutes } from './router';

// The back office's code, loaded once before the tests (the first lazy load takes a while in tests).
beforeAll(() => import('./routes/staff'));

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  id: 'm-1',
  email: 'admin@example.pl',
  firstName: 'Adam',
  lastName: 'Nowak',
  role: 'admin',
  active: true,
  invited: false,
  ...overrides,
});

/** The team page over a fake `/backend/staff` with its rules: administrators only, one active administrator kept. */
function renderTeam(locale: Locale, me: Customer) {
  const team = [member({}), member({ id: 'm-2', email: 'recepcja@example.pl', firstName: 'Rita', lastName: 'Recepcja', role: 'reception' })];
  const sent: { method: string; path: string; body: unknown }[] = [];
  const admin = me.roles.includes('admin');
  const forbidden = () => HttpResponse.json({ code: 'forbidden', message: 'No.' }, { status: 403 });
  server.use(
    http.get(apiPath('/me'), () => HttpResponse.json(me)),
    http.get(apiPath('/backend/staff'), () => (admin ? HttpResponse.json({ items: team }) : forbidden())),
    http.post(apiPath('/backend/staff'), async ({ request }) => {
      const body = (await request.json()) as { email: string; role: StaffMember['role'] };
      sent.push({ method: 'POST', path: '/backend/staff', body });
      const invited = member({ id: 'm-3', email: body.email, firstName: '', lastName: '', role: body.role, invited: true });
      team.push(invited);
      return HttpResponse.json(invited);
    }),
    http.put(apiPath('/backend/staff/:id'), async ({ request, params }) => {
      const body = (await request.json()) as { role?: StaffMember['role']; active?: boolean };
      sent.push({ method: 'PUT', path: `/backend/staff/${String(params.id)}`, body });
      const target = team.find((m) => m.id === params.id)!;
      const next = { ...target, ...body };
      const admins = team.filter((m) => m.id !== target.id && m.role === 'admin' && m.active).length + (next.role === 'admin' && next.active ? 1 : 0);
      if (admins === 0) {
        return HttpResponse.json({ code: 'last_admin', message: 'The house keeps one active administrator.' }, { status: 409 });
      }
      Object.assign(target, next);
      return HttpResponse.json(target);
    }),
  );
  const queryClient = createTestQueryClient();
  return { ...renderRoutes(createRoutes(locale, queryClient), '/backend/staff', { locale, queryClient }), sent, user: userEvent.setup() };
}

const adminMe = () => customer({ email: 'admin@example.pl', roles: ['customer', 'admin'] });

describe('the team', () => {
  it('lists the members with their role and account, and invites one by e-mail', async () => {
    const { sent, user } = renderTeam('en_GB', adminMe());
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Members of the team' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual(['admin@example.pl (Adam Nowak)', 'recepcja@example.pl (Rita Recepcja)']);
    expect(within(rows[1]!).getByLabelText<HTMLSelectElement>('Role of recepcja@example.pl').value).toBe('reception');

    const form = screen.getByRole('form', { name: 'Invite to the team' });
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(screen.getByText('Enter the e-mail address.')).toBeTruthy();
    await user.type(within(form).getByLabelText('E-mail address'), 'nowa@example.pl');
    await user.selectOptions(within(form).getByLabelText('Role'), 'editor');
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect((await screen.findByText('Invitation sent to nowa@example.pl.')).closest('[role="status"]')).toBeTruthy();
    expect(sent).toEqual([{ method: 'POST', path: '/backend/staff', body: { email: 'nowa@example.pl', role: 'editor' } }]);
    const invited = await within(table).findByText('nowa@example.pl');
    expect(invited.closest('tr')?.textContent).toContain('invited, no password set yet');
  });

  it('changes a role and disables an account in place; the last administrator is kept, in the server’s words', async () => {
    const { sent, user } = renderTeam('en_GB', adminMe());
    await screen.findByRole('table', { name: 'Members of the team' });
    await user.selectOptions(screen.getByLabelText('Role of recepcja@example.pl'), 'admin');
    await screen.findByText('recepcja@example.pl is now Administrator.');
    await user.click(screen.getByRole('button', { name: 'Disable recepcja@example.pl' }));
    await screen.findByText('recepcja@example.pl is disabled; their sessions have ended.');
    expect(screen.getByRole('button', { name: 'Enable recepcja@example.pl' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Disable admin@example.pl' }));
    expect((await screen.findByText('The house keeps one active administrator.')).closest('[role="alert"]')).toBeTruthy();
    expect(sent.map((s) => [s.path, s.body])).toEqual([
      ['/backend/staff/m-2', { role: 'admin' }],
      ['/backend/staff/m-2', { active: false }],
      ['/backend/staff/m-1', { active: false }],
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Disable admin@example.pl' })).toBeTruthy());
  });

  it('tells the front desk that only administrators manage the team', async () => {
    renderTeam('pl', customer({ roles: ['customer', 'reception'] }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Zespołem zarządzają tylko administratorzy.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
