/**
 * Changes of the basket: each answers with the whole cart, which replaces
 * the cached basket and its stored copy (spec 4).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { RequestOptions } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import type { Cart } from '@/types/api';

import { cartKeys, ensureCart, isLostCart, notifyUnlessLost, setCart } from './get-cart';

/** A change against one cart; `notifyOnError` goes to the request. */
type Change = (token: string, notifyOnError: RequestOptions['notifyOnError']) => Promise<Cart>;

/**
 * Runs a change against the stored cart, creating the cart first when
 * there is none yet (carts are created on the first add). When the server
 * no longer has the cart, a new one is made (`ensureCart`, shared with the
 * basket fetch) and an add is tried once more in it, quietly the first
 * time: the visitor's add did not fail. Other changes need the lines of the
 * old cart and fail, saying so.
 */
export async function withCart(
  locale: Locale,
  change: Change,
  {
    retryInNewCart = false,
    adopt,
  }: {
    retryInNewCart?: boolean;
    /** Keeps a cart created on the way (the mutations: in the cached basket too). */
    adopt?: (cart: Cart) => void;
  } = {},
): Promise<Cart> {
  const ensure = async (lost: string | null) => (await ensureCart(locale, lost, adopt)).token;
  const token = await ensure(null);
  try {
    return await change(encodeURIComponent(token), retryInNewCart ? notifyUnlessLost : true);
  } catch (error) {
    if (!isLostCart(error)) throw error;
    const fresh = await ensure(token);
    if (!retryInNewCart) throw error;
    return change(encodeURIComponent(fresh), true);
  }
}

/** How a change is made: against the cart, with its way to keep a cart created on the way. */
export type CartChange<V> = (locale: Locale, variables: V, adopt: (cart: Cart) => void) => Promise<Cart>;

/**
 * All basket changes share one queue (a mutation scope): the next waits
 * until the one before has answered. Each answer replaces the whole basket,
 * so two changes made at once from different places (an add from a
 * suggestion card, a package attached, a quantity changed on the basket
 * page) would otherwise put the basket of whichever answered last, perhaps
 * the older one, in place of the newer.
 */
export const CART_MUTATION_SCOPE = { id: 'basket' } as const;

/**
 * A basket change as a mutation: its answer replaces the basket; after a
 * failure the basket is asked for again, so the page shows what the server
 * holds. A basket fetch on its way when the change starts or answers is
 * cancelled: it could land after the change's answer and put the old
 * basket back (in the cache and in storage). Changes run one at a time
 * (`CART_MUTATION_SCOPE`).
 */
export function useCartMutation<V>(change: CartChange<V>) {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  const cancelFetches = () => queryClient.cancelQueries({ queryKey: cartKeys.all });
  return useMutation({
    scope: CART_MUTATION_SCOPE,
    onMutate: cancelFetches,
    mutationFn: (variables: V) => change(locale, variables, (cart) => setCart(queryClient, locale, cart)),
    onSuccess: async (cart) => {
      await cancelFetches();
      setCart(queryClient, locale, cart);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
