/**
 * For the checkout tests: the fake basket and checkout servers with a
 * basket in them (stored in the browser as the basket stores it), and the
 * app's routes rendered at a URL, so that the steps run with the real
 * basket underneath (app/routes/checkout-basket.tsx).
 */
import { basketStorage } from '@/features/basket/utils/storage';
import type { Locale } from '@/lib/i18n/locale';
import { STEP_STATES } from '@/lib/rules/checkout-states';
import { createCartServer } from '@/testing/mocks/cart-server';
import { createCheckoutServer, type CheckoutServerOptions } from '@/testing/mocks/checkout-server';
import { cartItem, lineProduct, reservationLine } from '@/testing/mocks/fixtures';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { Cart, CartItem } from '@/types/api';

import { createRoutes } from './router';

export const TOKEN = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** The states before completion: those the personal data step is taken from. */
export const STATES = STEP_STATES.address;

export type State = (typeof STATES)[number] | 'completed';

/** A stay: the lake room, 10-13 July 2026, two adults, 1080 zł. */
export const stay = (overrides: Partial<CartItem> = {}) => reservationLine({ id: 1, ...overrides });

/** A gift voucher worth 200 zł. */
export const giftVoucher = (overrides: Partial<CartItem> = {}) =>
  cartItem({
    id: 2,
    type: 'voucher',
    code: 'VC_AMOUNT',
    price: { current: 20000, original: 20000, currency: 'PLN' },
    priceOption: 0,
    ...overrides,
    product: lineProduct({ code: 'VC_AMOUNT', type: 'voucher', name: 'Voucher kwotowy' }),
  });

/** The guest's details as the personal data step saved them. */
export const guest: Partial<Cart> = {
  customer: { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.pl', phone: '+48 600 100 200' },
  billingAddress: { invoiceRequired: false, company: '', vatNumber: '', street: '', postcode: '', city: '', countryCode: 'PL' },
};

type Setup = CheckoutServerOptions & {
  items?: CartItem[];
  state?: State;
  extra?: Partial<Cart>;
  /** Whether the browser has the basket stored (default: it has). */
  stored?: boolean;
};

export function setUpCheckout({ items = [stay()], state = 'cart', extra = {}, stored = true, ...options }: Setup = {}) {
  const cartServer = createCartServer({ known: { VC_AMOUNT: { name: 'Voucher kwotowy', voucherValues: [20000, 50000] } } });
  const checkout = createCheckoutServer(cartServer, options);
  server.use(...checkout.handlers, ...cartServer.handlers);
  cartServer.seed(TOKEN, items);
  checkout.setState(TOKEN, state === 'completed' ? 'payment_selected' : state, state === 'cart' ? extra : { ...guest, ...extra });
  if (state === 'completed') checkout.setState(TOKEN, 'completed');
  const cart = cartServer.carts.get(TOKEN);
  if (stored && cart) basketStorage.save(cart);
  return { cartServer, checkout, cart: () => cartServer.carts.get(TOKEN) };
}

/** The checkout pages' code, loaded once before the tests (the first lazy load takes a while in tests). */
export const loadCheckoutPages = () => import('./routes/checkout');

export function renderCheckout(url: string, locale: Locale = 'pl') {
  const queryClient = createTestQueryClient();
  return renderRoutes(createRoutes(locale, queryClient), url, { locale, queryClient });
}

/** The requests of a kind the checkout server saw. */
export const requestsTo = (checkout: ReturnType<typeof createCheckoutServer>, method: string, path: RegExp) =>
  checkout.requests.filter((request) => request.method === method && path.test(request.path));
