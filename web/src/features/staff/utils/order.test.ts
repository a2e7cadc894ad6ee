import { describe, expect, it } from 'vitest';

import { staffGuest } from '@/testing/mocks/staff-server';
import type { StaffOrder } from '@/types/api';

import { normalizeBookingCode, reversible } from './order';

const order = (overrides: Partial<StaffOrder> = {}): StaffOrder => ({
  tokenValue: 'a'.repeat(32),
  bookingCode: 'SPA-7KM4-XQ9D',
  checkoutState: 'completed',
  state: 'new',
  paymentState: 'awaiting_payment',
  paymentMethod: 'bank_transfer',
  totals: { total: 108000, vouchers: 0, shipping: 0, deposit: 0, leftToPay: 108000, currency: 'PLN', base: null },
  dueNow: 108000,
  holdExpiresAt: null,
  email: 'ola.nowak@example.pl',
  locale: 'pl',
  createdAt: '2026-06-20T10:00:00Z',
  items: [],
  guest: staffGuest(),
  received: 0,
  open: 108000,
  version: 0,
  cancellationFee: 0,
  payments: [],
  history: [],
  ...overrides,
});

describe('the order desk’s rules', () => {
  it('keeps booking codes in one form', () => {
    expect(normalizeBookingCode('  spa-7km4-xq9d ')).toBe('SPA-7KM4-XQ9D');
  });

  it('offers to reverse only money the front desk recorded, kept and not reversed yet', () => {
    const cash = { id: 'p-1', provider: 'cash', amount: 5000, state: 'paid', reference: 'KP/1', at: null, reverses: null, reversedBy: null, staff: 'front@example.pl', dueBack: 0 } as const;
    expect(reversible(cash)).toBe(true);
    expect(reversible({ ...cash, provider: 'przelewy24' })).toBe(false);
    expect(reversible({ ...cash, reversedBy: 'p-2' })).toBe(false);
    expect(reversible({ ...cash, amount: -5000, reverses: 'p-0' })).toBe(false);
    expect(reversible({ ...cash, state: 'refund_due' })).toBe(false);
    expect(order({ payments: [cash] }).payments.filter(reversible)).toHaveLength(1);
  });
});
