import type { Locale } from '@/lib/i18n/locale';

/** Query keys of the order desk: an order by the booking code looked up, and the payments to give back, in the page's language. */
export const staffKeys = {
  order: (code: string, locale: Locale) => ['staff', 'order', code, locale] as const,
  refunds: (locale: Locale) => ['staff', 'refunds', locale] as const,
};

export const orderPath = (code: string) => `/backend/orders/${encodeURIComponent(code)}`;

export const REFUNDS_PATH = '/backend/refunds';
