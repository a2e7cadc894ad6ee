/**
 * Changes of the basket: each answers with the whole cart, which replaces
 * the cached basket and its stored copy (spec 4).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { basketStorage } from '@/features/basket/utils/storage';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import type { Cart } from '@/types/api';

import { createCart } from './create-cart';
import { cartKeys, setCart } from './get-cart';

const isCartNotFound = (error: unknown) => error instanceof ApiError && error.code === 'cart_not_found';

/**
 * Runs a change against the stored cart, creating the cart first when
 * there is none yet (carts are created on the first add). When the server
 * no longer has the cart, a new one is created and an add is tried once
 * more in it; other changes need the lines of the old cart and fail.
 */
export async function withCart(
  locale: Locale,
  change: (token: string) => Promise<Cart>,
  {
    retryInNewCart = false,
    adopt = basketStorage.save,
  }: {
    retryInNewCart?: boolean;
    /** Keeps a cart created on the way (the mutations: the stored token and the cached basket together). */
    adopt?: (cart: Cart) => void;
  } = {},
): Promise<Cart> {
  const create = async () => {
    const cart = await createCart(locale);
    adopt(cart);
    return cart.tokenValue;
  };
  const token = basketStorage.getToken() ?? (await create());
  try {
    return await change(encodeURIComponent(token));
  } catch (error) {
    if (!isCartNotFound(error)) throw error;
    basketStorage.reset();
    const fresh = await create();
    if (!retryInNewCart) throw error;
    return change(encodeURIComponent(fresh));
  }
}

/** How a change is made: against the cart, with its way to keep a cart created on the way. */
export type CartChange<V> = (locale: Locale, variables: V, adopt: (cart: Cart) => void) => Promise<Cart>;

/**
 * A basket change as a mutation: its answer replaces the basket; after a
 * failure the basket is asked for again, so the page shows what the server
 * holds.
 */
export function useCartMutation<V>(change: CartChange<V>) {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (variables: V) => change(locale, variables, (cart) => setCart(queryClient, locale, cart)),
    onSuccess: (cart) => setCart(queryClient, locale, cart),
    onError: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
