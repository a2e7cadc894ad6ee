import type { ReactNode } from 'react';

import { GlobalLoadingIndicator } from '@/components/ui/global-loading-indicator';
import { Notifications } from '@/components/ui/notifications';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { AlternateLinks } from './alternate-links';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

export const MAIN_CONTENT_ID = 'main-content';

type Props = {
  children: ReactNode;
  /** The header's mini basket. */
  basket?: ReactNode;
  /** The header's account link. */
  account?: ReactNode;
  /** The footer's newsletter sign-up. */
  newsletter?: ReactNode;
  /** The footer's widgets (the weather; pop-ups open from there). */
  widgets?: ReactNode;
};

export function MainLayout({ children, basket, account, newsletter, widgets }: Props) {
  const { t } = useI18n();
  return (
    <>
      <ScrollToTop />
      <AlternateLinks />
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t('app.skipToContent')}
      </a>
      <GlobalLoadingIndicator />
      <Header basket={basket} account={account} />
      <main id={MAIN_CONTENT_ID} className="site-main container" tabIndex={-1}>
        {children}
      </main>
      <Footer newsletter={newsletter} widgets={widgets} />
      <Notifications />
    </>
  );
}
