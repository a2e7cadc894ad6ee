/**
 * An in-memory stand-in for the basket API (the contract of
 * /shop-api/carts, services/cart/README.md), for component tests: carts by
 * token, adds of every type (the same product again grows its line),
 * packages attached to stays (attaching to a stay with one replaces it),
 * quantity and configuration changes, removals and suggestions. Totals as
 * the server's: units times the unit price, a package its price for its
 * persons, a stay its price. Use its `handlers` with `server.use(...)`.
 */
import { http, HttpResponse } from 'msw';

import type { AddCartItem, Cart, CartItem, CartProduct, ListingItem, UpdateCartItem } from '@/types/api';
import { diffDays } from '@/utils/calendar-date';

import { cart as cartOf, cartItem, cartTotals } from './fixtures';
import { apiPath } from './handlers';

/** `price`: a unit's, a stay's, or a package's per person. */
type Known = { name: string; price?: number; numNights?: number; voucherValues?: number[] };

export type CartServerOptions = {
  /** Names and prices of the codes the tests add. */
  known?: Record<string, Known>;
  /** Suggestions by kind. */
  associations?: Partial<Record<'packages' | 'treatments' | 'products', ListingItem[]>>;
};

export type CartRequest = { method: string; path: string; body: unknown };

const notFound = (code: string) => HttpResponse.json({ code, message: `${code}` }, { status: 404 });

export function createCartServer({ known = {}, associations = {} }: CartServerOptions = {}) {
  const carts = new Map<string, Cart>();
  const requests: CartRequest[] = [];
  let nextId = 100;

  const answer = (token: string, status = 200) => {
    const cart = carts.get(token);
    if (!cart) return notFound('cart_not_found');
    const next = { ...cart, totals: cartTotals(cart.items) };
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
    ageRestriction: false,
  });
  const log = async (request: Request) => {
    const url = new URL(request.url);
    const body: unknown = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.clone().json();
    requests.push({ method: request.method, path: url.pathname.replace('/shop-api', ''), body });
    return body;
  };

  function lineFor(item: AddCartItem): CartItem {
    const id = nextId++;
    const code = item.productCode ?? item.variantCode ?? '';
    const options = item.options ?? {};
    if (item.type === 'reservation' || item.type === 'reservation_with_package') {
      const checkIn = options.checkIn ?? '';
      const checkOut = options.checkOut ?? '';
      const adults = options.adults ?? 2;
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
        childItems: [packageFor(item.packageCode ?? '', Math.min(adults, 2), options.treatments ?? undefined)],
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
      minQuantity: 1,
      maxQuantity: 2,
      price: packagePrice(code, persons),
      treatments: (treatments ?? []).map((t) => ({ ...t, name: info(t.code).name })),
      product: product(code, 'package', info(code).numNights ?? 0),
    });
  }

  /** A line at a new quantity, priced as the server prices its kind. */
  const withQuantity = (line: CartItem, quantity: number): CartItem => {
    const price = line.type === 'package' ? packagePrice(line.code, quantity) : line.price;
    const total = line.type === 'package' || line.type === 'reservation' ? price.current : price.current * quantity;
    return { ...line, quantity, price, total: line.isAvailable ? total : 0 };
  };

  /** Adding a product, treatment or voucher value the basket holds grows its line. */
  const sameUnits = (line: CartItem, added: CartItem) =>
    (added.type === 'product' || added.type === 'treatment' || added.type === 'voucher') &&
    line.type === added.type &&
    line.code === added.code &&
    (line.priceOption ?? null) === (added.priceOption ?? null);

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
    http.post(apiPath('/carts/:token/items'), async ({ request, params }) => {
      const item = (await log(request)) as AddCartItem;
      const token = String(params.token);
      const cart = carts.get(token);
      if (!cart) return notFound('cart_not_found');
      const added = lineFor(item);
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
        item.quantity ?? Math.min(stay.adults ?? 1, 2),
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
  };
}
