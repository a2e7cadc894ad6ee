import { describe, expect, it } from 'vitest';

import type { CartTotals } from '@/types/api';

import { totalsWithAmount } from './payment-totals';

const totals = (overrides: Partial<CartTotals> = {}): CartTotals => ({
  total: 108_000,
  vouchers: 0,
  shipping: 0,
  deposit: 0,
  leftToPay: 108_000,
  currency: 'PLN',
  base: null,
  ...overrides,
});

describe('the payment step’s totals', () => {
  it('puts the advance due now and the rest later when the advance is chosen', () => {
    expect(totalsWithAmount(totals(), { amount: 32_400, chosen: false }, 'deposit')).toMatchObject({ deposit: 32_400, leftToPay: 75_600 });
  });

  it('takes the advance back off when the full amount is chosen, though the server saved the advance', () => {
    const saved = totals({ deposit: 32_400, leftToPay: 75_600 });
    expect(totalsWithAmount(saved, { amount: 32_400, chosen: true }, 'full')).toMatchObject({ deposit: 0, leftToPay: 108_000 });
  });

  it('counts what gift vouchers pay and the shipping, and leaves the other totals as they are', () => {
    const withVoucher = totals({ total: 110_000, vouchers: 20_000, shipping: 2_000, leftToPay: 90_000 });
    expect(totalsWithAmount(withVoucher, { amount: 27_000, chosen: false }, 'deposit')).toEqual({
      ...withVoucher,
      deposit: 27_000,
      leftToPay: 63_000,
    });
  });

  it('has no advance to show when none is offered', () => {
    expect(totalsWithAmount(totals(), null, 'deposit')).toMatchObject({ deposit: 0, leftToPay: 108_000 });
  });
});
