/**
 * PUT /shop-api/checkout/{token}/complete: reserves the nights and places
 * the order, all or nothing; then the browser goes to /order/{token}/pay.
 * Not under the loading bar: the payment loader shows instead (spec 7).
 *
 * The `Idempotency-Key` names one attempt to place this basket's order: a
 * retry after a failure (no answer, 503) sends the same key, so the server
 * answers the order it may have placed already instead of placing another.
 * The key is kept for the basket until an order is answered.
 */
import { apiClient, ApiError } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import type { Order } from '@/types/api';

import { tokenPath } from './checkout-keys';

const keys = new Map<string, string>();

/** The key of this basket's attempts to complete; a new one after an order. */
export function idempotencyKey(token: string): string {
  let key = keys.get(token);
  if (!key) {
    key = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    keys.set(token, key);
  }
  return key;
}

export async function completeCheckout(locale: Locale, token: string): Promise<Order> {
  const order = await apiClient.put<Order>(`${tokenPath(token)}/complete`, {
    locale,
    headers: { 'Idempotency-Key': idempotencyKey(token) },
  });
  keys.delete(token);
  return order;
}

/** A night of a stay was sold meanwhile: the message names the stay's dates. */
export const isRoomJustBooked = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.code === 'room_just_booked';

/**
 * What is due now is not what the payment step showed (a gift voucher spent
 * elsewhere meanwhile, a price changed): nothing was placed, the basket is
 * back before the payment step, and the message names both amounts.
 */
export const isPriceChanged = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && error.code === 'price_changed';
