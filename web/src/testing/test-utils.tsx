import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import { I18nProvider } from '@/lib/i18n/i18n-provider';
import { toLanguageTag, type Locale } from '@/lib/i18n/locale';
import { PageAlternatesProvider } from '@/lib/i18n/page-alternates';
import { queryConfig } from '@/lib/react-query';

/** The app's query defaults, minus retries and caching between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...queryConfig.queries, retry: false, gcTime: Infinity },
      mutations: { ...queryConfig.mutations },
    },
  });
}

type Options = {
  locale?: Locale;
  queryClient?: QueryClient;
};

/** Sets <html lang> the way the gateway would for a locale. */
export function setDocumentLocale(locale: Locale) {
  document.documentElement.lang = toLanguageTag(locale);
}

export function TestProviders({
  children,
  locale = 'pl',
  queryClient,
}: Options & { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient ?? createTestQueryClient()}>
      <I18nProvider locale={locale}>
        <PageAlternatesProvider>{children}</PageAlternatesProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}

/** Renders routes in memory at `url`, inside the app's providers. */
export function renderRoutes(routes: RouteObject[], url: string, options: Options = {}) {
  const { locale = 'pl', queryClient = createTestQueryClient() } = options;
  setDocumentLocale(locale);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <TestProviders locale={locale} queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, queryClient };
}

/** Renders a component on a single route at `url`. */
export function renderWithProviders(ui: ReactNode, options: Options & { url?: string } = {}) {
  return renderRoutes([{ path: '*', element: ui }], options.url ?? '/', options);
}
