import { describe, expect, it } from 'vitest';

import { staffGuest } from '@/testing/mocks/staff-server';
import type { StaffOrder } from '@/types/api';

import { laterAmount, normalizeBookingCode, transferDesk } from './order';

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
  ...overrides,
});

describe('the order desk’s rules', () => {
  it('keeps booking codes in one form', () => {
    expect(normalizeBookingCode('  spa-7km4-xq9d ')).toBe('SPA-7KM4-XQ9D');
  });

  it('records a transfer only for a new order awaiting its payment by bank transfer', () => {
    expect(transferDesk(order())).toBe('record');
    expect(transferDesk(order({ paymentMethod: 'przelewy24' }))).toBe('otherMethod');
    expect(transferDesk(order({ paymentMethod: null }))).toBe('otherMethod');
    expect(transferDesk(order({ state: 'paid', paymentState: 'paid' }))).toBe('paid');
    expect(transferDesk(order({ state: 'paid', paymentState: 'partially_paid' }))).toBe('recordRest');
    expect(transferDesk(order({ state: 'cancelled', paymentState: 'cancelled' }))).toBe('cancelled');
    expect(transferDesk(order({ state: 'cancelled', paymentMethod: 'przelewy24' }))).toBe('cancelled');
  });

  it('leaves for later what an advance payment does not take', () => {
    expect(laterAmount(order())).toBe(0);
    const advance = order({
      totals: { total: 120000, vouchers: 10000, shipping: 0, deposit: 33000, leftToPay: 77000, currency: 'PLN', base: null },
      dueNow: 33000,
    });
    expect(laterAmount(advance)).toBe(77000);
    expect(laterAmount({ ...advance, state: 'paid', paymentState: 'partially_paid' })).toBe(77000);
    expect(laterAmount({ ...advance, state: 'paid', paymentState: 'paid' })).toBe(0);
  });
});
