/**
 * The checkout steps' guards (spec 2.2), on the basket as the server has it
 * on entry. They follow the server's own gates (src/lib/rules/checkout-states.ts),
 * which refuse a step out of order with 409 `checkout_state`.
 */
import { stepAllowed } from '@/lib/rules/checkout-states';
import type { Cart, CartItem } from '@/types/api';

export type CheckoutStep = 'personal' | 'voucher' | 'payment';

/** Where a step sends the visitor instead: the basket's items or the personal data step. */
export type StepRedirect = 'basketItems' | 'basketPersonal';

/** A line that cannot be bought now (a room sold meanwhile), or one attached to it. */
const unavailable = (line: CartItem): boolean => !line.isAvailable || line.childItems.some(unavailable);

/** null: the step may open; else where the visitor goes instead. */
export function stepRedirect(step: CheckoutStep, cart: Pick<Cart, 'items' | 'checkoutState'>): StepRedirect | null {
  const empty = cart.items.length === 0;
  switch (step) {
    case 'personal':
      return empty || cart.items.some(unavailable) ? 'basketItems' : null;
    case 'voucher':
      // Allowed in the server's voucher states, with a basket that is not empty.
      return !empty && stepAllowed('voucher', cart.checkoutState) ? null : 'basketPersonal';
    case 'payment':
      return stepAllowed('payment', cart.checkoutState) ? null : 'basketItems';
  }
}

/** Where the visitor goes without a basket at all. */
export const NO_BASKET: Record<CheckoutStep, StepRedirect> = {
  personal: 'basketItems',
  voucher: 'basketPersonal',
  payment: 'basketItems',
};

/** The step after the personal data: vouchers to configure (`addressed`), or payment. */
export const afterPersonal = (cart: Pick<Cart, 'checkoutState'>): 'basketVoucher' | 'basketPayment' =>
  cart.checkoutState === 'addressed' ? 'basketVoucher' : 'basketPayment';

/** Whether the basket holds a gift voucher (the voucher step is part of its checkout). */
export const hasVouchers = (cart: Pick<Cart, 'items'>): boolean => cart.items.some((line) => line.type === 'voucher');
