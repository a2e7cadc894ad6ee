import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { useCheckoutBasket } from '@/features/checkout/components/checkout-basket';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Cart } from '@/types/api';

import { checkoutKeys } from './checkout-keys';

/**
 * A step's answer is the whole basket: it replaces the step's copy and the
 * basket's (cached and stored: the checkout state and billing address
 * persist, spec 3).
 */
export function useCartAnswer() {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  const basket = useCheckoutBasket();
  return useCallback(
    (cart: Cart) => {
      queryClient.setQueryData(checkoutKeys.start(locale, cart.tokenValue), cart);
      basket.keep(cart);
    },
    [queryClient, locale, basket],
  );
}
