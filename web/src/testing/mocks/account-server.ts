/**
 * An in-memory stand-in for the accounts API (gateway/src/routes/account.rs
 * and me.rs), for component tests: one browser's session, registered
 * customers with their passwords, and the answers' shapes, status codes and
 * error codes of the gateway (the script marker required where the gateway
 * requires it: 400 without it). Every request is recorded with its marker.
 * Use its `handlers` with `server.use(...)`; a test overrides one answer
 * with another `server.use(...)` after it.
 */
import { http, HttpResponse } from 'msw';

import type { Customer, PlacedOrder } from '@/types/api';

import { customer as customerOf } from './fixtures';
import { apiPath } from './handlers';

export type AccountRequest = {
  method: string;
  path: string;
  body: unknown;
  /** Whether the `X-Requested-With: XMLHttpRequest` marker came with it. */
  marker: boolean;
};

type Account = { customer: Customer; password: string };

export const errorBody = (code: string, message: string, fields: Record<string, string> = {}) => ({
  code,
  message,
  ...(Object.keys(fields).length > 0
    ? { errors: Object.entries(fields).map(([field, fieldMessage]) => ({ field, message: fieldMessage })) }
    : {}),
});

const error = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  HttpResponse.json(errorBody(code, message, fields), { status });

export function createAccountServer({ loggedIn, orders = [] }: { loggedIn?: Customer; orders?: PlacedOrder[] } = {}) {
  const accounts = new Map<string, Account>();
  const requests: AccountRequest[] = [];
  let session: string | null = null;

  const add = (customer: Customer, password: string) => accounts.set(customer.email, { customer, password });
  if (loggedIn) {
    add(loggedIn, 'stare hasło 123');
    session = loggedIn.email;
  }

  const log = async (request: Request) => {
    const text = await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    requests.push({
      method: request.method,
      path: new URL(request.url).pathname.replace('/shop-api', ''),
      body,
      marker: request.headers.get('x-requested-with') === 'XMLHttpRequest',
    });
    return { body: (body ?? {}) as Record<string, string>, marker: requests.at(-1)?.marker ?? false };
  };
  const noMarker = () => error(400, 'invalid_request', 'The request is not valid.', { 'X-Requested-With': 'This value is not valid.' });
  const current = () => (session ? accounts.get(session) : undefined);

  const handlers = [
    http.get(apiPath('/me'), async ({ request }) => {
      await log(request);
      const account = current();
      return account ? HttpResponse.json(account.customer) : new HttpResponse(null, { status: 204 });
    }),
    // As the server: the logged-in customer's orders, 401 for nobody.
    http.get(apiPath('/me/orders'), async ({ request }) => {
      await log(request);
      return current() ? HttpResponse.json({ items: orders }) : error(401, 'not_logged_in', 'You are not logged in.');
    }),
    http.post(apiPath('/login_check'), async ({ request }) => {
      const { body, marker } = await log(request);
      if (!marker) return noMarker();
      const account = accounts.get(String(body.email ?? '').trim().toLowerCase());
      if (!account || account.password !== body.password) {
        return HttpResponse.json({ success: false, message: 'Nieprawidłowy adres e-mail lub hasło.' }, { status: 401 });
      }
      session = account.customer.email;
      return HttpResponse.json({ success: true });
    }),
    http.post(apiPath('/logout'), async ({ request }) => {
      const { marker } = await log(request);
      if (!marker) return noMarker();
      session = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiPath('/register'), async ({ request }) => {
      const { body } = await log(request);
      const email = String(body.email ?? '').trim().toLowerCase();
      if (accounts.has(email)) {
        return error(409, 'email_taken', 'Konto z tym adresem e-mail już istnieje.', {
          email: 'Ten adres e-mail jest już zarejestrowany.',
        });
      }
      const created = customerOf({
        email,
        firstName: String(body.firstName ?? ''),
        lastName: String(body.lastName ?? ''),
        phone: String(body.phone ?? ''),
      });
      add(created, String(body.password ?? ''));
      session = email;
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put(apiPath('/me'), async ({ request }) => {
      const { body, marker } = await log(request);
      if (!marker) return noMarker();
      const account = current();
      if (!account) return error(401, 'not_logged_in', 'Nie jesteś zalogowany.');
      account.customer = {
        ...account.customer,
        firstName: String(body.firstName ?? '').trim(),
        lastName: String(body.lastName ?? '').trim(),
        phone: String(body.phone ?? '').trim(),
      };
      return HttpResponse.json(account.customer);
    }),
    http.put(apiPath('/me/password'), async ({ request }) => {
      const { body, marker } = await log(request);
      if (!marker) return noMarker();
      const account = current();
      if (!account) return error(401, 'not_logged_in', 'Nie jesteś zalogowany.');
      if (body.currentPassword !== account.password) {
        return error(400, 'invalid_credentials', 'Nieprawidłowy adres e-mail lub hasło.', {
          currentPassword: 'Nieprawidłowy adres e-mail lub hasło.',
        });
      }
      account.password = String(body.newPassword ?? '');
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiPath('/verify-account'), async ({ request }) => {
      await log(request);
      return new HttpResponse(null, { status: 202 });
    }),
    http.post(apiPath('/password-reset'), async ({ request }) => {
      await log(request);
      return new HttpResponse(null, { status: 202 });
    }),
    http.post(apiPath('/password-reset/:token'), async ({ request, params }) => {
      await log(request);
      if (params.token !== 'valid-token') {
        return error(409, 'invalid_link', 'Ten link jest nieznany, wykorzystany lub wygasł.', { token: 'unknown, used or expired' });
      }
      session = null;
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  return {
    handlers,
    requests,
    /** A registered customer who can log in with `password`. */
    addAccount: add,
    isLoggedIn: () => session !== null,
  };
}
