/**
 * What checkout needs of the basket (features/checkout/components/checkout-basket.tsx),
 * filled in with the basket feature's own helpers: its storage, its cached
 * basket, its add, its lines and its price summary.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';

import { addCartItem } from '@/features/basket/api/add-cart-item';
import { cartKeys, setCart } from '@/features/basket/api/get-cart';
import { OrderLines } from '@/features/basket/components/order-lines';
import { PriceSummary } from '@/features/basket/components/price-summary';
import { basketStorage, useStoredBasket } from '@/features/basket/utils/storage';
import { CheckoutBasketContext, type CheckoutBasket } from '@/features/checkout/components/checkout-basket';
import { useI18n } from '@/lib/i18n/i18n-provider';

export function CheckoutBasketProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  const token = useStoredBasket()?.tokenValue ?? null;
  const basket = useMemo<CheckoutBasket>(() => {
    const keep = (cart: Parameters<CheckoutBasket['keep']>[0]) => setCart(queryClient, locale, cart);
    // A basket fetch on its way could put the old basket back (as the basket's own changes do).
    const cancelFetches = () => queryClient.cancelQueries({ queryKey: cartKeys.all });
    return {
      token,
      keep,
      forget: () => {
        basketStorage.reset();
        queryClient.removeQueries({ queryKey: cartKeys.all });
      },
      refresh: () => void queryClient.invalidateQueries({ queryKey: cartKeys.all }),
      add: async (item) => {
        await cancelFetches();
        const cart = await addCartItem(locale, item, keep);
        await cancelFetches();
        keep(cart);
        return cart;
      },
      lines: (cart) => <OrderLines items={cart.items} />,
      summary: (cart, options) => <PriceSummary totals={cart.totals} codes={cart.vouchers} {...options} />,
    };
  }, [queryClient, locale, token]);
  return <CheckoutBasketContext value={basket}>{children}</CheckoutBasketContext>;
}

