/**
 * GET /shop-api/carts/{token}: the visitor's basket, under the token kept in
 * browser storage; no token, no basket (a cart is created on the first add).
 *
 * A basket the server no longer has (404, or any other refusal of the
 * token) is forgotten and a new, empty one is created under a new token
 * (spec 4, 8). A basket that could not be asked for (no answer, or the
 * service is down) is kept: the visitor's items are not thrown away for an
 * outage, and the next fetch tries again.
 *
 * Every change of the basket answers with the whole cart, which replaces
 * this query's data (`setCart`) and the stored copy.
 *
 * No React here: the header's mini basket (on every page, in the first
 * page load) uses this module; the hook is in use-cart.ts.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { apiClient, ApiError } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Cart } from '@/types/api';

import { basketStorage } from '@/features/basket/utils/storage';
import { createCart } from './create-cart';

export const cartKeys = {
  all: ['basket', 'cart'] as const,
  cart: (locale: Locale) => [...cartKeys.all, locale] as const,
};

/** Whether a failed fetch means the server does not have this basket. */
export const isLostCart = (error: unknown): boolean =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export async function getCart(locale: Locale, signal?: AbortSignal): Promise<Cart | null> {
  const token = basketStorage.getToken();
  if (!token) return null;
  try {
    const cart = await apiClient.get<Cart>(`/carts/${encodeURIComponent(token)}`, { locale, signal });
    basketStorage.save(cart);
    return cart;
  } catch (error) {
    if (!isLostCart(error)) throw error;
    basketStorage.reset();
    const cart = await createCart(locale);
    basketStorage.save(cart);
    return cart;
  }
}

export function cartQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: cartKeys.cart(locale),
    queryFn: ({ signal }) => getCart(locale, signal),
  });
}

/** A basket call's answer replaces the basket (query data and stored copy). */
export function setCart(queryClient: QueryClient, locale: Locale, cart: Cart) {
  basketStorage.save(cart);
  queryClient.setQueryData(cartKeys.cart(locale), cart);
}
