import { Outlet } from 'react-router';

import { MainLayout } from '@/components/layouts/main-layout';
import { AccountLink } from '@/features/account/components/account-link';
import { MiniBasket } from '@/features/basket/components/mini-basket';
import { NewsletterSlot } from '@/features/newsletter/components/newsletter-slot';
import { useI18n } from '@/lib/i18n/i18n-provider';

export function RootLayout() {
  return (
    <MainLayout basket={<MiniBasket />} account={<AccountLink />} newsletter={<NewsletterSlot />}>
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
