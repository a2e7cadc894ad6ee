import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { basketStorage } from '@/features/basket/utils/storage';
import { createCartServer } from '@/testing/mocks/cart-server';
import { cart, cartItem } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, TestProviders } from '@/testing/test-utils';

import type { AddCartItem, CartItem, UpdateCartItem } from '@/types/api';

import { useAddCartItem } from './add-cart-item';
import { useUpdateCartItem } from './update-cart-item';
import { useCart } from './use-cart';

const TOKEN = '0123456789abcdef0123456789abcdef';

describe('a basket change', () => {
  it('cancels a basket fetch on its way, so the old basket never comes back over the change', async () => {
    const fake = createCartServer();
    const first = cartItem({ id: 1, code: 'PR_SOAP' });
    fake.seed(TOKEN, [first]);
    basketStorage.save(cart([first], { tokenValue: TOKEN }));
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let fetches = 0;
    server.use(
      // The basket as it was, answered late.
      http.get(apiPath('/carts/:token'), async () => {
        fetches += 1;
        await held;
        return HttpResponse.json(cart([first], { tokenValue: TOKEN }));
      }),
      ...fake.handlers,
    );
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    const { result } = renderHook(() => ({ cart: useCart('pl'), add: useAddCartItem() }), { wrapper });
    await waitFor(() => expect(fetches).toBe(1));

    await act(() => result.current.add.mutateAsync({ type: 'product', productCode: 'PR_OIL' }));
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(result.current.cart.data?.items.map((line) => line.code)).toEqual(['PR_SOAP', 'PR_OIL']);
    expect(basketStorage.read()?.items.map((line) => line.code)).toEqual(['PR_SOAP', 'PR_OIL']);
  });

  it('waits for the change before it: answers of two changes from different places never land out of order', async () => {
    const oil = cartItem({ id: 7, code: 'PR_OIL', quantity: 1, minQuantity: 1, maxQuantity: 5 });
    let items: CartItem[] = [oil];
    basketStorage.save(cart(items, { tokenValue: TOKEN }));
    const log: string[] = [];
    let answerSecond = () => undefined as void;
    const secondAnswered = new Promise<void>((resolve) => {
      answerSecond = resolve;
    });
    server.use(
      http.get(apiPath('/carts/:token'), () => HttpResponse.json(cart(items, { tokenValue: TOKEN }))),
      // The add is made at once, but its answer is slow: it comes after the
      // quantity change's, if that one does not wait for it.
      http.post(apiPath('/carts/:token/items'), async ({ request }) => {
        const item = (await request.json()) as AddCartItem;
        log.push('add sent');
        items = [...items, cartItem({ id: 8, code: item.productCode ?? '' })];
        const answer = cart(items, { tokenValue: TOKEN });
        await Promise.race([secondAnswered, new Promise((resolve) => setTimeout(resolve, 100))]);
        log.push('add answered');
        return HttpResponse.json(answer, { status: 201 });
      }),
      http.put(apiPath('/carts/:token/items/:id'), async ({ request }) => {
        const change = (await request.json()) as UpdateCartItem;
        log.push('quantity sent');
        items = items.map((line) => (line.id === 7 ? { ...line, quantity: change.quantity ?? line.quantity } : line));
        answerSecond();
        log.push('quantity answered');
        return HttpResponse.json(cart(items, { tokenValue: TOKEN }));
      }),
    );
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <TestProviders queryClient={queryClient}>{children}</TestProviders>
    );
    // A suggestion card's add and the basket page's quantity change: two components.
    const host = renderHook(() => useAddCartItem(), { wrapper });
    const page = renderHook(() => ({ cart: useCart('pl'), update: useUpdateCartItem() }), { wrapper });

    await act(async () => {
      const added = host.result.current.mutateAsync({ type: 'product', productCode: 'PR_SOAP' });
      const changed = page.result.current.update.mutateAsync({ lineId: 7, change: { quantity: 2 } });
      await Promise.all([added, changed]);
    });

    // The basket is the later answer's, in the cache and in storage.
    const shown = (list: CartItem[] | undefined) => list?.map((line) => `${line.code}×${line.quantity}`);
    await waitFor(() => expect(shown(page.result.current.cart.data?.items)).toEqual(['PR_OIL×2', 'PR_SOAP×1']));
    expect(shown(basketStorage.read()?.items)).toEqual(['PR_OIL×2', 'PR_SOAP×1']);
    // The quantity change went out once the add had its answer.
    expect(log).toEqual(['add sent', 'add answered', 'quantity sent', 'quantity answered']);
  });
});
