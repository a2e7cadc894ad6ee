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

import { useAddCartItem } from './add-cart-item';
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
});
