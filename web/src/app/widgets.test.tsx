import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { paths, type RouteName } from '@/config/paths';
import { notifications } from '@/lib/notifications';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';
import type { RouteHandle } from '@/types/router';
import { staffPaths } from '@/config/staff-paths';

import { createRoutes } from './router';

afterEach(() => {
  vi.unstubAllGlobals();
});

const poll = {
  id: 'poll-1',
  question: 'Czego chcesz więcej?',
  options: [
    { code: 'sauna', label: 'Wieczorów w saunie', votes: 2 },
    { code: 'yoga', label: 'Porannej jogi', votes: 1 },
  ],
  voted: null,
};

/** Every route with a path, its handle beside it. */
function flatten(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [...(route.path ? [route] : []), ...flatten(route.children ?? [])]);
}

describe('the weather and the vote pop-up', () => {
  // First in this file: the widgets' code is loaded once per module, by the first page.
  it('load only once the page is shown and the browser is idle', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const asked: string[] = [];
    server.use(
      http.get(apiPath('/weather'), () => {
        asked.push('weather');
        return HttpResponse.json({ celsius: 12.2, fahrenheit: 54, condition: 'clouds' });
      }),
      http.get(apiPath('/poll'), () => {
        asked.push('poll');
        return HttpResponse.json(poll);
      }),
    );
    const queryClient = createTestQueryClient();
    renderRoutes(createRoutes('pl', queryClient), '/oferta/zabiegi/', { locale: 'pl', queryClient });
    await screen.findAllByTestId('product-card');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toEqual([]);
    expect(screen.queryByTestId('weather')).toBeNull();
    expect(idle).toHaveLength(1);

    idle[0]?.();
    const weather = await within(screen.getByRole('contentinfo')).findByTestId('weather');
    expect(weather.textContent).toContain('12 °C / 54 °F');
    expect(weather.querySelector('.sr-only')?.textContent).toBe('Pogoda w pensjonacie: pochmurno, 12 °C (54 °F)');
    const popup = await screen.findByRole('dialog', { name: 'Ankieta' });
    expect(within(popup).getByRole('group', { name: 'Czego chcesz więcej?' })).toBeTruthy();
    expect(asked.sort()).toEqual(['poll', 'weather']);
  });

  it('show nothing and notify nothing when there is no weather and no poll', async () => {
    const queryClient = createTestQueryClient();
    renderRoutes(createRoutes('en_GB', queryClient), '/en/contact', { locale: 'en_GB', queryClient });
    await screen.findByRole('heading', { level: 1, name: 'Contact' });
    // The default answers: 503 for the weather, 404 for the poll.
    await waitFor(() => expect(queryClient.getQueryState(['poll', 'en_GB'])?.status).toBe('success'));
    await waitFor(() => expect(queryClient.getQueryState(['weather'])?.status).toBe('error'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('weather')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('leave checkout, the staff’s pages and the e-mails’ links without the pop-up', () => {
    const routes = flatten(createRoutes('pl', createTestQueryClient()));
    // The back office's pages are under one route (app/routes/staff.tsx).
    const noPopups = (path: string) =>
      (routes.find((route) => route.path === (path.startsWith('/backend/') ? '/backend/*' : path))?.handle as RouteHandle | undefined)
        ?.noPopups === true;
    const quiet: RouteName[] = [
      'basketLogin',
      'basketPersonal',
      'basketVoucher',
      'basketPayment',
      'basketComplete',
      'editBlock',
      'newsletterConfirm',
      'newsletterUnsubscribe',
    ];
    for (const name of quiet) expect([name, noPopups(paths[name].path('pl'))]).toEqual([name, true]);
    expect(noPopups(staffPaths.staffOrders.path('pl'))).toBe(true);
    for (const name of ['root', 'treatments', 'basketItems', 'contact', 'regulations'] as const) {
      expect([name, noPopups(paths[name].path('pl'))]).toEqual([name, false]);
    }
  });
});
