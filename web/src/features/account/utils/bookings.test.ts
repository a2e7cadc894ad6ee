import { describe, expect, it } from 'vitest';

import { cartItem, packageLine, reservationLine } from '@/testing/mocks/fixtures';
import type { PlacedOrder } from '@/types/api';

import { bookingState, groupBookings, leftToPay, otherLinesOf, paidAmount, staysOf } from './bookings';

function order(overrides: Partial<PlacedOrder> = {}): PlacedOrder {
  return {
    tokenValue: 'a'.repeat(32),
    bookingCode: 'SPA-AAAA-AAAA',
    checkoutState: 'completed',
    state: 'new',
    paymentState: 'awaiting_payment',
    paymentMethod: 'bank_transfer',
    totals: { total: 100000, vouchers: 0, shipping: 0, deposit: 30000, leftToPay: 70000, currency: 'PLN', base: null },
    dueNow: 30000,
    holdExpiresAt: null,
    email: 'ola.nowak@example.pl',
    locale: 'pl',
    createdAt: '2026-11-01T10:00:00Z',
    items: [],
    ...overrides,
  };
}

const stay = (code: string, dateFrom: string, dateTo: string) => order({ bookingCode: code, items: [reservationLine({ dateFrom, dateTo })] });

describe('bookingState', () => {
  it('reads the payment state, a cancellation first and an unknown state as awaiting payment', () => {
    expect(bookingState(order())).toBe('awaiting_payment');
    expect(bookingState(order({ state: 'paid', paymentState: 'partially_paid' }))).toBe('partially_paid');
    expect(bookingState(order({ state: 'paid', paymentState: 'paid' }))).toBe('paid');
    expect(bookingState(order({ state: 'cancelled', paymentState: 'partially_paid' }))).toBe('cancelled');
    expect(bookingState(order({ paymentState: 'refunded' as PlacedOrder['paymentState'] }))).toBe('awaiting_payment');
  });
});

describe('paidAmount and leftToPay', () => {
  const totals = { total: 120000, vouchers: 20000, shipping: 0, deposit: 30000, leftToPay: 70000, currency: 'PLN', base: null };

  it('counts nothing paid while awaiting payment', () => {
    expect(paidAmount(order({ totals }))).toBe(0);
    expect(leftToPay(order({ totals }))).toBe(100000);
  });

  it('counts the advance once paid, vouchers apart', () => {
    const advance = order({ totals, state: 'paid', paymentState: 'partially_paid' });
    expect(paidAmount(advance)).toBe(30000);
    expect(leftToPay(advance)).toBe(70000);
  });

  it('counts everything but the vouchers once paid in full', () => {
    const paid = order({ totals, state: 'paid', paymentState: 'paid' });
    expect(paidAmount(paid)).toBe(100000);
    expect(leftToPay(paid)).toBe(0);
  });

  it('owes nothing on a cancelled order', () => {
    expect(leftToPay(order({ totals, state: 'cancelled', paymentState: 'cancelled' }))).toBe(0);
  });
});

describe('staysOf and otherLinesOf', () => {
  it('gives each dated line its nights and attached lines; the rest are other lines', () => {
    const pkg = packageLine({ id: 901 });
    const room = reservationLine({ id: 900, dateFrom: '2027-02-12', dateTo: '2027-02-15', days: null, childItems: [pkg] });
    const product = cartItem({ id: 902, code: 'PR_ROBE' });
    const stays = staysOf(order({ items: [room, product] }));
    expect(stays).toEqual([{ line: room, from: '2027-02-12', to: '2027-02-15', nights: 3, extras: [pkg] }]);
    expect(otherLinesOf(order({ items: [room, product] }))).toEqual([product]);
  });

  it('takes the server’s nights when it gives them', () => {
    expect(staysOf(order({ items: [reservationLine({ dateFrom: '2027-02-12', dateTo: '2027-02-15', days: 2 })] }))[0]?.nights).toBe(2);
  });
});

describe('groupBookings', () => {
  const today = '2026-11-28';

  it('puts stays not over yet first, the soonest on top; the day of departure still counts', () => {
    const later = stay('SPA-LATE-0001', '2027-03-01', '2027-03-03');
    const soon = stay('SPA-SOON-0001', '2026-12-05', '2026-12-07');
    const leaving = stay('SPA-LEAV-0001', '2026-11-25', '2026-11-28');
    const { upcoming } = groupBookings([later, soon, leaving], today);
    expect(upcoming.map((o) => o.bookingCode)).toEqual(['SPA-LEAV-0001', 'SPA-SOON-0001', 'SPA-LATE-0001']);
  });

  it('keeps past stays, cancelled stays and orders without a stay apart, in the server’s order', () => {
    const voucher = order({ bookingCode: 'SPA-VOUC-0001', items: [cartItem({ type: 'voucher' })] });
    const past = stay('SPA-PAST-0001', '2026-10-01', '2026-10-03');
    const cancelled = { ...stay('SPA-CANC-0001', '2027-01-10', '2027-01-12'), state: 'cancelled' as const };
    const ahead = stay('SPA-NEXT-0001', '2027-01-10', '2027-01-12');
    const { upcoming, other } = groupBookings([voucher, past, ahead, cancelled], today);
    expect(upcoming.map((o) => o.bookingCode)).toEqual(['SPA-NEXT-0001']);
    expect(other.map((o) => o.bookingCode)).toEqual(['SPA-VOUC-0001', 'SPA-PAST-0001', 'SPA-CANC-0001']);
  });
});
