import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { routeManifest } from '@/config/route-manifest';
import { LOCALES } from '@/lib/i18n/locale';
import { createTestQueryClient } from '@/testing/test-utils';

import { createRoutes } from './router';
import { staffRoutes } from './routes/staff';

/** Every path the router registers, its catch-alls aside; the back office's pages under theirs. */
function registered(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    if (route.path === '/backend/*') return registered(staffRoutes, '/backend/');
    return [...(route.path && route.path !== '*' ? [`${base}${route.path}`] : []), ...registered(route.children ?? [], base)];
  });
}

describe('routes manifest', () => {
  it.each(LOCALES)('names exactly the paths the router registers in %s', (locale) => {
    const router = new Set(registered(createRoutes(locale, createTestQueryClient())));
    expect(new Set(routeManifest()[locale])).toEqual(router);
  });

  it('names the back office’s pages by their paths, the same in every language', () => {
    const backOffice = [
      '/backend/arrivals',
      '/backend/block/edit/:id',
      '/backend/board',
      '/backend/bookings',
      '/backend/channels',
      '/backend/orders',
      '/backend/products',
      '/backend/rates',
      '/backend/settings',
      '/backend/staff',
    ];
    for (const locale of LOCALES) expect(routeManifest()[locale].filter((path) => path.startsWith('/backend/'))).toEqual(backOffice);
  });

  it('writes Polish listings with the trailing slash of the spec and products by pattern', () => {
    const pl = routeManifest().pl;
    expect(pl).toContain('/oferta/zabiegi/');
    expect(pl).toContain('/oferta/zabiegi/:slug');
    expect(pl).toContain('/pensjonat/baza-noclegowa/');
    expect(routeManifest().de).toContain('/angebot/pakete/:slug');
    expect(routeManifest().en_GB).toContain('/en/offer/packages');
  });
});
