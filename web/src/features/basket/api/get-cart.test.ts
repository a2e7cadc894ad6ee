import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { basketStorage } from '@/features/basket/utils/storage';
import { notifications } from '@/lib/notifications';
import { createCartServer } from '@/testing/mocks/cart-server';
import { cart, cartItem } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

import { addCartItem } from './add-cart-item';
import { getCart } from './get-cart';

const TOKEN = '0123456789abcdef0123456789abcdef';

describe('getCart', () => {
  it('asks for nothing while no basket is stored', async () => {
    const fake = createCartServer();
    server.use(...fake.handlers);
    expect(await getCart('pl', null)).toBeNull();
    expect(fake.requests).toEqual([]);
  });

  it('reads the stored basket and stores the answer', async () => {
    const fake = createCartServer();
    fake.seed(TOKEN, [cartItem({ id: 3, quantity: 2 })]);
    basketStorage.save(cart([], { tokenValue: TOKEN }));
    server.use(...fake.handlers);

    const answer = await getCart('de', TOKEN);
    expect(answer?.items.map((line) => line.id)).toEqual([3]);
    expect(basketStorage.read()?.items.map((line) => line.quantity)).toEqual([2]);
    expect(fake.requests).toEqual([{ method: 'GET', path: `/carts/${TOKEN}`, body: undefined }]);
  });

  it('forgets a basket the server no longer has and makes a new one under a new token', async () => {
    const fake = createCartServer();
    basketStorage.save(cart([cartItem()], { tokenValue: TOKEN }));
    server.use(...fake.handlers);

    const answer = await getCart('pl', TOKEN);
    const fresh = basketStorage.getToken();
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(TOKEN);
    expect(answer).toMatchObject({ tokenValue: fresh, items: [] });
    expect(basketStorage.read()?.items).toEqual([]);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /carts/${TOKEN}`, `POST /carts/${fresh}`]);
    expect(fake.requests[1]?.body).toEqual({ channel: 'web_pl', locale: 'pl' });
    // Nothing the visitor did failed: no error notification for the lost basket.
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [408, 'timeout'],
    [429, 'too_many_requests'],
  ])('keeps the basket on a %i (%s): only cart_not_found means the basket is lost', async (status, code) => {
    basketStorage.save(cart([cartItem()], { tokenValue: TOKEN }));
    server.use(http.get(apiPath('/carts/:token'), () => HttpResponse.json({ code, message: code }, { status })));
    await expect(getCart('pl', TOKEN)).rejects.toMatchObject({ status });
    expect(basketStorage.getToken()).toBe(TOKEN);
    expect(basketStorage.read()?.items).toHaveLength(1);
  });

  it('does not store an answer about a token that was replaced meanwhile', async () => {
    const fake = createCartServer();
    fake.seed(TOKEN, [cartItem({ id: 3 })]);
    const other = 'fedcba9876543210fedcba9876543210';
    basketStorage.save(cart([cartItem({ id: 9 })], { tokenValue: other }));
    server.use(...fake.handlers);

    expect((await getCart('pl', TOKEN))?.items.map((line) => line.id)).toEqual([3]);
    expect(basketStorage.getToken()).toBe(other);
    expect(basketStorage.read()?.items.map((line) => line.id)).toEqual([9]);
  });

  it('shares one new cart between a fetch and an add that both find the basket lost: the item stays', async () => {
    const fake = createCartServer();
    basketStorage.save(cart([cartItem()], { tokenValue: TOKEN }));
    server.use(...fake.handlers);

    const adopted: string[] = [];
    const [fetched, added] = await Promise.all([
      getCart('pl', TOKEN),
      addCartItem('pl', { type: 'product', productCode: 'PR_OIL' }, (answer) => adopted.push(answer.tokenValue)),
    ]);
    const creations = fake.requests.filter((r) => r.method === 'POST' && /^\/carts\/[0-9a-f]{32}$/.test(r.path));
    expect(creations).toHaveLength(1);
    const fresh = basketStorage.getToken();
    expect(fresh).not.toBe(TOKEN);
    expect(fetched?.tokenValue).toBe(fresh);
    expect(added.tokenValue).toBe(fresh);
    expect(fake.carts.get(fresh ?? '')?.items.map((line) => line.code)).toEqual(['PR_OIL']);
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('creates one cart for two first adds at once', async () => {
    const fake = createCartServer();
    server.use(...fake.handlers);
    await Promise.all([
      addCartItem('pl', { type: 'product', productCode: 'PR_OIL' }, () => undefined),
      addCartItem('pl', { type: 'treatment', productCode: 'TR_MASSAGE' }, () => undefined),
    ]);
    expect(fake.carts.size).toBe(1);
    expect([...fake.carts.values()][0]?.items.map((line) => line.code).sort()).toEqual(['PR_OIL', 'TR_MASSAGE']);
  });

  it('keeps the basket when the service could not answer, and says so', async () => {
    basketStorage.save(cart([cartItem()], { tokenValue: TOKEN }));
    server.use(
      http.get(apiPath('/carts/:token'), () =>
        HttpResponse.json({ code: 'service_unavailable', message: 'Koszyk jest chwilowo niedostępny.' }, { status: 503 }),
      ),
    );
    await expect(getCart('pl', TOKEN)).rejects.toMatchObject({ status: 503 });
    expect(basketStorage.getToken()).toBe(TOKEN);
    expect(basketStorage.read()?.items).toHaveLength(1);
    expect(notifications.getSnapshot().map((n) => n.message)).toEqual(['Koszyk jest chwilowo niedostępny.']);
  });
});
