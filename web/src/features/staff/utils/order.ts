/**
 * What the order desk reads from an order (`GET /backend/orders/{code}`):
 * the server keeps the rules (services/cart/README.md, "The front desk");
 * these only decide what the page offers.
 */
import { todayIso } from '@/utils/calendar-date';
import type { CartItem, PaymentRecord, StaffOrder } from '@/types/api';

/** Codes are read out and typed in any case; the server takes any, the page keeps one form in its URL. */
export const normalizeBookingCode = (text: string): string => text.trim().toUpperCase();

/** Every line, the packages attached to a stay right after it (`attached`). */
export const orderLines = (order: StaffOrder): { line: CartItem; attached: boolean }[] =>
  order.items.flatMap((item) => [
    { line: item, attached: false },
    ...item.childItems.map((child) => ({ line: child, attached: true })),
  ]);

/** What the guest still owes: the server's `open` (the total less gift vouchers less what came; 0 once cancelled). */
export const owed = (order: StaffOrder): number => order.open;

/** Money the front desk recorded, kept and not reversed yet: a wrong one is reversed by another record. */
export const reversible = (payment: PaymentRecord): boolean =>
  ['bank_transfer', 'card_terminal', 'cash', 'guesthouse'].includes(payment.provider) &&
  payment.state === 'paid' &&
  payment.amount > 0 &&
  !payment.reverses &&
  !payment.reversedBy;

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

/** The stays the desk may still move: of an order not cancelled, not begun yet (the server decides in its own time zone). */
export const movableStays = (order: StaffOrder, today: string = todayIso()): CartItem[] =>
  order.state === 'cancelled'
    ? []
    : order.items.filter((item) => item.type === 'reservation' && item.dateFrom && item.dateTo && item.dateFrom >= today);

/** The packages whose treatments the desk may still change: attached to a stay it may move, or on their own, of an order not cancelled. */
export const changeablePackages = (order: StaffOrder, today: string = todayIso()): CartItem[] => {
  if (order.state === 'cancelled') return [];
  const attached = movableStays(order, today).flatMap((stay) => stay.childItems.filter((child) => child.type === 'package'));
  return [...attached, ...order.items.filter((item) => item.type === 'package')];
};
