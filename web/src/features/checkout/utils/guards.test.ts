import { describe, expect, it } from 'vitest';

import { cartItem, reservationLine } from '@/testing/mocks/fixtures';

import { afterPersonal, stepRedirect, type CheckoutStep } from './guards';

const STATES = ['cart', 'addressed', 'vouchered', 'vouchering_skipped', 'payment_selected', 'payment_skipped'] as const;
const basket = [reservationLine(), cartItem()];

describe('checkout step guards (spec 2.2)', () => {
  const cases: [CheckoutStep, Record<string, 'basketItems' | 'basketPersonal' | null>][] = [
    [
      'voucher',
      {
        cart: 'basketPersonal',
        addressed: null,
        vouchered: null,
        vouchering_skipped: 'basketPersonal',
        payment_selected: null,
        payment_skipped: null,
      },
    ],
    [
      'payment',
      {
        cart: 'basketItems',
        addressed: 'basketItems',
        vouchered: null,
        vouchering_skipped: null,
        payment_selected: null,
        payment_skipped: null,
      },
    ],
    ['personal', Object.fromEntries(STATES.map((state) => [state, null]))],
  ];

  for (const [step, expected] of cases) {
    it.each(STATES)(`${step} in state %s`, (state) => {
      expect(stepRedirect(step, { items: basket, checkoutState: state })).toBe(expected[state]);
    });
  }

  it('sends an empty basket from personal data to the basket, and from vouchers to personal data', () => {
    expect(stepRedirect('personal', { items: [], checkoutState: 'cart' })).toBe('basketItems');
    expect(stepRedirect('voucher', { items: [], checkoutState: 'addressed' })).toBe('basketPersonal');
  });

  it('sends a basket holding an unavailable item from personal data to the basket, a package of a sold stay too', () => {
    expect(stepRedirect('personal', { items: [reservationLine({ isAvailable: false })], checkoutState: 'cart' })).toBe(
      'basketItems',
    );
    const stay = reservationLine({ childItems: [cartItem({ type: 'package', isAvailable: false })] });
    expect(stepRedirect('personal', { items: [stay], checkoutState: 'cart' })).toBe('basketItems');
  });

  it('goes on from personal data to the vouchers while they are to be configured, else to payment', () => {
    expect(afterPersonal({ checkoutState: 'addressed' })).toBe('basketVoucher');
    expect(afterPersonal({ checkoutState: 'vouchering_skipped' })).toBe('basketPayment');
    expect(afterPersonal({ checkoutState: 'payment_skipped' })).toBe('basketPayment');
  });
});
