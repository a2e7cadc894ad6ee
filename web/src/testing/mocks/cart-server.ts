/**
 * An in-memory stand-in for the basket API (the contract of
 * /shop-api/carts), for component tests: carts by token, adds of every
 * type, packages attached to stays, quantity and configuration changes,
 * removals and suggestions. Use its `handlers` with `server.use(...)`.
 */
import { http, HttpResponse } from 'msw';

import type { AddCartItem, Cart, CartItem, CartProduct, ListingItem, UpdateCartItem } from '@/types/api';
import { diffDays } from '@/utils/calendar-date';

import { cart as cartOf, cartItem, cartTotals } from './fixtures';
import { apiPath } from './handlers';

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

  function packageFor(code: string, persons: number, treatments?: { code: string; quantity: number }[]): CartItem {
    const price = info(code).price ?? 60000;
    return cartItem({
      id: nextId++,
      type: 'package',
      code,
      quantity: persons,
      minQuantity: 1,
      maxQuantity: 2,
      price: { current: price * persons, original: price * persons, currency: 'PLN' },
      treatments: (treatments ?? []).map((t) => ({ ...t, name: info(t.code).name })),
      product: product(code, 'package', info(code).numNights ?? 0),
    });
  }

  const withTotal = (line: CartItem, quantity: number): CartItem => ({
    ...line,
    quantity,
    total: line.isAvailable ? line.price.current * quantity : 0,
  });

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
      setItems(token, [...cart.items, lineFor(item)]);
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
      setItems(token, cart.items.map((line) => (line === stay ? { ...line, childItems: [...line.childItems, child] } : line)));
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
        const next = withTotal(line, change.quantity ?? line.quantity);
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
    /** Changes lines of a stored cart (e.g. a room sold meanwhile). */
    update(token: string, change: (items: CartItem[]) => CartItem[]) {
      const cart = carts.get(token);
      if (cart) carts.set(token, { ...cart, items: change(cart.items) });
    },
  };
}
