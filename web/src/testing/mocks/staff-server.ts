/**
 * An in-memory stand-in for the staff's order calls (gateway/src/routes/staff.rs
 * over the cart service), with their rules (src/lib/rules/roles.ts): 401
 * without a session, 403 without `reception` or `admin` for an order and
 * without `admin` for payments and refunds, 400 without the script marker on a change;
 * booking codes in any letter case (400 for one longer than 32); a
 * transfer pays an order by bank transfer that awaits its payment, only
 * by `dueNow` exactly, once per reference; the rest of an advance-paid
 * order by what the advance left, exactly, once; refusals in the request's
 * language, as `gateway/locales/*.ftl` words them. The payments to give
 * back are listed oldest first and marked refunded once per payment (the
 * same reference again answers it; another is `payment_refunded`). A
 * moved stay costs 500 zł a night (`takeNight` sells one out), a package
 * 100 zł a treatment. Every
 * request is recorded. Use its `handlers` with `server.use(...)`.
 */
import { http, HttpResponse } from 'msw';

import type { Locale } from '@/lib/i18n/locale';
import { atFrontDesk, recordsPayments } from '@/lib/rules/roles';
import type {
  BankTransfer,
  Cancellation,
  Customer,
  Guest,
  NewPayment,
  OrderMail,
  Refund,
  RefundMade,
  StaffOrder,
  StayMove,
  ChangeQuote,
  TreatmentPick,
  StayWanted,
} from '@/types/api';
import { diffDays } from '@/utils/calendar-date';

import { cartItem, customer, lineProduct, packageLine, reservationLine } from './fixtures';
import { apiPath } from './handlers';
import { recordRequest, type RecordedRequest } from './recorded-request';

export type StaffRequest = RecordedRequest;

/** A receptionist (role `reception`): looks orders up, records no payment. */
export const receptionCustomer = (): Customer =>
  customer({ email: 'front@example.pl', firstName: 'Rita', lastName: 'Recepcja', roles: ['customer', 'reception'] });

/** An administrator (role `admin`). */
export const adminCustomer = (): Customer =>
  customer({ email: 'recepcja@example.pl', firstName: 'Adam', lastName: 'Recepcja', roles: ['customer', 'admin'] });

/**
 * A guest's order by bank transfer, awaiting its payment: a stay (1 080 zł)
 * with a package attached (1 299 zł), and two bottles of oil (98 zł);
 * `dueNow` is the whole 2 477 zł.
 */
export function staffOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  const items = [
    reservationLine({ id: 1, childItems: [packageLine({ id: 2, quantity: 2 })] }),
    cartItem({ id: 3, code: 'PR_ROSE_OIL', quantity: 2, product: lineProduct({ code: 'PR_ROSE_OIL', name: 'Olejek różany' }) }),
  ];
  return {
    tokenValue: 'c'.repeat(32),
    bookingCode: 'SPA-7KM4-XQ9D',
    checkoutState: 'completed',
    state: 'new',
    paymentState: 'awaiting_payment',
    paymentMethod: 'bank_transfer',
    totals: { total: 247700, vouchers: 0, shipping: 0, deposit: 0, leftToPay: 247700, currency: 'PLN', base: null },
    dueNow: 247700,
    holdExpiresAt: '2026-06-23T10:00:00Z',
    email: 'ola.nowak@example.pl',
    locale: 'pl',
    createdAt: '2026-06-20T10:00:00Z',
    items,
    guest: staffGuest(),
    received: 0,
    open: 247700,
    version: 0,
    cancellationFee: 0,
    payments: [],
    history: [],
    ...overrides,
  };
}

/** Ola Nowak as she gave her details at checkout: a phone, an invoice for her company, a note. */
export function staffGuest(overrides: Partial<Guest> = {}): Guest {
  return {
    customer: { firstName: 'Ola', lastName: 'Nowak', email: 'ola.nowak@example.pl', phone: '+48 600 100 200' },
    billingAddress: {
      invoiceRequired: true,
      company: 'Nowak Sp. z o.o.',
      vatNumber: '5260250274',
      street: 'ul. Lipowa 3',
      postcode: '00-950',
      city: 'Warszawa',
      countryCode: 'PL',
    },
    shippingAddress: null,
    notes: 'Przyjedziemy późnym wieczorem.',
    ...overrides,
  };
}

