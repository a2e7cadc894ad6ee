/**
 * Query keys of checkout: under `['checkout']`, by locale (names of designs
 * and methods are localized) and the basket's token.
 */
import type { Locale } from '@/lib/i18n/locale';

export const checkoutKeys = {
  all: ['checkout'] as const,
  start: (locale: Locale, token: string) => ['checkout', 'start', locale, token] as const,
  vouchers: (locale: Locale, token: string) => ['checkout', 'vouchers', locale, token] as const,
  shipping: (locale: Locale, token: string) => ['checkout', 'shipping', locale, token] as const,
  payment: (locale: Locale, token: string) => ['checkout', 'payment', locale, token] as const,
  voucherProduct: (locale: Locale, code: string) => ['checkout', 'voucher-product', locale, code] as const,
};

/** A token in a path. */
export const tokenPath = (token: string) => `/checkout/${encodeURIComponent(token)}`;
