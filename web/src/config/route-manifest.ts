/**
 * The page path patterns the app's router registers in each language, from
 * the route table. The build writes them to `dist/routes.json` (see
 * vite.config.ts), and the gateway answers 404 for a path that matches none
 * in the page's language, while still serving the app, which shows its
 * not-found page. Patterns are literal segments and `:param` segments (a
 * product's slug); app/route-manifest.test.ts checks they are exactly the
 * router's.
 */
import { LOCALES, type Locale } from '@/lib/i18n/locale';

import { listingRouteByType, paths, productPage } from './paths';
import { staffPaths } from './staff-paths';

export type RouteManifest = Record<Locale, string[]>;

export function pagePatterns(locale: Locale): string[] {
  const routes = [...Object.values(paths), ...Object.values(staffPaths)].map((route) => route.path(locale));
  const products = Object.values(listingRouteByType).map((listing) => productPage.path(listing, locale));
  // "/" is always a page: the home, or a redirect to it where the home is elsewhere (/en).
  return [...new Set(['/', ...routes, ...products])].sort();
}

export function routeManifest(): RouteManifest {
  return Object.fromEntries(LOCALES.map((locale) => [locale, pagePatterns(locale)])) as RouteManifest;
}
