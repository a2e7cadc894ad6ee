/**
 * How the profile reads GET /me/orders: each order's state as the guest
 * knows it, what is paid and left, its stays, and which orders are still
 * ahead of the guest.
 */
import { parseWireDate } from '@/lib/i18n/format';
import type { PlacedOrder } from '@/types/api';
import { diffDays, isoFromLocalDate, type IsoDate } from '@/utils/calendar-date';

const BOOKING_STATES = ['awaiting_payment', 'partially_paid', 'paid', 'cancelled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export type OrderLine = PlacedOrder['items'][number];

/** A room booked for dates, with what was booked along with it (packages). */
export type Stay = {
  line: OrderLine;
  from: IsoDate;
  to: IsoDate;
  nights: number;
  extras: OrderLine[];
};

/** The order's state: a cancelled order is cancelled whatever its payments say. */
export function bookingState(order: PlacedOrder): BookingState {
  if (order.state === 'cancelled') return 'cancelled';
  return (BOOKING_STATES as readonly string[]).includes(order.paymentState) ? order.paymentState : 'awaiting_payment';
}

/** Money paid so far (gift vouchers apart): all of it, the advance, or nothing. */
export function paidAmount(order: PlacedOrder): number {
  const { total, vouchers, leftToPay } = order.totals;
  switch (bookingState(order)) {
    case 'paid':
      return total - vouchers;
    case 'partially_paid':
      return total - vouchers - leftToPay;
    default:
      return 0;
  }
}

/** Nothing is owed on a cancelled order. */
export function leftToPay(order: PlacedOrder): number {
  if (bookingState(order) === 'cancelled') return 0;
  return Math.max(0, order.totals.total - order.totals.vouchers - paidAmount(order));
}

/** The wire's `YYYY-MM-DD` (the catalog's `DD-MM-YYYY` too) as a comparable day; null if unreadable. */
function wireDay(value: string | null | undefined): IsoDate | null {
  const date = value ? parseWireDate(value) : null;
  return date ? isoFromLocalDate(date) : null;
}

/** The order's lines with dates, in the order's order. */
export function staysOf(order: PlacedOrder): Stay[] {
  return order.items.flatMap((line) => {
    const from = wireDay(line.dateFrom);
    const to = wireDay(line.dateTo);
    if (!from || !to) return [];
    return [{ line, from, to, nights: line.days ?? diffDays(from, to), extras: line.childItems }];
  });
}

/** The lines without dates (products, vouchers, treatments), their attached lines included. */
export function otherLinesOf(order: PlacedOrder): OrderLine[] {
  return order.items
    .filter((line) => !wireDay(line.dateFrom) || !wireDay(line.dateTo))
    .flatMap((line) => [line, ...line.childItems]);
}

/** The first day of the order's stays not over by `today` (the day of departure counts); null if none. */
function nextStayDay(order: PlacedOrder, today: IsoDate): IsoDate | null {
  const days = staysOf(order)
    .filter((stay) => stay.to >= today)
    .map((stay) => stay.from)
    .sort();
  return days[0] ?? null;
}

/**
 * Upcoming: not cancelled, with a stay not over yet, the soonest first.
 * Other: past stays, cancelled orders and orders without a stay, newest
 * first as the server lists them.
 */
export function groupBookings(orders: readonly PlacedOrder[], today: IsoDate): { upcoming: PlacedOrder[]; other: PlacedOrder[] } {
  const upcoming: { order: PlacedOrder; day: IsoDate }[] = [];
  const other: PlacedOrder[] = [];
  for (const order of orders) {
    const day = bookingState(order) === 'cancelled' ? null : nextStayDay(order, today);
    if (day) upcoming.push({ order, day });
    else other.push(order);
  }
  upcoming.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return { upcoming: upcoming.map(({ order }) => order), other };
}