/** A PayPal payment that came for order SPA-7KM4-XQ9D after it was paid: 2 477 zł to give back. */
export function staffRefund(overrides: Partial<Refund> = {}): Refund {
  return {
    paymentId: 'ord-7km4-2',
    bookingCode: 'SPA-7KM4-XQ9D',
    orderState: 'paid',
    provider: 'paypal',
    amount: 247700,
    providerReference: 'PP-5O190127TN364715T',
    paidAt: '2026-06-20T10:30:00Z',
    state: 'refund_due',
    refundReference: null,
    refundedAt: null,
    ...overrides,
  };
}

type Messages = Record<string, string | ((expected: string) => string)>;

/** The gateway's messages (gateway/locales/*.ftl); `.field` ones beside a field. */
const MESSAGES: Record<Locale, Messages> = {
  pl: {
    not_logged_in: 'Nie jesteś zalogowany.',
    forbidden: 'Nie masz uprawnień do tej czynności.',
    order_not_found: 'Nie ma takiego zamówienia.',
    invalid_parameter: 'Ta wartość jest niepoprawna.',
    amount_mismatch: (expected) => `Kwota przelewu nie zgadza się z zamówieniem: oczekiwano ${expected} PLN.`,
    'amount_mismatch.field': (expected) => `Wpisz kwotę, na którą czeka zamówienie: ${expected} PLN.`,
    invalid_transfer: 'Podaj tytuł lub numer przelewu z wyciągu (od 1 do 140 znaków).',
    'invalid_transfer.field': 'Od 1 do 140 znaków z wyciągu bankowego.',
    not_bank_transfer: 'To zamówienie nie jest płatne przelewem.',
    order_cancelled: 'To zamówienie zostało anulowane: jego noclegi nie są już zarezerwowane.',
    order_paid: 'To zamówienie jest już opłacone.',
    transfer_reference_used: 'Ten przelew opłacił już inne zamówienie.',
    'transfer_reference_used.field': 'Ten tytuł przelewu jest już zapisany przy innym zamówieniu.',
    invalid_refund: 'Podaj numer zwrotu z panelu operatora płatności (od 1 do 140 znaków).',
    'invalid_refund.field': 'Od 1 do 140 znaków z panelu operatora płatności.',
    payment_not_found: 'Nie ma płatności o tym numerze.',
    not_refund_due: 'Ta płatność nie czeka na zwrot.',
    payment_refunded: 'Ta płatność została już zwrócona pod innym numerem zwrotu.',
    'payment_refunded.field': 'Zwrot tej płatności jest już zapisany pod innym numerem.',
    invalid_receipt: 'Podaj numer paragonu, terminala kart albo przelewu (od 1 do 140 znaków).',
    'invalid_receipt.field': 'Od 1 do 140 znaków z paragonu, terminala albo wyciągu.',
    advance_not_paid: 'To zamówienie czeka jeszcze na pierwszą płatność: najpierw zapisz ją.',
    room_unavailable: 'Ten pokój został właśnie zarezerwowany na wybrane dni.',
    stale_version: 'Ktoś w międzyczasie zmienił to zamówienie. Zostało odświeżone: sprawdź je i spróbuj ponownie.',
  },
  de: {
    not_logged_in: 'Sie sind nicht angemeldet.',
    forbidden: 'Dazu sind Sie nicht berechtigt.',
    order_not_found: 'Diese Bestellung gibt es nicht.',
    invalid_parameter: 'Dieser Wert ist ungültig.',
    amount_mismatch: (expected) => `Der Betrag passt nicht zur Bestellung: erwartet werden ${expected} PLN.`,
    'amount_mismatch.field': (expected) => `Geben Sie den Betrag ein, den die Bestellung erwartet: ${expected} PLN.`,
    invalid_transfer: 'Geben Sie den Verwendungszweck oder die Nummer der Überweisung vom Kontoauszug an (1 bis 140 Zeichen).',
    'invalid_transfer.field': '1 bis 140 Zeichen vom Kontoauszug.',
    not_bank_transfer: 'Diese Bestellung wird nicht per Überweisung bezahlt.',
    order_cancelled: 'Diese Bestellung wurde storniert: ihre Nächte sind nicht mehr reserviert.',
    order_paid: 'Diese Bestellung ist bereits bezahlt.',
    transfer_reference_used: 'Diese Überweisung hat bereits eine andere Bestellung bezahlt.',
    'transfer_reference_used.field': 'Dieser Verwendungszweck ist bereits bei einer anderen Bestellung erfasst.',
    invalid_refund: 'Geben Sie die Referenz der Rückzahlung aus dem Portal des Zahlungsanbieters ein (1 bis 140 Zeichen).',
    'invalid_refund.field': '1 bis 140 Zeichen aus dem Portal des Zahlungsanbieters.',
    payment_not_found: 'Es gibt keine Zahlung mit dieser Nummer.',
    not_refund_due: 'Diese Zahlung wartet nicht auf eine Rückzahlung.',
    payment_refunded: 'Diese Zahlung wurde bereits unter einer anderen Referenz zurückgezahlt.',
    'payment_refunded.field': 'Die Rückzahlung dieser Zahlung ist bereits unter einer anderen Referenz vermerkt.',
    invalid_receipt: 'Geben Sie die Nummer des Belegs, des Kartenterminals oder der Überweisung ein (1 bis 140 Zeichen).',
    'invalid_receipt.field': '1 bis 140 Zeichen vom Beleg, Terminal oder Kontoauszug.',
    advance_not_paid: 'Diese Bestellung wartet noch auf ihre erste Zahlung: Erfassen Sie zuerst diese.',
    room_unavailable: 'Dieses Zimmer wurde soeben für die gewählten Daten gebucht.',
    stale_version: 'Jemand hat diese Bestellung inzwischen geändert. Sie wurde neu geladen: Prüfen Sie sie und versuchen Sie es erneut.',
  },
  en_GB: {
    not_logged_in: 'You are not logged in.',
    forbidden: 'You are not allowed to do this.',
    order_not_found: 'There is no such order.',
    invalid_parameter: 'This value is not valid.',
    amount_mismatch: (expected) => `The amount does not match the order: it awaits ${expected} PLN.`,
    'amount_mismatch.field': (expected) => `Enter the amount the order awaits: ${expected} PLN.`,
    invalid_transfer: 'Enter the transfer’s reference from the bank statement (1 to 140 characters).',
    'invalid_transfer.field': '1 to 140 characters from the bank statement.',
    not_bank_transfer: 'This order is not paid by bank transfer.',
    order_cancelled: 'This order was cancelled: its nights are no longer held.',
    order_paid: 'This order is paid already.',
    transfer_reference_used: 'This transfer has paid another order already.',
    'transfer_reference_used.field': 'This reference is recorded with another order already.',
    invalid_refund: 'Enter the refund’s reference from the payment provider’s panel (1 to 140 characters).',
    'invalid_refund.field': '1 to 140 characters from the payment provider’s panel.',
    payment_not_found: 'There is no payment with this id.',
    not_refund_due: 'This payment is not due back.',
    payment_refunded: 'This payment was refunded with another reference already.',
    'payment_refunded.field': 'This payment’s refund is recorded under another reference.',
    invalid_receipt: 'Enter the receipt’s, card terminal’s or transfer’s reference (1 to 140 characters).',
    'invalid_receipt.field': '1 to 140 characters from the receipt, terminal or statement.',
    advance_not_paid: 'This order still awaits its first payment: record that first.',
    room_unavailable: 'This room has just been booked for the chosen dates.',
    stale_version: 'Someone changed this order meanwhile. It has been reloaded: check it and try again.',
  },
};

