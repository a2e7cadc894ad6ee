/**
 * GET /shop-api/products/{code}: a package with the treatments it has and
 * suggests, named in the page's language, for the desk's treatment editor.
 */
import { useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { ProductDetails } from '@/types/api';

export function usePackage(code: string, locale: Locale, enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'package', code, locale],
    queryFn: ({ signal }) =>
      apiClient.get<ProductDetails>(`/products/${encodeURIComponent(code)}`, { locale, signal, notifyOnError: false }),
    enabled,
  });
}
