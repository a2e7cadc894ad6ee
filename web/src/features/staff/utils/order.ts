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

/**
 * What the guest still owes: everything (less gift vouchers) while the
 * order awaits its first payment, what an advance payment left while that
 * is not recorded, nothing once paid in full or cancelled.
 */
export function owed(order: StaffOrder): number {
  if (order.state === 'cancelled' || order.paymentState === 'cancelled' || order.paymentState === 'paid') return 0;
  if (order.paymentState === 'awaiting_payment') return Math.max(0, order.totals.total - order.totals.vouchers);
  return laterAmount(order);
}

/** A stay of an order, with the packages attached to it and their treatments. */
export type OrderStay = {
  /** The stay's line. */
  id: number;
  room: string;
  from: string;
  to: string;
  nights: number;
  adults: number;
  children: number;
  babies: number;
  packages: { name: string; treatments: string[] }[];
};

export const orderStays = (order: StaffOrder): OrderStay[] =>
  order.items
    .filter((item) => item.type === 'reservation' && item.dateFrom && item.dateTo)
    .map((item) => ({
      id: item.id,
      room: item.product?.name ?? item.code,
      from: item.dateFrom ?? '',
      to: item.dateTo ?? '',
      nights: item.days ?? 0,
      adults: item.adults ?? 0,
      children: item.children ?? 0,
      babies: item.babies ?? 0,
      packages: item.childItems.map((child) => ({
        name: child.product?.name ?? child.code,
        treatments: (child.treatments ?? []).map((treatment) => `${treatment.name} × ${treatment.quantity}`),
      })),
    }));

/** The guest's name as given, else their e-mail. */
export const guestName = (order: StaffOrder): string =>
  `${order.guest.customer.firstName ?? ''} ${order.guest.customer.lastName ?? ''}`.trim() || order.email;
