/**
 * DELETE /shop-api/carts/{token}: the whole basket dropped (spec 4,
 * "dropping the basket clears it"). The stored token and the cached basket
 * go with it; the next add makes a new cart. A basket the server no longer
 * has is as good as dropped.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { basketStorage } from '@/features/basket/utils/storage';
import { apiClient } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { CART_MUTATION_SCOPE } from './cart-request';
import { cartKeys, isLostCart, notifyUnlessLost } from './get-cart';

export function useDropCart() {
  const queryClient = useQueryClient();
  const { locale } = useI18n();
  return useMutation({
    // After any change still on its way, never beside it.
    scope: CART_MUTATION_SCOPE,
    mutationFn: async () => {
      const token = basketStorage.getToken();
      if (!token) return;
      try {
        await apiClient.delete<void>(`/carts/${encodeURIComponent(token)}`, { locale, notifyOnError: notifyUnlessLost });
      } catch (error) {
        if (!isLostCart(error)) throw error;
      }
    },
    onSuccess: async () => {
      // A basket fetch on its way would store the dropped basket again.
      await queryClient.cancelQueries({ queryKey: cartKeys.all });
      basketStorage.reset();
      queryClient.removeQueries({ queryKey: cartKeys.all });
    },
  });
}
