import { describe, expect, it, vi } from 'vitest';

import { cart, cartItem } from '@/testing/mocks/fixtures';
import type { Cart } from '@/types/api';

import { BASKET_STORAGE_KEY, createBasketStorage, newCartToken } from './storage';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

describe('basket storage', () => {
  it('makes tokens of 32 random hex characters', () => {
    const tokens = new Set(Array.from({ length: 50 }, newCartToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{32}$/);
  });

  it('makes them without randomUUID too (outside a secure context)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array<ArrayBuffer>) => real.getRandomValues(array) });
    try {
      expect(newCartToken()).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the token, the items, the billing address and the checkout state, and nothing else', () => {
    const storage = memoryStorage();
    const store = createBasketStorage(storage);
    const items = [cartItem({ id: 1 })];
    // The API describes no address fields yet.
    const billingAddress = { city: 'Łagów' } as unknown as Cart['billingAddress'];
    store.save(cart(items, { tokenValue: 'f'.repeat(32), checkoutState: 'addressed', billingAddress }));

    expect(JSON.parse(storage.data.get(BASKET_STORAGE_KEY) ?? '')).toEqual({
      tokenValue: 'f'.repeat(32),
      items,
      billingAddress: { city: 'Łagów' },
      checkoutState: 'addressed',
    });
    // A new page load reads it back.
    const again = createBasketStorage(storage);
    expect(again.getToken()).toBe('f'.repeat(32));
    expect(again.read()?.items).toEqual(items);
    expect(again.read()).toBe(again.read());
  });

  it('forgets the basket on reset and tells its readers', () => {
    const storage = memoryStorage();
    const store = createBasketStorage(storage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.save(cart([], { tokenValue: 'e'.repeat(32) }));
    store.reset();
    expect(store.read()).toBeNull();
    expect(storage.data.has(BASKET_STORAGE_KEY)).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('reads what it cannot understand as no basket', () => {
    const storage = memoryStorage();
    storage.setItem(BASKET_STORAGE_KEY, '{not json');
    expect(createBasketStorage(storage).read()).toBeNull();
    storage.setItem(BASKET_STORAGE_KEY, JSON.stringify({ tokenValue: '', items: [] }));
    expect(createBasketStorage(storage).read()).toBeNull();
  });

  it('keeps the basket in memory where storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createBasketStorage(refusing);
    store.save(cart([], { tokenValue: 'd'.repeat(32) }));
    expect(store.getToken()).toBe('d'.repeat(32));
  });
});
