/** PUT /shop-api/checkout/{token}/shipping/0: the shipping method of the posted vouchers. */
import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Cart, MethodChoice } from '@/types/api';

import { tokenPath } from './checkout-keys';

export const chooseShipping = (locale: Locale, token: string, method: string) =>
  apiClient.put<Cart>(`${tokenPath(token)}/shipping/0`, { locale, body: { method } satisfies MethodChoice });
