/**
 * The basket kept in the browser (spec 3 "persisted in browser storage"):
 * the cart token, its items, billing address and checkout state, under one
 * localStorage key. The token names the server's cart; the rest lets the
 * header show the basket before the server has answered.
 *
 * A tiny external store: React reads it with `useStoredBasket()` and
 * re-renders when a cart is created or reset, in this tab or another one.
 * Where storage is unavailable (private mode, quota) the basket lives in
 * memory for the page's lifetime.
 */
import { useSyncExternalStore } from 'react';

import type { Cart, CartItem } from '@/types/api';

/** The storage key (the spec does not name one). */
export const BASKET_STORAGE_KEY = 'spa.basket';

export type StoredBasket = {
  tokenValue: string;
  items: CartItem[];
  billingAddress: Cart['billingAddress'];
  checkoutState: string;
};

/** A new cart token: 32 random hex characters (a UUID without its dashes). */
export function newCartToken(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  // randomUUID needs a secure context; getRandomValues does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isStoredBasket(value: unknown): value is StoredBasket {
  if (!value || typeof value !== 'object') return false;
  const { tokenValue, items } = value as Partial<StoredBasket>;
  return typeof tokenValue === 'string' && tokenValue !== '' && Array.isArray(items);
}

export function createBasketStorage(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null) {
  let memory: string | null = null;
  const listeners = new Set<() => void>();
  // The parsed value, kept while the text is the same: snapshots must be stable.
  let cache: { text: string | null; value: StoredBasket | null } = { text: null, value: null };

  const readText = (): string | null => {
    try {
      return storage ? storage.getItem(BASKET_STORAGE_KEY) : memory;
    } catch {
      return memory;
    }
  };
  const writeText = (text: string | null) => {
    memory = text;
    try {
      if (text === null) storage?.removeItem(BASKET_STORAGE_KEY);
      else storage?.setItem(BASKET_STORAGE_KEY, text);
    } catch {
      // Storage is full or forbidden: the copy in memory serves this page.
    }
    for (const listener of listeners) listener();
  };

  const read = (): StoredBasket | null => {
    const text = readText();
    if (text !== cache.text) {
      let value: StoredBasket | null;
      try {
        const parsed: unknown = text ? JSON.parse(text) : null;
        value = isStoredBasket(parsed) ? parsed : null;
      } catch {
        value = null;
      }
      cache = { text, value };
    }
    return cache.value;
  };

  return {
    read,
    getToken: () => read()?.tokenValue ?? null,
    /** Keeps what the spec persists of a cart the server answered with. */
    save: (cart: Cart) => {
      const stored: StoredBasket = {
        tokenValue: cart.tokenValue,
        items: cart.items,
        billingAddress: cart.billingAddress,
        checkoutState: cart.checkoutState,
      };
      writeText(JSON.stringify(stored));
    },
    /** Forgets the basket (the server no longer has it). */
    reset: () => writeText(null),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      // Another tab changed the basket.
      const onStorage = (event: StorageEvent) => {
        if (event.key === BASKET_STORAGE_KEY || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export type BasketStorage = ReturnType<typeof createBasketStorage>;

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The app's basket storage. */
export const basketStorage = createBasketStorage(browserStorage());

/** The stored basket (token and items), re-read when it changes. */
export function useStoredBasket(): StoredBasket | null {
  return useSyncExternalStore(basketStorage.subscribe, basketStorage.read, basketStorage.read);
}
