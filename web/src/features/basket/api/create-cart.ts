/**
 * POST /shop-api/carts/{token} with {channel, locale}: a new, empty cart
 * under a token the browser chose (32 random hex characters). The caller
 * keeps it (see `setCart`), so that the stored token and the cached basket
 * change together.
 */
import { env } from '@/config/env';
import { apiClient, ApiError } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Cart } from '@/types/api';

import { newCartToken } from '@/features/basket/utils/storage';

export async function createCart(locale: Locale): Promise<Cart> {
  const post = (token: string) =>
    apiClient.post<Cart>(`/carts/${token}`, {
      locale,
      body: { channel: env.channelCode, locale },
      // A taken token (409) is answered by trying another one.
      notifyOnError: (error) => error.status !== 409,
    });
  let cart: Cart;
  try {
    cart = await post(newCartToken());
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    cart = await post(newCartToken());
  }
  return cart;
}
