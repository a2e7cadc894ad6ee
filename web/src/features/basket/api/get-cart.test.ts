import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { basketStorage } from '@/features/basket/utils/storage';
import { notifications } from '@/lib/notifications';
import { createCartServer } from '@/testing/mocks/cart-server';
import { cart, cartItem } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

import { getCart } from './get-cart';

const TOKEN = '0123456789abcdef0123456789abcdef';

describe('getCart', () => {
  it('asks for nothing while no basket is stored', async () => {
    const fake = createCartServer();
    server.use(...fake.handlers);
    expect(await getCart('pl')).toBeNull();
    expect(fake.requests).toEqual([]);
  });

  it('reads the stored basket and stores the answer', async () => {
    const fake = createCartServer();
    fake.seed(TOKEN, [cartItem({ id: 3, quantity: 2 })]);
    basketStorage.save(cart([], { tokenValue: TOKEN }));
    server.use(...fake.handlers);

    const answer = await getCart('de');
    expect(answer?.items.map((line) => line.id)).toEqual([3]);
    expect(basketStorage.read()?.items.map((line) => line.quantity)).toEqual([2]);
    expect(fake.requests).toEqual([{ method: 'GET', path: `/carts/${TOKEN}`, body: undefined }]);
  });

  it('forgets a basket the server no longer has and makes a new one under a new token', async () => {
    const fake = createCartServer();
    basketStorage.save(cart([cartItem()], { tokenValue: TOKEN }));
    server.use(...fake.handlers);

    const answer = await getCart('pl');
    const fresh = basketStorage.getToken();
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(TOKEN);
    expect(answer).toMatchObject({ tokenValue: fresh, items: [] });
    expect(basketStorage.read()?.items).toEqual([]);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /carts/${TOKEN}`, `POST /carts/${fresh}`]);
    expect(fake.requests[1]?.body).toEqual({ channel: 'web_pl', locale: 'pl' });
  });

  it('keeps the basket when the service could not answer, and says so', async () => {
    basketStorage.save(cart([cartItem()], { tokenValue: TOKEN }));
    server.use(
      http.get(apiPath('/carts/:token'), () =>
        HttpResponse.json({ code: 'service_unavailable', message: 'Koszyk jest chwilowo niedostępny.' }, { status: 503 }),
      ),
    );
    await expect(getCart('pl')).rejects.toMatchObject({ status: 503 });
    expect(basketStorage.getToken()).toBe(TOKEN);
    expect(basketStorage.read()?.items).toHaveLength(1);
    expect(notifications.getSnapshot().map((n) => n.message)).toEqual(['Koszyk jest chwilowo niedostępny.']);
  });
});
