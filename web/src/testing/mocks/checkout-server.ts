/**
 * An in-memory stand-in for checkout (/shop-api/checkout/{token}/...,
 * services/cart/README.md "Checkout"), on the carts of a cart server
 * (./cart-server.ts), for component tests. Faithful to the server's rules:
 *
 * - the state machine (`cart` → `addressed` → `vouchered` |
 *   `vouchering_skipped` → `payment_selected` | `payment_skipped` →
 *   `completed`), each step allowed only from its states (409
 *   `checkout_state`, checked before the body), a completed cart 409
 *   `checkout_completed`, a basket changed after the address back to the
 *   address's state;
 * - the guest's details (400 `invalid_address` naming every wrong field:
 *   names, e-mail, phone, invoice company, NIP checksum or `DE` VAT number,
 *   postcode of the country, notes, regulations), registering with a
 *   password (script marker, password rule, an e-mail taken);
 * - gift vouchers (designs, delivery by e-mail or post with its address),
 *   shipping only while a voucher is posted, payment methods with the
 *   advance payment (30 % of the stays rounded up to whole złoty, the rest
 *   in full) for a basket with a stay, totals with shipping and deposit (at most what the gift voucher
 *   codes paying for lines leave, see ./cart-server.ts);
 * - completion: the same order for a retry of the same basket or
 *   `Idempotency-Key`, a key of another basket 409
 *   `idempotency_key_reused`, a room sold meanwhile 409 `room_just_booked`
 *   with the stay's dates (the line shows unavailable afterwards).
 *
 * The rules it shares with the web are the web's own modules
 * (src/lib/rules: the states each step takes, the field rules with the NIP
 * checksum, the password rule), so the two cannot drift apart; what only
 * the server decides (designs, shipping and payment methods with their
 * prices, the advance payment, its messages) is written out here.
 *
 * Messages are the gateway's Polish ones (pl.ftl), which tests read as the
 * server's.
 */
import { http, HttpResponse } from 'msw';

import { LOCALES, type Locale } from '@/lib/i18n/locale';
import { stepAllowed, type CheckoutState as State, type CheckoutStepName } from '@/lib/rules/checkout-states';
import {
  isCountry,
  isFilled,
  isValidEmail,
  isValidPhone,
  isValidPostcode,
  isValidVatNumber,
  MAX_LINE,
  MAX_NAME,
  MAX_NOTES,
  MAX_VOUCHER_MESSAGE,
  MAX_VOUCHER_NAME,
} from '@/lib/rules/fields';
import { passwordProblem } from '@/lib/rules/password';
import type { Cart, LineVoucher, Order } from '@/types/api';
import type { components } from '@/types/openapi.gen';

import type { createCartServer } from './cart-server';
import { cartTotals, needsShipping } from './fixtures';
import { apiPath } from './handlers';

type CartServer = ReturnType<typeof createCartServer>;
type Customer = components['schemas']['Customer'];
type ShippingMethod = components['schemas']['ShippingMethod'];
type PaymentMethod = components['schemas']['PaymentMethod'];

/** Names in the order of LOCALES (pl, de, en_GB). */
const DESIGNS = [
  { code: 'classic', names: ['Klasyczny', 'Klassisch', 'Classic'] },
  { code: 'floral', names: ['Kwiatowy', 'Blumen', 'Floral'] },
  { code: 'relax', names: ['Relaks', 'Entspannung', 'Relax'] },
];
const SHIPPING: { code: ShippingMethod; price: number; names: string[] }[] = [
  { code: 'post', price: 1200, names: ['Poczta Polska, list polecony', 'Deutsche Post, Einschreiben', 'Registered letter'] },
  { code: 'courier', price: 2500, names: ['Kurier', 'Kurier', 'Courier'] },
];
const PAYMENT: { code: PaymentMethod; names: string[] }[] = [
  { code: 'bank_transfer', names: ['Przelew bankowy', 'Banküberweisung', 'Bank transfer'] },
  { code: 'przelewy24', names: ['Przelewy24', 'Przelewy24', 'Przelewy24'] },
  { code: 'paypal', names: ['PayPal', 'PayPal', 'PayPal'] },
];

