import { useQuery } from '@tanstack/react-query';

import { useStoredBasket } from '@/features/basket/utils/storage';
import type { Locale } from '@/lib/i18n/locale';

import { cartQueryOptions } from './get-cart';

/**
 * The basket under the stored token; asked for only while one is stored.
 * `fresh` asks the server again on mount (the basket page: a room may have
 * been sold since).
 */
export function useCart(locale: Locale, { fresh = false }: { fresh?: boolean } = {}) {
  const token = useStoredBasket()?.tokenValue ?? null;
  return useQuery({
    ...cartQueryOptions(locale, token),
    enabled: token !== null,
    refetchOnMount: fresh ? 'always' : true,
  });
}
