/**
 * The listings' titles and descriptions in each language with their paths in
 * every language. The build writes them to `dist/heads.json` (see
 * vite.config.ts) and the gateway writes them into the HTML it serves, so
 * crawlers and link previews that run no JavaScript read the page the app
 * shows: one wording, the app's dictionaries'. Content pages and products
 * have their heads from their own services.
 */
import shopDe from '@/locales/shop/de.json';
import shopEn from '@/locales/shop/en_GB.json';
import shopPl from '@/locales/shop/pl.json';
import { LOCALES, type Locale } from '@/lib/i18n/locale';

import { listingRouteByType, paths } from './paths';

export type PageHead = {
  /** The page's own title, without the site's name. */
  title: string;
  description: string;
  /** The same page in every language. */
  alternates: Record<Locale, string>;
};

export type PageHeads = Record<Locale, Record<string, PageHead>>;

const shop: Record<Locale, Record<string, string>> = { pl: shopPl, de: shopDe, en_GB: shopEn };

/** A listing's text in `locale`, in Polish where the language lacks it (as the app shows it). */
const text = (locale: Locale, key: string): string => {
  const message = shop[locale][key] ?? shop.pl[key];
  if (message === undefined) throw new Error(`no message ${key}`);
  return message;
};

export function pageHeads(): PageHeads {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      Object.fromEntries(
        Object.values(listingRouteByType).map((route) => {
          const alternates = Object.fromEntries(LOCALES.map((other) => [other, paths[route].path(other)])) as Record<Locale, string>;
          const head: PageHead = {
            title: text(locale, `catalog.${route}.title`),
            description: text(locale, `catalog.${route}.lead`),
            alternates,
          };
          return [paths[route].path(locale), head];
        }),
      ),
    ]),
  ) as PageHeads;
}