const FIELD_MESSAGES: Record<string, string> = {
  'customer.firstName': 'Podaj imię (do 60 znaków).',
  'customer.lastName': 'Podaj nazwisko (do 60 znaków).',
  'customer.email': 'Podaj poprawny adres e-mail.',
  'customer.phone': 'Podaj numer telefonu, co najmniej 7 znaków: cyfry oraz +, ( ), -, spacje, kropki lub ukośniki.',
  'billingAddress.company': 'Podaj nazwę firmy.',
  'billingAddress.vatNumber': 'Podaj poprawny numer NIP (10 cyfr) lub niemiecki numer VAT (DE i 9 cyfr).',
  'billingAddress.street': 'Podaj ulicę i numer.',
  'billingAddress.postcode': 'Podaj kod pocztowy kraju: 00-000 w Polsce, 5 cyfr w Niemczech.',
  'billingAddress.city': 'Podaj miejscowość.',
  'billingAddress.countryCode': 'Wybierz Polskę lub Niemcy.',
  notes: 'Uwagi mogą mieć do 1000 znaków.',
  regulationsAccepted: 'Zaakceptuj regulamin rezerwacji.',
  for: 'Podaj, dla kogo jest voucher (od 1 do 60 znaków).',
  from: 'Podaj, od kogo jest voucher (od 1 do 60 znaków).',
  email: 'Podaj poprawny adres e-mail, na który wyślemy voucher.',
  design: 'Wybierz wzór.',
  delivery: 'Wybierz sposób dostarczenia: e-mailem lub pocztą.',
  postcode: 'Podaj kod pocztowy kraju: 00-000 w Polsce, 5 cyfr w Niemczech.',
};

const MESSAGES: Record<string, string> = {
  invalid_address: 'Brakuje niektórych danych lub są niepoprawne: sprawdź zaznaczone pola.',
  invalid_voucher_configuration: 'Sprawdź dane vouchera: zaznaczonych pól brakuje lub są niepoprawne.',
  invalid_method: 'Wybierz jedną z oferowanych metod.',
  checkout_completed: 'Ten koszyk stał się już zamówieniem. Aby zarezerwować więcej, zacznij nowy koszyk.',
  checkout_state: 'Ten krok nie jest jeszcze dostępny: najpierw wypełnij poprzednie kroki.',
  cart_empty: 'Twój koszyk jest pusty.',
  idempotency_key_reused: 'Ten klucz żądania został już użyty dla innego zamówienia.',
  weak_password: 'Wybierz hasło o długości od 10 do 128 znaków, z co najmniej 5 różnymi znakami, inne niż Twój adres e-mail.',
  email_taken: 'Konto z tym adresem e-mail już istnieje. Zaloguj się.',
  invalid_request: 'Żądanie jest niepoprawne.',
  cart_not_found: 'Twój koszyk wygasł. Rozpoczęto nowy.',
  item_not_found: 'Tej pozycji nie ma już w Twoim koszyku.',
};

/** Field texts of a code that has its own (the gateway's `.field` of that error). */
const CODE_FIELD_MESSAGES: Record<string, string> = {
  email_taken: 'Ten adres e-mail jest już zarejestrowany.',
  weak_password: 'Wybierz dłuższe lub bardziej zróżnicowane hasło.',
  invalid_method: 'Wybierz jedną z oferowanych metod.',
};

const refusal = (status: number, code: string, fields: string[] = [], message = MESSAGES[code] ?? code) =>
  HttpResponse.json(
    {
      code,
      message,
      errors: fields.map((field) => ({
        field,
        message: CODE_FIELD_MESSAGES[code] ?? FIELD_MESSAGES[field] ?? 'Sprawdź to pole.',
      })),
    },
    { status },
  );

