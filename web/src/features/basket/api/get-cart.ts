/**
 * GET /shop-api/carts/{token}: the visitor's basket, under the token kept in
 * browser storage; no token, no basket (a cart is created on the first add).
 *
 * Only a 404 `cart_not_found` means the server no longer has the basket
 * (expired, dropped): it is forgotten and a new, empty one is created under
 * a new token (spec 4, 8), without the error notification, since nothing
 * the visitor did failed. Any other failure (no answer, the service down,
 * too many requests, a refused session) keeps the basket: the visitor's
 * items are not thrown away for it, and the next fetch tries again.
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

/**
 * Keyed by the token too: when another tab creates or replaces the cart,
 * the stored token changes and so does the query, instead of showing the
 * old cart's data beside the new token.
 */
export const cartKeys = {
  all: ['basket', 'cart'] as const,
  cart: (locale: Locale, token: string | null) => [...cartKeys.all, locale, token] as const,
};

/** Whether a failed call means the server does not have this basket (the only such answer). */
export const isLostCart = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404 && error.code === 'cart_not_found';

/** A lost basket is replaced, not reported: its 404 raises no notification. */
export const notifyUnlessLost = (error: ApiError) => !isLostCart(error);

let creating: Promise<Cart> | null = null;

/**
 * The cart to work in: the stored one, unless it is `lost` (or there is
 * none), then a new one, created and stored here. Single-flight for the
 * whole page: a basket fetch and a change that both find the cart lost (or
 * two first adds) share one new cart instead of each creating one, the
 * last stored winning and the other's item lost. A caller that finds the
 * cart already replaced gets the replacement.
 *
 * `created` is the new cart when this call waited for one being created;
 * `keep` stores it (a mutation's keeps it in the cached basket too, before
 * the stored token changes, so the basket is not fetched again for it).
 */
export async function ensureCart(
  locale: Locale,
  lost: string | null = null,
  keep: (cart: Cart) => void = basketStorage.save,
): Promise<{ token: string; created?: Cart }> {
  if (!creating) {
    const current = basketStorage.getToken();
    if (current && current !== lost) return { token: current };
    creating = (async () => {
      try {
        const cart = await createCart(locale);
        keep(cart);
        return cart;
      } finally {
        creating = null;
      }
    })();
  }
  const created = await creating;
  return { token: created.tokenValue, created };
}

export async function getCart(locale: Locale, token: string | null, signal?: AbortSignal): Promise<Cart | null> {
  if (!token) return null;
  try {
    const cart = await apiClient.get<Cart>(`/carts/${encodeURIComponent(token)}`, {
      locale,
      signal,
      notifyOnError: notifyUnlessLost,
    });
    // An answer about a token that has been replaced meanwhile (a lost cart
    // replaced, another tab), or one a change cancelled, is not the basket.
    if (!signal?.aborted && basketStorage.getToken() === token) basketStorage.save(cart);
    return cart;
  } catch (error) {
    if (!isLostCart(error)) throw error;
    const { token: fresh, created } = await ensureCart(locale, token);
    return created ?? getCart(locale, fresh, signal);
  }
}

export function cartQueryOptions(locale: Locale, token: string | null) {
  return queryOptions({
    queryKey: cartKeys.cart(locale, token),
    queryFn: ({ signal }) => getCart(locale, token, signal),
    // The basket loads beside the page (header, basket steps): no global loader (spec 7).
    meta: { skipGlobalLoader: true },
  });
}

/** A basket call's answer replaces the basket (query data and stored copy). */
export function setCart(queryClient: QueryClient, locale: Locale, cart: Cart) {
  // The data first: a new token in storage switches the basket's query to it.
  queryClient.setQueryData(cartKeys.cart(locale, cart.tokenValue), cart);
  basketStorage.save(cart);
}
