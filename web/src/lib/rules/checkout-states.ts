/**
 * Checkout's state machine as the cart service runs it
 * (services/cart/README.md "Checkout"): `cart` → `addressed` → `vouchered`
 * | `vouchering_skipped` → `payment_selected` | `payment_skipped` →
 * `completed`. Each step is taken only from its states; the server refuses
 * it otherwise (409 `checkout_state`). The one copy: checkout's step guards
 * and the test server (src/testing/mocks/checkout-server.ts) read it here.
 */

import type { components } from '@/types/openapi.gen';

export const CHECKOUT_STATES = [
  'cart',
  'addressed',
  'vouchered',
  'vouchering_skipped',
  'payment_selected',
  'payment_skipped',
  'completed',
] as const satisfies readonly CheckoutState[];

/** The server's closed set (the OpenAPI document's `CheckoutState`). */
export type CheckoutState = components['schemas']['CheckoutState'];

/** The states each step may be taken from (a completed cart takes none). */
export const STEP_STATES = {
  address: ['cart', 'addressed', 'vouchered', 'vouchering_skipped', 'payment_selected', 'payment_skipped'],
  voucher: ['addressed', 'vouchered', 'payment_selected', 'payment_skipped'],
  shipping: ['addressed', 'vouchered', 'vouchering_skipped', 'payment_selected', 'payment_skipped'],
  payment: ['vouchered', 'vouchering_skipped', 'payment_selected', 'payment_skipped'],
  complete: ['payment_selected', 'payment_skipped'],
} as const satisfies Record<string, readonly CheckoutState[]>;

export type CheckoutStepName = keyof typeof STEP_STATES;

/** Whether step `step` may be taken in state `state` (any string the server sent). */
export const stepAllowed = (step: CheckoutStepName, state: string): boolean =>
  (STEP_STATES[step] as readonly string[]).includes(state);