// The server's rules on what a body holds: anything but a string is as wrong as an empty one.
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const filled = (value: unknown, max: number) => isFilled(text(value), max);
const email = (value: unknown) => isValidEmail(text(value));

/**
 * The advance payment of a basket owing `due` (after gift vouchers),
 * `staysDue` of it for stays: 30 % of the stays, rounded up to whole
 * złoty, and everything else in full.
 */
export const depositFor = (due: number, staysDue: number) => {
  const stays = Math.max(0, Math.min(staysDue, due));
  return Math.min(Math.ceil(Math.ceil((stays * 30) / 100) / 100) * 100, stays) + (due - stays);
};

type Details = {
  shippingMethod?: ShippingMethod;
  payment?: { method: PaymentMethod; deposit: boolean };
  /** The lines when the state was last set: a change sends the state back. */
  lines: string;
};

export type CheckoutRequest = { method: string; path: string; body: unknown; headers: Record<string, string> };

export type CheckoutServerOptions = {
  /** The logged-in customer (GET /me); none: 204. */
  me?: Customer | null;
  /** E-mail addresses registered already. */
  takenEmails?: string[];
};

export function createCheckoutServer(cartServer: CartServer, { me = null, takenEmails = [] }: CheckoutServerOptions = {}) {
  const { carts } = cartServer;
  const details = new Map<string, Details>();
  const orders = new Map<string, Order>();
  const keys = new Map<string, string>();
  const requests: CheckoutRequest[] = [];
  const sold = new Set<number>();
  /** Answers completion gives before it works (a service down, ...). */
  const completeFailures: { status: number; code: string; message: string }[] = [];

  /** The index of the request's language in LOCALES (the names' order); Polish by default. */
  const localeIndex = (request: Request) =>
    Math.max(0, LOCALES.indexOf(new URL(request.url).searchParams.get('locale') as Locale));
  const log = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => (headers[key] = value));
    requests.push({ method: request.method, path: url.pathname.replace('/shop-api', ''), body, headers });
    return body;
  };

  const vouchers = (cart: Cart) => cart.items.filter((line) => line.type === 'voucher');
  const shippingRequired = (cart: Cart) => needsShipping(cart.items);
  const detailsOf = (token: string) => details.get(token) ?? { lines: '' };
  const signature = (cart: Cart) => JSON.stringify(cart.items.map((line) => [line.id, line.quantity, line.childItems.length]));

  const totals = (token: string, cart: Cart) => {
    const base = cartTotals(cart.items, cart.currency);
    const d = detailsOf(token);
    const shipping = shippingRequired(cart) ? (SHIPPING.find((m) => m.code === d.shippingMethod)?.price ?? 0) : 0;
    const total = base.total + shipping;
    const deposit = d.payment?.deposit && hasStay(cart) ? depositFor(total - base.vouchers, staysDue(cart)) : 0;
    return { ...base, total, shipping, deposit, leftToPay: total - base.vouchers - deposit };
  };
  const hasStay = (cart: Cart) => cart.items.some((line) => line.type === 'reservation');
  /** The demo policy's terms: free until 14 days before the first arrival, then 30 % of the stays. */
  const cancellationOf = (cart: Cart) => {
    const arrivals = cart.items.flatMap((line) => (line.type === 'reservation' && line.dateFrom ? [line.dateFrom] : [])).sort();
    const first = arrivals[0];
    if (!first) return null;
    const freeUntil = new Date(Date.parse(`${first}T00:00:00Z`) - 14 * 86_400_000).toISOString().slice(0, 10);
    return { freeUntil, feePercent: 30 };
  };
  /** What the stays, with what is attached, cost beyond the gift vouchers paying for them. */
  const staysDue = (cart: Cart) =>
    cart.items
      .filter((line) => line.type === 'reservation')
      .reduce((sum, line) => sum + line.total + line.childItems.reduce((s, c) => s + c.total, 0) - (line.redemption?.amount ?? 0), 0);
  /** The advance on offer: what it takes now, when it leaves something for later. */
  const advanceOffered = (token: string, cart: Cart) => {
    const t = totals(token, cart);
    const due = t.total - t.vouchers;
    const advance = depositFor(due, staysDue(cart));
    return hasStay(cart) && advance < due ? advance : null;
  };

  const afterAddress = (token: string, cart: Cart): State => {
    const list = vouchers(cart);
    const configured = list.every((line) => line.voucher?.design && line.voucher.delivery);
    const needsShipping = shippingRequired(cart) && !detailsOf(token).shippingMethod;
    if (list.length > 0 && (!configured || needsShipping)) return 'addressed';
    if (totals(token, cart).total - cart.totals.vouchers <= 0) return 'payment_skipped';
    return list.length === 0 ? 'vouchering_skipped' : 'vouchered';
  };

  /** The cart as checkout sees it: a basket changed since the last step is back at the address's state. */
  const current = (token: string): Cart | undefined => {
    const cart = carts.get(token);
    if (!cart) return undefined;
    const state = cart.checkoutState;
    const withSold = {
      ...cart,
      items: cart.items.map((line) => (sold.has(line.id) ? { ...line, isAvailable: false, total: 0 } : line)),
    };
    let next = state;
    if (state !== 'cart' && state !== 'completed' && detailsOf(token).lines !== signature(withSold)) {
      next = afterAddress(token, withSold);
    }
    return setState(token, withSold, next);
  };
  const setState = (token: string, cart: Cart, state: State): Cart => {
    const d = detailsOf(token);
    const next: Cart = {
      ...cart,
      checkoutState: state,
      shippingRequired: shippingRequired(cart),
      shipments: shippingRequired(cart) && d.shippingMethod ? [{ method: d.shippingMethod }] : [],
      payments: d.payment ? [d.payment] : [],
    };
    next.totals = totals(token, next);
    carts.set(token, next);
    details.set(token, { ...d, lines: signature(next) });
    return next;
  };
  /** The cart, or why the step is refused. */
  const gate = (token: string, step: CheckoutStepName): Cart | Response => {
    const cart = current(token);
    if (!cart) return refusal(404, 'cart_not_found');
    if (cart.checkoutState === 'completed') return refusal(409, 'checkout_completed');
    if (!stepAllowed(step, cart.checkoutState)) return refusal(409, 'checkout_state');
    return cart;
  };

  const handlers = [
    http.get(apiPath('/me'), () => (me ? HttpResponse.json(me) : new HttpResponse(null, { status: 204 }))),

    http.get(apiPath('/checkout/:token/start'), async ({ request, params }) => {
      await log(request);
      const cart = current(String(params.token));
      return cart ? HttpResponse.json(cart) : refusal(404, 'cart_not_found');
    }),

    http.put(apiPath('/checkout/:token/address'), async ({ request, params }) => {
      const body = ((await log(request)) ?? {}) as Record<string, Record<string, unknown> | undefined> & {
        notes?: string;
        regulationsAccepted?: boolean;
        password?: string | null;
      };
      const token = String(params.token);
      const cart = gate(token, 'address');
      if (cart instanceof Response) return cart;
      const customer = body.customer ?? {};
      const billing = body.billingAddress ?? {};
      const wrong: string[] = [];
      if (!filled(customer.firstName, MAX_NAME)) wrong.push('customer.firstName');
      if (!filled(customer.lastName, MAX_NAME)) wrong.push('customer.lastName');
      if (!email(customer.email)) wrong.push('customer.email');
      if (!isValidPhone(text(customer.phone))) wrong.push('customer.phone');
      const invoice = billing.invoiceRequired === true;
      const rawCountry = typeof billing.countryCode === 'string' ? billing.countryCode.trim().toUpperCase() : '';
      const country = rawCountry === '' && !invoice ? 'PL' : rawCountry;
      if (!isCountry(country)) wrong.push('billingAddress.countryCode');
      if (invoice) {
        if (!filled(billing.company, MAX_LINE)) wrong.push('billingAddress.company');
        if (isCountry(country) && !isValidVatNumber(country, text(billing.vatNumber))) wrong.push('billingAddress.vatNumber');
        if (!filled(billing.street, MAX_LINE)) wrong.push('billingAddress.street');
        if (!filled(billing.city, MAX_LINE)) wrong.push('billingAddress.city');
        if (isCountry(country) && !isValidPostcode(country, text(billing.postcode))) wrong.push('billingAddress.postcode');
      }
      if ([...(body.notes ?? '').trim()].length > MAX_NOTES) wrong.push('notes');
      if (body.regulationsAccepted !== true) wrong.push('regulationsAccepted');
      if (wrong.length > 0) return refusal(422, 'invalid_address', wrong);

      const password = body.password ?? '';
      if (password !== '' && !me) {
        if (request.headers.get('X-Requested-With') !== 'XMLHttpRequest') return refusal(400, 'invalid_request', ['X-Requested-With']);
        const address = String(customer.email).trim().toLowerCase();
        if (passwordProblem(password, address)) return refusal(422, 'weak_password', ['password']);
        if (takenEmails.includes(address)) return refusal(409, 'email_taken', ['customer.email']);
      }

      const saved: Cart = {
        ...cart,
        customer: {
          firstName: String(customer.firstName).trim(),
          lastName: String(customer.lastName).trim(),
          email: String(customer.email).trim().toLowerCase(),
          phone: String(customer.phone).trim(),
        },
        billingAddress: invoice
          ? {
              invoiceRequired: true,
              company: String(billing.company).trim(),
              vatNumber: String(billing.vatNumber).trim(),
              street: String(billing.street).trim(),
              postcode: String(billing.postcode).trim(),
              city: String(billing.city).trim(),
              countryCode: country,
            }
          : { invoiceRequired: false, company: '', vatNumber: '', street: '', postcode: '', city: '', countryCode: country },
        notes: (body.notes ?? '').trim(),
      };
      return HttpResponse.json(setState(token, saved, afterAddress(token, saved)));
    }),

    http.get(apiPath('/checkout/:token/vouchers'), async ({ request, params }) => {
      await log(request);
      const cart = current(String(params.token));
      if (!cart) return refusal(404, 'cart_not_found');
      const index = localeIndex(request);
      return HttpResponse.json({
        vouchers: {
          categories: DESIGNS.map((design) => ({ code: design.code, name: design.names[index] })),
          items: vouchers(cart).map((item, i) => ({ index: i, item })),
        },
      });
    }),

    http.put(apiPath('/checkout/:token/vouchers/:index'), async ({ request, params }) => {
      const body = ((await log(request)) ?? {}) as Record<string, string | null | undefined>;
      const token = String(params.token);
      const cart = gate(token, 'voucher');
      if (cart instanceof Response) return cart;
      const line = vouchers(cart)[Number(params.index)];
      if (!line) return refusal(404, 'item_not_found');
      const wrong: string[] = [];
      if (!filled(body.for, MAX_VOUCHER_NAME)) wrong.push('for');
      if (!filled(body.from, MAX_VOUCHER_NAME)) wrong.push('from');
      if ([...(body.message ?? '').trim()].length > MAX_VOUCHER_MESSAGE) wrong.push('message');
      if (!DESIGNS.some((design) => design.code === body.design)) wrong.push('design');
      const delivery = body.delivery === 'email' || body.delivery === 'post' ? body.delivery : null;
      if (!delivery) wrong.push('delivery');
      const address = (body.email ?? '').trim();
      if ((delivery === 'email' || address !== '') && !email(address)) wrong.push('email');
      const country = (body.countryCode ?? '').trim().toUpperCase();
      if (delivery === 'post') {
        if (!filled(body.firstName, MAX_NAME)) wrong.push('firstName');
        if (!filled(body.lastName, MAX_NAME)) wrong.push('lastName');
        if (!filled(body.street, MAX_LINE)) wrong.push('street');
        if (isCountry(country) && !isValidPostcode(country, text(body.postcode))) wrong.push('postcode');
        if (!filled(body.city, MAX_LINE)) wrong.push('city');
        if (!isCountry(country)) wrong.push('countryCode');
      }
      if (wrong.length > 0) return refusal(422, 'invalid_voucher_configuration', wrong);
      const voucher: LineVoucher = {
        for: String(body.for).trim(),
        from: String(body.from).trim(),
        message: (body.message ?? '').trim(),
        email: address === '' ? null : address.toLowerCase(),
        design: String(body.design),
        delivery,
        postal:
          delivery === 'post'
            ? {
                firstName: String(body.firstName).trim(),
                lastName: String(body.lastName).trim(),
                street: String(body.street).trim(),
                postcode: String(body.postcode).trim(),
                city: String(body.city).trim(),
                countryCode: country,
              }
            : null,
      };
      const changed: Cart = { ...cart, items: cart.items.map((item) => (item.id === line.id ? { ...item, voucher } : item)) };
      return HttpResponse.json(setState(token, changed, afterAddress(token, changed)));
    }),

    http.get(apiPath('/checkout/:token/shipping'), async ({ request, params }) => {
      await log(request);
      const token = String(params.token);
      const cart = current(token);
      if (!cart) return refusal(404, 'cart_not_found');
      const index = localeIndex(request);
      const shipments = shippingRequired(cart)
        ? [
            {
              methods: SHIPPING.map((method) => ({ code: method.code, name: method.names[index], price: method.price })),
              method: detailsOf(token).shippingMethod ?? null,
            },
          ]
        : [];
      return HttpResponse.json({ shipments });
    }),

    http.put(apiPath('/checkout/:token/shipping/:id'), async ({ request, params }) => {
      const body = ((await log(request)) ?? {}) as { method?: string };
      const token = String(params.token);
      const cart = gate(token, 'shipping');
      if (cart instanceof Response) return cart;
      if (!shippingRequired(cart)) return refusal(409, 'checkout_state');
      const shipping = SHIPPING.find((method) => method.code === body.method);
      if (!shipping) return refusal(422, 'invalid_method', ['method']);
      details.set(token, { ...detailsOf(token), shippingMethod: shipping.code });
      return HttpResponse.json(setState(token, cart, afterAddress(token, cart)));
    }),

    http.get(apiPath('/checkout/:token/payment'), async ({ request, params }) => {
      await log(request);
      const token = String(params.token);
      const cart = current(token);
      if (!cart) return refusal(404, 'cart_not_found');
      const index = localeIndex(request);
      const chosen = detailsOf(token).payment;
      return HttpResponse.json({
        payments: [
          {
            methods: PAYMENT.map((method) => ({ code: method.code, name: method.names[index], price: 0 })),
            method: chosen?.method ?? null,
            deposit: advanceOffered(token, cart) === null ? null : { amount: advanceOffered(token, cart), chosen: chosen?.deposit ?? false },
            cancellation: cancellationOf(cart),
          },
        ],
      });
    }),

    http.put(apiPath('/checkout/:token/payment/:id'), async ({ request, params }) => {
      const body = ((await log(request)) ?? {}) as { method?: string; deposit?: boolean; expectedDueNow?: number };
      const token = String(params.token);
      const cart = gate(token, 'payment');
      if (cart instanceof Response) return cart;
      const payment = PAYMENT.find((method) => method.code === body.method);
      if (!payment) return refusal(422, 'invalid_method', ['method']);
      if (body.deposit && !hasStay(cart)) return refusal(422, 'invalid_method', ['deposit']);
      const before = detailsOf(token);
      details.set(token, { ...before, payment: { method: payment.code, deposit: body.deposit === true } });
      // As the cart service: what the guest saw due now, or nothing is
      // chosen; a line no longer available is what completion reports.
      const t = totals(token, cart);
      const dueNow = t.deposit > 0 ? t.deposit : t.leftToPay;
      const available = cart.items.every((line) => line.isAvailable !== false);
      if (body.expectedDueNow !== undefined && body.expectedDueNow !== dueNow && available) {
        details.set(token, before);
        const pln = (minor: number) => (minor / 100).toFixed(2);
        const message = `Cena zmieniła się w międzyczasie: teraz do zapłaty ${pln(dueNow)} PLN zamiast ${pln(body.expectedDueNow)} PLN. Sprawdź koszyk i potwierdź ponownie.`;
        return refusal(409, 'price_changed', [], message);
      }
      const nothing = totals(token, cart).total - cart.totals.vouchers <= 0;
      return HttpResponse.json(setState(token, cart, nothing ? 'payment_skipped' : 'payment_selected'));
    }),

    http.put(apiPath('/checkout/:token/complete'), async ({ request, params }) => {
      await log(request);
      const token = String(params.token);
      const key = request.headers.get('Idempotency-Key');
      if (key !== null && (key === '' || key.length > 255)) return refusal(400, 'invalid_request', ['Idempotency-Key']);
      if (key && keys.has(key)) {
        return keys.get(key) === token ? HttpResponse.json(orders.get(token)) : refusal(409, 'idempotency_key_reused');
      }
      const placed = orders.get(token);
      if (placed) return HttpResponse.json(placed);
      const failure = completeFailures.shift();
      if (failure) return HttpResponse.json({ code: failure.code, message: failure.message }, { status: failure.status });
      const cart = gate(token, 'complete');
      if (cart instanceof Response) return cart;
      if (cart.items.length === 0) return refusal(409, 'cart_empty');
      const booked = cart.items.find((line) => line.type === 'reservation' && !line.isAvailable);
      if (booked) {
        return HttpResponse.json(
          {
            code: 'room_just_booked',
            message: `Ten pokój został właśnie zarezerwowany na termin ${booked.dateFrom} - ${booked.dateTo}.`,
          },
          { status: 409 },
        );
      }
      const t = cart.totals;
      const order: Order = {
        tokenValue: token,
        bookingCode: 'SPA-7KM4-XQ9D',
        checkoutState: 'completed',
        createdAt: new Date().toISOString(),
        state: 'new',
        paymentState: 'awaiting_payment',
        paymentMethod: cart.payments[0]?.method ?? null,
        totals: t,
        dueNow: t.deposit > 0 ? t.deposit : t.total - t.vouchers,
        holdExpiresAt: hasStay(cart) ? '2026-07-01T12:00:00Z' : null,
        email: cart.customer?.email ?? '',
        locale: cart.locale,
        items: cart.items,
      };
      orders.set(token, order);
      if (key) keys.set(key, token);
      setState(token, cart, 'completed');
      return HttpResponse.json(order);
    }),
  ];

  return {
    handlers,
    requests,
    orders,
    /** Puts a cart at a checkout state, as if the steps before had been taken. */
    setState(token: string, state: State, extra: Partial<Cart> = {}) {
      const cart = carts.get(token);
      if (!cart) throw new Error(`no cart ${token}`);
      setState(token, { ...cart, ...extra }, state);
    },
    /** Another guest books the room of this line meanwhile. */
    sellOut(lineId: number) {
      sold.add(lineId);
    },
    /** The next completions fail with these answers. */
    failCompletion(...answers: { status: number; code: string; message: string }[]) {
      completeFailures.push(...answers);
    },
    /** Line `lineId` costs `by` more per unit from now on; the page shown still has the old price. */
    raisePrice(token: string, lineId: number, by: number) {
      const cart = carts.get(token);
      if (!cart) throw new Error(`no cart ${token}`);
      const items = cart.items.map((line) =>
        line.id === lineId ? { ...line, price: { ...line.price, current: line.price.current + by }, total: line.total + by * line.quantity } : line,
      );
      carts.set(token, { ...cart, items, totals: cartTotals(items, cart.currency) });
    },
    choosePayment(token: string, method: PaymentMethod, deposit = false) {
      details.set(token, { ...detailsOf(token), payment: { method, deposit } });
    },
  };
}
