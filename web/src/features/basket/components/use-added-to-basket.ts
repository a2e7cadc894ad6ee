import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { addedLine } from '@/features/basket/utils/cart-lines';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications } from '@/lib/notifications';
import type { Cart, CartItem } from '@/types/api';

/**
 * What follows an add (spec 4): the "added to basket" notification (2 s)
 * and the suggestion page of the line that was added.
 */
export function useAddedToBasket() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  return useCallback((before: readonly CartItem[], cart: Cart, code: string) => {
    notifications.notify('success', t('basket.added'));
    const line = addedLine(before, cart.items, code);
    void navigate(
      line
        ? paths.basketSuggestion.href(locale, { variantCode: line.variantCode })
        : paths.basketItems.href(locale),
    );
  }, [t, locale, navigate]);
}