export function createStaffServer({
  loggedIn,
  orders = [staffOrder()],
  refunds = [],
  sentMails = {},
}: {
  loggedIn?: Customer;
  orders?: StaffOrder[];
  refunds?: Refund[];
  /** The e-mails each order sent, by booking code. */
  sentMails?: Record<string, OrderMail[]>;
} = {}) {
  const requests: StaffRequest[] = [];
  const payments = new Map(refunds.map((refund) => [refund.paymentId, structuredClone(refund)]));
  let session = loggedIn ?? null;
  const stored = new Map(orders.map((order) => [order.bookingCode, structuredClone(order)]));
  /** Each recorded reference and the order it paid. */
  const references = new Map<string, string>();
  /** Each order's rest payment, by the reference it was recorded with. */
  const rests = new Map<string, string>();
  /** The Idempotency-Keys recorded, by order. */
  const keys = new Set<string>();
  /** What the cancellation policy keeps now, in grosze. */
  let cancellationFee = 0;
  /** Answers held back until released (a request on its way). */
  let held: Promise<void> | null = null;

  const log = async (request: Request) => {
    const entry = await recordRequest(request);
    requests.push(entry);
    return entry;
  };

  const refusal = (entry: StaffRequest, status: number, code: string, field?: string, expected = '') => {
    const messages = MESSAGES[(entry.query.locale ?? 'pl') as Locale];
    const text = (key: string) => {
      const message = messages[key] ?? messages[code] ?? code;
      return typeof message === 'function' ? message(expected) : message;
    };
    return HttpResponse.json(
      { code, message: text(code), ...(field ? { errors: [{ field, message: text(`${code}.field`) }] } : {}) },
      { status },
    );
  };

  /** The gateway's checks; an answer when refused. Reading an order is the front desk's; the rest, administrators'. */
  const refuse = (entry: StaffRequest, change: boolean, frontDesk = false) => {
    if (change && !entry.marker) return HttpResponse.json({ code: 'invalid_request', message: 'The request is not valid.' }, { status: 400 });
    if (!session) return refusal(entry, 401, 'not_logged_in');
    if (!(frontDesk ? atFrontDesk(session) : recordsPayments(session))) return refusal(entry, 403, 'forbidden');
    return null;
  };

  /** The order of a path's code, or the refusal. */
  const find = (entry: StaffRequest, code: string) => {
    if (code === '' || code.length > 32) return refusal(entry, 400, 'invalid_parameter', 'bookingCode');
    return stored.get(code.toUpperCase()) ?? refusal(entry, 404, 'order_not_found');
  };

  const mails = new Map(Object.entries(sentMails));
  /** What a line costing `price` instead of `was` leaves. */
  const quoteOf = (order: StaffOrder, was: number, price: number): ChangeQuote => {
    const total = order.totals.total + price - was;
    const [received, difference] = [order.received, price - was];
    return { version: order.version, price, was, difference, total, received, leftToPay: Math.max(0, total - received), refund: Math.max(0, received - total) };
  };
  /** A stay priced at 500 zł a night; a night on `takenNight` is sold out. */
  let takenNight: string | null = null;
  const priceStay = (entry: StaffRequest, order: StaffOrder, id: number, stay: StayWanted) => {
    const line = order.items.find((item) => item.id === id && item.type === 'reservation');
    if (!line) return refusal(entry, 404, 'item_not_found');
    const nights = diffDays(stay.checkIn, stay.checkOut);
    if (!(nights > 0)) return refusal(entry, 422, 'invalid_stay', 'checkOut');
    if (takenNight && stay.checkIn <= takenNight && takenNight < stay.checkOut) return refusal(entry, 409, 'room_unavailable');
    return { line, quote: quoteOf(order, line.total, nights * 50000) };
  };

  /** A package priced at 100 zł a treatment; none is `invalid_configuration`. */
  const pricePackage = (entry: StaffRequest, order: StaffOrder, id: number, treatments: TreatmentPick[]) => {
    const line = order.items.flatMap((item) => [item, ...item.childItems]).find((item) => item.id === id && item.type === 'package');
    if (!line) return refusal(entry, 404, 'item_not_found');
    if (treatments.length === 0) return refusal(entry, 422, 'invalid_configuration', 'treatments');
    return { line, quote: quoteOf(order, line.total, treatments.reduce((sum, t) => sum + t.quantity * 10000, 0)) };
  };

  const handlers = [
    http.get(apiPath('/me'), () => (session ? HttpResponse.json(session) : new HttpResponse(null, { status: 204 }))),
    http.get(apiPath('/backend/orders/:code'), async ({ request, params }) => {
      const entry = await log(request);
      const order = refuse(entry, false, true) ?? find(entry, String(params.code));
      return order instanceof Response ? order : HttpResponse.json(order);
    }),
    http.post(apiPath('/backend/orders/:code/bank-transfers'), async ({ request, params }) => {
      const entry = await log(request);
      await held;
      const order = refuse(entry, true) ?? find(entry, String(params.code));
      if (order instanceof Response) return order;
      const { amount, reference = '' } = (entry.body ?? {}) as Partial<BankTransfer>;
      if (reference.trim() === '' || reference.length > 140) return refusal(entry, 422, 'invalid_transfer', 'reference');
      // As the cart service: a reference recorded before answers its order as it is.
      const paid = references.get(reference);
      if (paid) {
        return paid === order.bookingCode ? HttpResponse.json(order) : refusal(entry, 409, 'transfer_reference_used', 'reference');
      }
      if (order.paymentMethod !== 'bank_transfer') return refusal(entry, 409, 'not_bank_transfer');
      if (order.state === 'cancelled') return refusal(entry, 409, 'order_cancelled');
      if (order.state !== 'new' || order.paymentState !== 'awaiting_payment') return refusal(entry, 409, 'order_paid');
      if (amount !== order.dueNow) {
        const expected = `${Math.floor(order.dueNow / 100)}.${String(order.dueNow % 100).padStart(2, '0')}`;
        return refusal(entry, 422, 'amount_mismatch', 'amount', expected);
      }
      references.set(reference, order.bookingCode);
      markPaid(order);
      return HttpResponse.json(order);
    }),
    http.post(apiPath('/backend/orders/:code/rest-payments'), async ({ request, params }) => {
      const entry = await log(request);
      await held;
      const order = refuse(entry, true) ?? find(entry, String(params.code));
      if (order instanceof Response) return order;
      const { amount, reference = '' } = (entry.body ?? {}) as Partial<BankTransfer>;
      if (reference.trim() === '' || reference.length > 140) return refusal(entry, 422, 'invalid_receipt', 'reference');
      const recorded = rests.get(order.bookingCode);
      if (recorded) return recorded === reference ? HttpResponse.json(order) : refusal(entry, 409, 'order_paid');
      if (order.state === 'cancelled') return refusal(entry, 409, 'order_cancelled');
      if (order.paymentState === 'awaiting_payment') return refusal(entry, 409, 'advance_not_paid');
      if (order.paymentState !== 'partially_paid') return refusal(entry, 409, 'order_paid');
      const rest = order.totals.total - order.totals.vouchers - order.dueNow;
      if (amount !== rest) {
        const expected = `${Math.floor(rest / 100)}.${String(rest % 100).padStart(2, '0')}`;
        return refusal(entry, 422, 'amount_mismatch', 'amount', expected);
      }
      rests.set(order.bookingCode, reference);
      order.paymentState = 'paid';
      return HttpResponse.json(order);
    }),
    http.post(apiPath('/backend/orders/:code/payments'), async ({ request, params }) => {
      const entry = await log(request);
      await held;
      const order = refuse(entry, true, true) ?? find(entry, String(params.code));
      if (order instanceof Response) return order;
      const key = request.headers.get('idempotency-key') ?? '';
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(key)) return refusal(entry, 400, 'invalid_request', 'Idempotency-Key');
      // As the cart service: a key recorded before answers the order as it is.
      if (keys.has(`${order.bookingCode}/${key}`)) return HttpResponse.json(order);
      const { amount = 0, method = 'cash', reference = '', reverses } = (entry.body ?? {}) as Partial<NewPayment>;
      if (amount < 1) return refusal(entry, 400, 'invalid_parameter', 'amount');
      if (reference.trim() === '' || reference.length > 140) return refusal(entry, 400, 'invalid_parameter', 'reference');
      if (order.state === 'cancelled') return refusal(entry, 409, 'order_cancelled');
      const due = order.totals.total - order.totals.vouchers;
      const at = '2026-06-21T09:00:00Z';
      const staff = session?.email ?? null;
      if (reverses) {
        const reversed = order.payments.find((payment) => payment.id === reverses);
        if (!reversed) return refusal(entry, 404, 'payment_not_found');
        if (reversed.reversedBy) return refusal(entry, 409, 'payment_reversed');
        if (reversed.amount !== amount) return refusal(entry, 422, 'amount_mismatch', 'amount', String(reversed.amount / 100));
        const id = `${reverses}-r`;
        reversed.reversedBy = id;
        const over = order.payments.find((payment) => payment.id === `${reverses}-over`);
        if (over?.state === 'refund_due') over.state = 'reversed';
        order.payments.push({ id, provider: reversed.provider, amount: -amount, state: 'paid', reference, at, reverses, reversedBy: null, staff, dueBack: 0 });
        order.received -= amount;
        order.history.push({ at, action: 'payment_reversed', staff, amount: -amount, note: reference });
      } else {
        const pays = Math.min(amount, Math.max(0, due - order.received));
        const id = `pay-${order.payments.length + 1}`;
        if (pays > 0) order.payments.push({ id, provider: method, amount: pays, state: 'paid', reference, at, reverses: null, reversedBy: null, staff, dueBack: 0 });
        if (amount > pays) {
          const dueBack = amount - pays;
          order.payments.push({ id: `${id}-over`, provider: method, amount: dueBack, state: 'refund_due', reference, at, reverses: null, reversedBy: null, staff, dueBack });
        }
        order.received += pays;
        order.history.push({ at, action: 'payment_recorded', staff, amount, note: reference });
        if (order.state === 'new') order.state = 'paid';
      }
      keys.add(`${order.bookingCode}/${key}`);
      order.open = Math.max(0, due - order.received);
      order.paymentState = order.received >= due ? 'paid' : order.received > 0 ? 'partially_paid' : 'awaiting_payment';
      order.version += 1;
      return HttpResponse.json(order);
    }),
    http.get(apiPath('/backend/orders/:code/cancellation'), async ({ request, params }) => {
      const entry = await log(request);
      const order = refuse(entry, false, true) ?? find(entry, String(params.code));
      if (order instanceof Response) return order;
      if (order.state === 'cancelled') return refusal(entry, 409, 'order_cancelled');
      const fee = cancellationFee;
      return HttpResponse.json({
        version: order.version,
        fee,
        received: order.received,
        vouchersKept: 0,
        refund: Math.max(0, order.received - fee),
        freeUntil: '2026-06-15',
        freeDays: 14,
        feePercent: 30,
      });
    }),
    http.post(apiPath('/backend/orders/:code/cancellation'), async ({ request, params }) => {
      const entry = await log(request);
      await held;
      const order = refuse(entry, true, true) ?? find(entry, String(params.code));
      if (order instanceof Response) return order;
      const { version = -1, fee = 0 } = (entry.body ?? {}) as Partial<Cancellation>;
      if (order.state === 'cancelled') return refusal(entry, 409, 'order_cancelled');
      if (version !== order.version) return refusal(entry, 409, 'stale_version');
      if (fee > cancellationFee) return refusal(entry, 409, 'fee_above_policy', 'fee');
      const refund = Math.max(0, order.received - fee);
      Object.assign(order, { state: 'cancelled', paymentState: 'cancelled', open: 0, cancellationFee: fee, version: order.version + 1 });
      if (refund > 0) {
        const paid = order.payments.filter((payment) => payment.state === 'paid' && payment.amount > 0 && !payment.reversedBy);
        const last = paid[paid.length - 1];
        if (last) Object.assign(last, { state: 'refund_due', dueBack: refund });
      }
      order.history.push({ at: '2026-06-21T10:00:00Z', action: 'cancelled', staff: session?.email ?? null, amount: fee, note: '' });
      return HttpResponse.json(order);
    }),
    // The room types the desk may move a stay to (the board's rows).
    http.get(apiPath('/backend/board'), async ({ request }) => {
      const entry = await log(request);
      const from = entry.query.from ?? '2026-07-10';
      const night = { date: from, units: 4, booked: 0, held: 0, external: 0, oversold: false, closed: false, free: 4 };
      const rooms = [
        { code: 'ROOM_LAKE', name: 'Pokój z widokiem na jezioro', units: 4, nights: [night] },
        { code: 'ROOM_SPA_SUITE', name: 'Apartament Spa', units: 1, nights: [night] },
      ];
      return refuse(entry, false, true) ?? HttpResponse.json({ from, to: from, rooms });
    }),
    http.post(apiPath('/backend/orders/:code/items/:id/treatments/quote'), async ({ request, params }) => {
      const entry = await log(request);
      const order = refuse(entry, true, true) ?? find(entry, String(params.code));
      if (order instanceof Response) return order;
      const priced = pricePackage(entry, order, Number(params.id), ((entry.body ?? {}) as { treatments?: TreatmentPick[] }).treatments ?? []);
      return priced instanceof Response ? priced : HttpResponse.json(priced.quote);
    }),
    http.put(apiPath('/backend/orders/:code/items/:id/treatments'), async ({ request, params }) => {
      const entry = await log(request);
      const order = refuse(entry, true, true) ?? find(entry, String(params.code));
      if (order instanceof Response) return order;
      const { version, treatments = [] } = (entry.body ?? {}) as { version?: number; treatments?: TreatmentPick[] };
      if (version !== order.version) return refusal(entry, 409, 'stale_version');
      const priced = pricePackage(entry, order, Number(params.id), treatments);
      if (priced instanceof Response) return priced;
      const { line, quote } = priced;
      line.treatments = treatments.map((t) => ({ code: t.code, name: t.code, quantity: t.quantity }));
      line.total = quote.price;
      order.totals.total = quote.total;
      order.open = quote.leftToPay;
      order.version += 1;
      order.history.push({ at: '2026-06-21T10:00:00Z', action: 'treatments_changed', staff: session?.email ?? null, amount: quote.difference, note: '' });
      return HttpResponse.json(order);
    }),
    http.get(apiPath('/backend/orders/:code/mails'), async ({ request, params }) => {
      const entry = await log(request);
      const order = refuse(entry, false, true) ?? find(entry, String(params.code));
      if (order instanceof Response) return order;
      return HttpResponse.json({ items: mails.get(order.bookingCode) ?? [] });
    }),
    http.get(apiPath('/backend/orders/:code/items/:id/stay'), async ({ request, params }) => {
      const entry = await log(request);
      const order = refuse(entry, false, true) ?? find(entry, String(params.code));
      if (order instanceof Response) return order;
      const priced = priceStay(entry, order, Number(params.id), entry.query as unknown as StayWanted);
      return priced instanceof Response ? priced : HttpResponse.json(priced.quote);
    }),
    http.put(apiPath('/backend/orders/:code/items/:id/stay'), async ({ request, params }) => {
      const entry = await log(request);
      await held;
      const order = refuse(entry, true, true) ?? find(entry, String(params.code));
      if (order instanceof Response) return order;
      const move = (entry.body ?? {}) as StayMove;
      if (move.version !== order.version) return refusal(entry, 409, 'stale_version');
      const priced = priceStay(entry, order, Number(params.id), move);
      if (priced instanceof Response) return priced;
      const { line, quote } = priced;
      Object.assign(line, { code: move.roomCode, dateFrom: move.checkIn, dateTo: move.checkOut, adults: move.adults, total: quote.price });
      order.totals.total = quote.total;
      order.open = quote.leftToPay;
      order.paymentState = order.received >= quote.total ? 'paid' : order.received > 0 ? 'partially_paid' : order.paymentState;
      order.version += 1;
      const note = `${move.checkIn} – ${move.checkOut}`;
      order.history.push({ at: '2026-06-21T10:00:00Z', action: 'stay_changed', staff: session?.email ?? null, amount: quote.difference, note });
      return HttpResponse.json(order);
    }),
    http.get(apiPath('/backend/refunds'), async ({ request }) => {
      const entry = await log(request);
      const items = [...payments.values()].filter((payment) => payment.state === 'refund_due');
      return refuse(entry, false) ?? HttpResponse.json({ items });
    }),
    http.put(apiPath('/backend/refunds/:paymentId'), async ({ request, params }) => {
      const entry = await log(request);
      await held;
      const refused = refuse(entry, true);
      if (refused) return refused;
      const { reference = '' } = (entry.body ?? {}) as Partial<RefundMade>;
      const trimmed = reference.trim();
      if (trimmed === '' || trimmed.length > 140) return refusal(entry, 422, 'invalid_refund', 'reference');
      const payment = payments.get(String(params.paymentId));
      if (!payment) return refusal(entry, 404, 'payment_not_found');
      if (payment.state === 'refunded') {
        return payment.refundReference === trimmed
          ? HttpResponse.json(payment)
          : refusal(entry, 409, 'payment_refunded', 'reference');
      }
      if (payment.state !== 'refund_due') return refusal(entry, 409, 'not_refund_due');
      Object.assign(payment, { state: 'refunded', refundReference: trimmed, refundedAt: '2026-06-21T09:00:00Z' });
      return HttpResponse.json(payment);
    }),
  ];

  function markPaid(order: StaffOrder) {
    const { deposit, leftToPay } = order.totals;
    order.state = 'paid';
    order.paymentState = deposit > 0 && order.dueNow === deposit && leftToPay > 0 ? 'partially_paid' : 'paid';
    order.received = order.paymentState === 'paid' ? order.totals.total - order.totals.vouchers : order.dueNow;
    order.open = order.totals.total - order.totals.vouchers - order.received;
  }

  return {
    handlers,
    requests,
    /** The order as the server has it now. */
    order: (code: string) => stored.get(code),
    /** Someone else records the order's payment meanwhile. */
    payElsewhere: (code: string) => {
      const order = stored.get(code);
      if (order) markPaid(order);
    },
    /** A payment as the server has it now. */
    payment: (paymentId: string) => payments.get(paymentId),
    /** Another member of staff marks a payment refunded meanwhile. */
    refundElsewhere: (paymentId: string, reference: string) => {
      const payment = payments.get(paymentId);
      if (payment) Object.assign(payment, { state: 'refunded', refundReference: reference, refundedAt: '2026-06-21T08:00:00Z' });
    },
    /** Holds the transfers' and refunds' answers until the returned function is called. */
    holdTransfers: () => {
      let release = () => {};
      held = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        release();
        held = null;
      };
    },
    /** The policy keeps `fee` from now on (a stay closer to its arrival). */
    setCancellationFee: (fee: number) => {
      cancellationFee = fee;
    },
    /** A night (YYYY-MM-DD) is sold out for a moved stay. */
    takeNight: (night: string | null) => {
      takenNight = night;
    },
    /** Another receptionist changes the order meanwhile. */
    changeElsewhere: (code: string) => {
      const order = stored.get(code);
      if (order) order.version += 1;
    },
    logOut: () => {
      session = null;
    },
  };
}
