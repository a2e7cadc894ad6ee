import type pl from '@/locales/app/pl.json';
import type accountPl from '@/locales/account/pl.json';
import type checkoutPl from '@/locales/checkout/pl.json';
import type contentPl from '@/locales/content/pl.json';
import type editorPl from '@/locales/editor/pl.json';
import type shopPl from '@/locales/shop/pl.json';
import type sitePl from '@/locales/site/pl.json';
import type staffPl from '@/locales/staff/pl.json';

import type { Locale } from './locale';

/**
 * A dictionary comes in parts: `core` (the app shell and the pages outside
 * the shop), `shop` (listings, product pages, room results, the basket and
 * its modals, and the parts only they use: the date and guest pickers, the
 * pagination), `account` (login, registration, profile, password reset),
 * `checkout` (the checkout steps and the voucher configuration), `site`
 * (the home page's banner, the contact page, the newsletter sign-up's
 * messages), `content` (the content pages and their edit mode), `editor`
 * (the content editor) and `staff` (the staff's order desk), which their
 * pages load together with their code
 * (app/router.tsx; the footer's sign-up with its handler), so none is part
 * of the first page load's budget.
 */
export type MessagePart = 'core' | 'shop' | 'account' | 'checkout' | 'site' | 'content' | 'editor' | 'staff';

/** Polish is the reference dictionary: its keys (of every part) are the message keys. */
export type MessageKey =
  | keyof typeof pl
  | keyof typeof shopPl
  | keyof typeof accountPl
  | keyof typeof checkoutPl
  | keyof typeof sitePl
  | keyof typeof contentPl
  | keyof typeof editorPl
  | keyof typeof staffPl;

export type Dictionary = Partial<Record<string, string>>;

export type Dictionaries = Record<Locale, Dictionary>;

/**
 * The dictionaries in use. Each part of each language is a chunk of its
 * own, which `loadDictionary` fetches once and merges into its language: a
 * page downloads only its own language (the first page load stays within
 * its JavaScript budget). A dictionary not loaded yet is empty. All three
 * have the same keys (a test fails the build otherwise), so a German or
 * English page needs no Polish; the Polish fallback applies wherever Polish
 * is loaded.
 */
export const dictionaries: Dictionaries = { pl: {}, de: {}, en_GB: {} };

type Loader = () => Promise<{ default: Dictionary }>;

const loaders: Record<MessagePart, Record<Locale, Loader>> = {
  core: {
    pl: () => import('@/locales/app/pl.json'),
    de: () => import('@/locales/app/de.json'),
    en_GB: () => import('@/locales/app/en_GB.json'),
  },
  shop: {
    pl: () => import('@/locales/shop/pl.json'),
    de: () => import('@/locales/shop/de.json'),
    en_GB: () => import('@/locales/shop/en_GB.json'),
  },
  account: {
    pl: () => import('@/locales/account/pl.json'),
    de: () => import('@/locales/account/de.json'),
    en_GB: () => import('@/locales/account/en_GB.json'),
  },
  checkout: {
    pl: () => import('@/locales/checkout/pl.json'),
    de: () => import('@/locales/checkout/de.json'),
    en_GB: () => import('@/locales/checkout/en_GB.json'),
  },
  site: {
    pl: () => import('@/locales/site/pl.json'),
    de: () => import('@/locales/site/de.json'),
    en_GB: () => import('@/locales/site/en_GB.json'),
  },
  content: {
    pl: () => import('@/locales/content/pl.json'),
    de: () => import('@/locales/content/de.json'),
    en_GB: () => import('@/locales/content/en_GB.json'),
  },
  editor: {
    pl: () => import('@/locales/editor/pl.json'),
    de: () => import('@/locales/editor/de.json'),
    en_GB: () => import('@/locales/editor/en_GB.json'),
  },
  staff: {
    pl: () => import('@/locales/staff/pl.json'),
    de: () => import('@/locales/staff/de.json'),
    en_GB: () => import('@/locales/staff/en_GB.json'),
  },
};

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

/** Whether a part of a language (the core part by default) is there. */
export const isDictionaryLoaded = (locale: Locale, part: MessagePart = 'core'): boolean =>
  loaded.has(`${part}:${locale}`);

/** Makes a part of a locale's dictionary available to `createTranslator` (fetched once). */
export function loadDictionary(locale: Locale, part: MessagePart = 'core'): Promise<void> {
  const key = `${part}:${locale}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = loaders[part][locale]().then(
      ({ default: dictionary }) => {
        dictionaries[locale] = { ...dictionaries[locale], ...dictionary };
        loaded.add(key);
      },
      (error: unknown) => {
        // Another try may succeed.
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}
