/**
 * What the order desk reads from an order (`GET /backend/orders/{code}`):
 * the server keeps the rules (services/cart/README.md, "Bank transfers
 * recorded by the staff"); these only decide what the page offers.
 */
import type { CartItem, StaffOrder } from '@/types/api';

/** Codes are read out and typed in any case; the server takes any, the page keeps one form in its URL. */
export const normalizeBookingCode = (text: string): string => text.trim().toUpperCase();

/**
 * What the desk can do about the order's payment: record its transfer,
 * record the rest its advance payment left, or say why not. Cancelled wins
 * over the rest, as the server refuses it first.
 */
export type TransferDesk = 'record' | 'recordRest' | 'paid' | 'cancelled' | 'otherMethod';

export function transferDesk(order: StaffOrder): TransferDesk {
  if (order.state === 'cancelled' || order.paymentState === 'cancelled') return 'cancelled';
  if (order.state === 'paid' && order.paymentState === 'partially_paid') return 'recordRest';
  if (order.state !== 'new' || order.paymentState !== 'awaiting_payment') return 'paid';
  return order.paymentMethod === 'bank_transfer' ? 'record' : 'otherMethod';
}

/**
 * What is paid later at the guesthouse: what the first payment leaves, and
 * nothing once the order is paid in full (the rest recorded). The stored
 * `leftToPay` already excludes an advance payment, but equals `dueNow`
 * when the first payment is the whole amount.
 */
export function laterAmount(order: StaffOrder): number {
  if (order.paymentState === 'paid') return 0;
  return Math.max(0, order.totals.total - order.totals.vouchers - order.dueNow);
}

/** Every line, the packages attached to a stay right after it (`attached`). */
export const orderLines = (order: StaffOrder): { line: CartItem; attached: boolean }[] =>
  order.items.flatMap((item) => [
    { line: item, attached: false },
    ...item.childItems.map((child) => ({ line: child, attached: true })),
  ]);
