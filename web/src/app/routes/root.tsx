import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet } from 'react-router';

import { MainLayout } from '@/components/layouts/main-layout';
import { AccountLink } from '@/features/account/components/account-link';
import { MiniBasket } from '@/features/basket/components/mini-basket';
import { NewsletterSlot } from '@/features/newsletter/components/newsletter-slot';
import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * The footer's weather and the vote pop-up (./widgets.tsx, which brings its
 * texts): loaded once the first page is shown and the browser is idle,
 * outside the first load. Should they not come, nothing shows and nothing is
 * notified: neither is what the visitor came for.
 */
const Widgets = lazy(
  (): Promise<{ default: ComponentType }> =>
    new Promise((idle) => (window.requestIdleCallback ?? setTimeout)(idle))
      .then(() => import('./widgets'))
      .catch(() => ({ default: () => null })),
);

export function RootLayout() {
  return (
    <MainLayout
      basket={<MiniBasket />}
      account={<AccountLink />}
      newsletter={<NewsletterSlot />}
      widgets={
        <Suspense fallback={null}>
          <Widgets />
        </Suspense>
      }
    >
      <Outlet />
    </MainLayout>
  );
}

/** Shown while the first page's code loads. */
export function RootHydrateFallback() {
  const { t } = useI18n();
  return (
    <div className="hydrate-fallback" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}
