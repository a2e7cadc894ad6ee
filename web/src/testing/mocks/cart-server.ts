/**
 * An in-memory stand-in for the basket API (the contract of
 * /shop-api/carts, services/cart/README.md), for component tests: carts by
 * token, adds of every type (the same product again grows its line),
 * packages attached to stays (attaching to a stay with one replaces it),
 * quantity and configuration changes, removals and suggestions; a gift
 * voucher added with its dedication (`options.dedication`, checked as the
 * cart service checks it, naming `options.dedication.*`); an age-restricted
 * product refused without the cookie agePermission (403
 * `age_confirmation_required`); lines paid with
 * gift voucher codes (`PUT`/`DELETE .../items/{id}/voucher`: unknown,
 * spent and expired codes, lines that cannot be paid with one, a code
 * moving to the line it is set on, what it pays read on every answer).
 * Totals as the server's: units times the unit price, a package its price
 * for its persons, a stay its price, less what vouchers pay. Messages are
 * the gateway's Polish ones (pl.ftl). Use its `handlers` with
 * `server.use(...)`.
 */
import { http, HttpResponse } from 'msw';

import { DEFAULT_GUESTS, PACKAGE_PERSONS_MAX, PACKAGE_PERSONS_MIN } from '@/config/constants';
import { isFilled, isValidEmail, MAX_VOUCHER_MESSAGE, MAX_VOUCHER_NAME } from '@/lib/rules/fields';
import { lineAmount } from '@/lib/rules/line-price';
import type { AddCartItem, Cart, CartItem, CartProduct, LineVoucher, ListingItem, UpdateCartItem } from '@/types/api';
import { diffDays } from '@/utils/calendar-date';

import { cart as cartOf, cartItem, cartTotals } from './fixtures';
import { apiPath } from './handlers';

/**
 * `price`: a unit's, a stay's, or a package's per person. `ageRestriction`:
 * added only with the cookie agePermission holding a positive number, else
 * refused with 403 `age_confirmation_required`, as the gateway does.
 */
type Known = { name: string; price?: number; numNights?: number; voucherValues?: number[]; ageRestriction?: boolean };

/** An issued gift voucher: what it has left (minor units) and its last day (`YYYY-MM-DD`, UTC). */
export type GiftVoucher = { balance: number; validUntil: string };

export type CartServerOptions = {
  /** Names and prices of the codes the tests add. */
  known?: Record<string, Known>;
  /** Suggestions by kind. */
  associations?: Partial<Record<'packages' | 'treatments' | 'products', ListingItem[]>>;
  /** Issued gift voucher codes (`GV-XXXX-XXXX-XXXX`). */
  giftVouchers?: Record<string, GiftVoucher>;
};

export type CartRequest = { method: string; path: string; body: unknown };

const notFound = (code: string) => HttpResponse.json({ code, message: `${code}` }, { status: 404 });

/** The gateway's messages (pl.ftl): the error's, and its field's where it has its own. */
const MESSAGES: Record<string, [string, string?]> = {
  not_a_voucher: ['Dedykację może mieć tylko voucher prezentowy.'],
  invalid_voucher_details: [
    'Sprawdź dedykację vouchera: dla kogo i od kogo (od 1 do 60 znaków) oraz wiadomość do 300 znaków.',
    'Sprawdź to pole.',
  ],
  invalid_email: ['Podaj prawidłowy adres e-mail.', 'Podaj prawidłowy adres e-mail.'],
  voucher_code_unknown: ['Nie ma vouchera o tym kodzie. Sprawdź kod i spróbuj ponownie.', 'Nie ma vouchera o tym kodzie.'],
  voucher_not_applicable: ['Voucherem można zapłacić za pobyt, pakiet, zabieg lub produkt, ale nie za inny voucher.'],
  voucher_spent: ['Ten voucher został już wykorzystany.', 'Ten voucher został już wykorzystany.'],
  voucher_expired: ['Ten voucher stracił ważność.', 'Ten voucher stracił ważność.'],
};

const AGE_CONFIRMATION_REQUIRED = 'Ten produkt sprzedajemy tylko osobom pełnoletnim: potwierdź, że masz ukończone 18 lat.';

/** The visitor has said they are of age: cookie agePermission holds a positive number. */
const ofAge = (cookies: Record<string, string>) => {
  const value = cookies.agePermission?.trim() ?? '';
  return value !== '' && Number.isFinite(Number(value)) && Number(value) > 0;
};

/** A refusal naming one field, as the gateway answers it. */
const refusal = (status: number, code: string, field: string) => {
  const [message = code, fieldMessage = message] = MESSAGES[code] ?? [];
  return HttpResponse.json({ code, message, errors: [{ field, message: fieldMessage }] }, { status });
};

