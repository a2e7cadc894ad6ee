/**
 * POST /shop-api/carts/{token}/items: an item into the basket (the cart is
 * created first when there is none). The body depends on the type: see
 * `AddCartItem`.
 *
 * An age-restricted product without the visitor's word that they are of
 * age is refused (403 `age_confirmation_required`): the basket asks the
 * age question then (components/basket-host.tsx), so that refusal raises
 * no error notification.
 */
import { ApiError, apiClient, type RequestOptions } from '@/lib/api-client';
import type { AddCartItem, Cart } from '@/types/api';

import { useCartMutation, withCart, type CartChange } from './cart-request';

/** The server refused an age-restricted product: the visitor has not said they are of age (no positive cookie agePermission). */
export const isAgeConfirmationRequired = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'age_confirmation_required';

/** `notifyOnError` (a flag or a predicate, as api-client's `shouldNotify` reads it), but quiet for the age question's refusal. */
export const quietForAgeQuestion =
  (notifyOnError: RequestOptions['notifyOnError']) =>
  (error: ApiError): boolean =>
    !isAgeConfirmationRequired(error) &&
    (typeof notifyOnError === 'function' ? notifyOnError(error) : notifyOnError !== false);

export const addCartItem: CartChange<AddCartItem> = (locale, item, adopt) =>
  withCart(
    locale,
    (token, notifyOnError) =>
      apiClient.post<Cart>(`/carts/${token}/items`, { locale, body: item, notifyOnError: quietForAgeQuestion(notifyOnError) }),
    { retryInNewCart: true, adopt },
  );

export const useAddCartItem = () => useCartMutation(addCartItem);