/** As the cart service: a code pays for a top-level line that is not a gift voucher; null when line `id` may take one. */
function voucherLineRefusal(cart: Cart, id: number) {
  const line = cart.items.find((item) => item.id === id);
  if (line) return line.type === 'voucher' ? refusal(409, 'voucher_not_applicable', 'id') : null;
  return cart.items.some((item) => item.childItems.some((child) => child.id === id))
    ? refusal(409, 'voucher_not_applicable', 'id')
    : notFound('item_not_found');
}

const CODE_ALPHABET = '34679ACDEFGHJKMNPQRTWXY';

/** A gift voucher code as stored (`GV-XXXX-XXXX-XXXX`) from what was typed: any case, dashes and spaces optional; null when it cannot be one. */
export function normalizeVoucherCode(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  if (!compact.startsWith('GV')) return null;
  const chars = compact.slice(2);
  if (chars.length !== 12 || [...chars].some((c) => !CODE_ALPHABET.includes(c))) return null;
  return `GV-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Whether a voucher can pay now, else why not. */
const refusedVoucher = (voucher: GiftVoucher): 'voucher_expired' | 'voucher_spent' | null =>
  voucher.validUntil < todayUtc() ? 'voucher_expired' : voucher.balance <= 0 ? 'voucher_spent' : null;

/**
 * A dedication as the cart service checks it (with the web's own rules,
 * src/lib/rules/fields.ts): the first wrong field, named as the add's body
 * names it.
 */
function checkDedication(dedication: NonNullable<NonNullable<AddCartItem['options']>['dedication']>): Response | LineVoucher {
  const name = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const recipient = name(dedication.for);
  const sender = name(dedication.from);
  const message = name(dedication.message);
  const email = name(dedication.email);
  if (!isFilled(recipient, MAX_VOUCHER_NAME)) return refusal(422, 'invalid_voucher_details', 'options.dedication.for');
  if (!isFilled(sender, MAX_VOUCHER_NAME)) return refusal(422, 'invalid_voucher_details', 'options.dedication.from');
  if ([...message].length > MAX_VOUCHER_MESSAGE) return refusal(422, 'invalid_voucher_details', 'options.dedication.message');
  if (email !== '' && !isValidEmail(email)) return refusal(422, 'invalid_email', 'options.dedication.email');
  return { for: recipient, from: sender, message, email: email === '' ? null : email };
}

export function createCartServer({ known = {}, associations = {}, giftVouchers = {} }: CartServerOptions = {}) {
  const carts = new Map<string, Cart>();
  const requests: CartRequest[] = [];
  const issued = new Map(Object.entries(giftVouchers));
  let nextId = 100;

  /** What a line's voucher pays now: up to what it has left of the line with what is attached, nothing once spent or expired. */
  const redeemed = (line: CartItem): CartItem => {
    if (!line.redemption) return line;
    const voucher = issued.get(line.redemption.code) ?? { balance: 0, validUntil: '1970-01-01' };
    const cost = line.total + line.childItems.reduce((sum, child) => sum + child.total, 0);
    const amount = refusedVoucher(voucher) ? 0 : Math.min(voucher.balance, Math.max(cost, 0));
    return { ...line, redemption: { ...line.redemption, amount, balance: voucher.balance, validUntil: voucher.validUntil } };
  };

  const answer = (token: string, status = 200) => {
    const cart = carts.get(token);
    if (!cart) return notFound('cart_not_found');
    const items = cart.items.map(redeemed);
    const next = {
      ...cart,
      items,
      totals: cartTotals(items),
      vouchers: items.flatMap((line) => (line.redemption ? [line.redemption.code] : [])),
    };
    carts.set(token, next);
    return HttpResponse.json(next, { status });
  };
  const setItems = (token: string, items: CartItem[]) => {
    const cart = carts.get(token);
    if (cart) carts.set(token, { ...cart, items });
  };
  const info = (code: string): Known => known[code] ?? { name: code };
  const product = (code: string, type: CartProduct['type'], numNights = 0): CartProduct => ({
    code,
    variantCode: code,
    type,
    name: info(code).name,
    slug: code.toLowerCase(),
    images: [],
    links: { self: `/oferta/${code.toLowerCase()}` },
    numNights,
    ageRestriction: info(code).ageRestriction ?? false,
  });
  const log = async (request: Request) => {
    const url = new URL(request.url);
    const body: unknown = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.clone().json();
    requests.push({ method: request.method, path: url.pathname.replace('/shop-api', ''), body });
    return body;
  };

  function lineFor(item: AddCartItem, dedication?: LineVoucher): CartItem {
    const id = nextId++;
    const code = item.productCode ?? item.variantCode ?? '';
    const options = item.options ?? {};
    if (item.type === 'reservation' || item.type === 'reservation_with_package') {
      const checkIn = options.checkIn ?? '';
      const checkOut = options.checkOut ?? '';
      const adults = options.adults ?? DEFAULT_GUESTS.adults;
      const price = info(code).price ?? 100000;
      const line = cartItem({
        id,
        type: 'reservation',
        code,
        quantity: 1,
        minQuantity: 1,
        maxQuantity: 1,
        price: { current: price, original: price, currency: 'PLN' },
        adults,
        children: options.children ?? 0,
        babies: options.babies ?? 0,
        dateFrom: checkIn,
        dateTo: checkOut,
        days: diffDays(checkIn, checkOut),
        product: product(code, 'room'),
      });
      if (item.type === 'reservation') return line;
      return {
        ...line,
        childItems: [packageFor(item.packageCode ?? '', Math.min(adults, PACKAGE_PERSONS_MAX), options.treatments ?? undefined)],
      };
    }
    if (item.type === 'package') return packageFor(code, item.quantity ?? 1, options.treatments ?? undefined);
    const kind = item.type === 'voucher' || item.type === 'treatment' ? item.type : 'product';
    const price =
      kind === 'voucher' ? (info(code).voucherValues?.[options.priceOption ?? 0] ?? 10000) : (info(code).price ?? 4900);
    return cartItem({
      id,
      type: kind,
      code,
      quantity: item.quantity ?? 1,
      price: { current: price, original: price, currency: 'PLN' },
      priceOption: kind === 'voucher' ? (options.priceOption ?? 0) : null,
      voucher: dedication ?? null,
      product: product(code, kind),
    });
  }

  /** A package's price is for its persons: the line costs that price, whatever its quantity (its persons). */
  const packagePrice = (code: string, persons: number) => {
    const price = (info(code).price ?? 60000) * persons;
    return { current: price, original: price, currency: 'PLN' };
  };

  function packageFor(code: string, persons: number, treatments?: { code: string; quantity: number }[]): CartItem {
    return cartItem({
      id: nextId++,
      type: 'package',
      code,
      quantity: persons,
      minQuantity: PACKAGE_PERSONS_MIN,
      maxQuantity: PACKAGE_PERSONS_MAX,
      price: packagePrice(code, persons),
      treatments: (treatments ?? []).map((t) => ({ ...t, name: info(t.code).name })),
      product: product(code, 'package', info(code).numNights ?? 0),
    });
  }

  /** A line at a new quantity, priced as the server prices its kind. */
  const withQuantity = (line: CartItem, quantity: number): CartItem => {
    const price = line.type === 'package' ? packagePrice(line.code, quantity) : line.price;
    const total = lineAmount(line.type, price.current, quantity);
    return { ...line, quantity, price, total: line.isAvailable ? total : 0 };
  };

  /**
   * Adding a product, treatment or voucher value the basket holds grows its
   * line, whatever voucher code pays for it; a dedicated voucher is a line
   * of its own (the same dedication grows it).
   */
  const sameUnits = (line: CartItem, added: CartItem) =>
    (added.type === 'product' || added.type === 'treatment' || added.type === 'voucher') &&
    line.type === added.type &&
    line.code === added.code &&
    (line.priceOption ?? null) === (added.priceOption ?? null) &&
    JSON.stringify(line.voucher ?? null) === JSON.stringify(added.voucher ?? null);

  const handlers = [
    http.post(apiPath('/carts/:token'), async ({ request, params }) => {
      await log(request);
      const token = String(params.token);
      if (carts.has(token)) return HttpResponse.json({ code: 'cart_exists', message: 'taken' }, { status: 409 });
      carts.set(token, cartOf([], { tokenValue: token }));
      return answer(token, 201);
    }),
    http.get(apiPath('/carts/:token'), async ({ request, params }) => {
      await log(request);
      return answer(String(params.token));
    }),
    http.delete(apiPath('/carts/:token'), async ({ request, params }) => {
      await log(request);
      if (!carts.delete(String(params.token))) return notFound('cart_not_found');
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiPath('/carts/:token/items'), async ({ request, params, cookies }) => {
      const item = (await log(request)) as AddCartItem;
      const token = String(params.token);
      if (info(item.productCode ?? item.variantCode ?? '').ageRestriction && !ofAge(cookies)) {
        return HttpResponse.json({ code: 'age_confirmation_required', message: AGE_CONFIRMATION_REQUIRED }, { status: 403 });
      }
      let dedication: LineVoucher | undefined;
      if (item.options?.dedication) {
        if (item.type !== 'voucher' && item.type !== 'gift') return refusal(409, 'not_a_voucher', 'options.dedication');
        const checked = checkDedication(item.options.dedication);
        if (checked instanceof Response) return checked;
        dedication = checked;
      }
      const cart = carts.get(token);
      if (!cart) return notFound('cart_not_found');
      const added = lineFor(item, dedication);
      const grown = cart.items.find((line) => sameUnits(line, added));
      setItems(
        token,
        grown
          ? cart.items.map((line) => (line === grown ? withQuantity(line, line.quantity + added.quantity) : line))
          : [...cart.items, added],
      );
      return answer(token, 201);
    }),
    http.post(apiPath('/carts/:token/items/:id/children-items'), async ({ request, params }) => {
      const item = (await log(request)) as AddCartItem;
      const token = String(params.token);
      const cart = carts.get(token);
      if (!cart) return notFound('cart_not_found');
      const stay = cart.items.find((line) => line.id === Number(params.id));
      if (!stay) return notFound('item_not_found');
      const child = packageFor(
        item.packageCode ?? '',
        item.quantity ?? Math.min(stay.adults ?? 1, PACKAGE_PERSONS_MAX),
        item.options?.treatments ?? undefined,
      );
      // A stay holds one package: attaching another replaces it.
      setItems(token, cart.items.map((line) => (line === stay ? { ...line, childItems: [child] } : line)));
      return answer(token, 201);
    }),
    http.put(apiPath('/carts/:token/items/:id'), async ({ request, params }) => {
      const change = (await log(request)) as UpdateCartItem;
      const token = String(params.token);
      const cart = carts.get(token);
      if (!cart) return notFound('cart_not_found');
      const id = Number(params.id);
      const apply = (line: CartItem): CartItem => {
        if (line.id !== id) return { ...line, childItems: line.childItems.map(apply) };
        const next = withQuantity(line, change.quantity ?? line.quantity);
        return change.options?.treatments
          ? { ...next, treatments: change.options.treatments.map((t) => ({ ...t, name: info(t.code).name })) }
          : next;
      };
      setItems(token, cart.items.map(apply));
      return answer(token);
    }),
    http.delete(apiPath('/carts/:token/items/:id'), async ({ request, params }) => {
      await log(request);
      const token = String(params.token);
      const cart = carts.get(token);
      if (!cart) return notFound('cart_not_found');
      const id = Number(params.id);
      setItems(
        token,
        cart.items
          .filter((line) => line.id !== id)
          .map((line) => ({ ...line, childItems: line.childItems.filter((child) => child.id !== id) })),
      );
      return answer(token);
    }),
    // Paying for a line with a gift voucher code (services/cart/README.md "Paying with a gift voucher").
    http.put(apiPath('/carts/:token/items/:id/voucher'), async ({ request, params }) => {
      const body = ((await log(request)) ?? {}) as { code?: unknown };
      const token = String(params.token);
      const code = normalizeVoucherCode(typeof body.code === 'string' ? body.code : '');
      const voucher = code ? issued.get(code) : undefined;
      if (!code || !voucher) return refusal(404, 'voucher_code_unknown', 'code');
      const refused = refusedVoucher(voucher);
      if (refused) return refusal(409, refused, 'code');
      const cart = carts.get(token);
      if (!cart) return notFound('cart_not_found');
      const id = Number(params.id);
      const refusedLine = voucherLineRefusal(cart, id);
      if (refusedLine) return refusedLine;
      // A code pays for one line: set on another, it moves there.
      setItems(
        token,
        cart.items.map((item) => {
          if (item.id === id) return { ...item, redemption: { code, amount: 0, balance: voucher.balance, validUntil: voucher.validUntil } };
          return item.redemption?.code === code ? { ...item, redemption: null } : item;
        }),
      );
      return answer(token);
    }),
    http.delete(apiPath('/carts/:token/items/:id/voucher'), async ({ request, params }) => {
      await log(request);
      const token = String(params.token);
      const cart = carts.get(token);
      if (!cart) return notFound('cart_not_found');
      const id = Number(params.id);
      const refusedLine = voucherLineRefusal(cart, id);
      if (refusedLine) return refusedLine;
      setItems(token, cart.items.map((item) => (item.id === id ? { ...item, redemption: null } : item)));
      return answer(token);
    }),
    http.get(apiPath('/carts/:token/items/:id/associations/:kind/default'), async ({ request, params }) => {
      await log(request);
      const kind = String(params.kind) as keyof typeof associations;
      return HttpResponse.json({ items: associations[kind] ?? [] });
    }),
  ];

  return {
    handlers,
    requests,
    carts,
    /** Puts a cart with these lines under a token, as if it had been filled before. */
    seed(token: string, items: CartItem[]) {
      carts.set(token, cartOf(items, { tokenValue: token }));
    },
    /** Issues a gift voucher code, or changes what one has left (spent elsewhere meanwhile). */
    issueVoucher(code: string, voucher: GiftVoucher) {
      issued.set(code, voucher);
    },
  };
}
