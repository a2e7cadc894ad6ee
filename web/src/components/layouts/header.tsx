import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';

import { paths, type RouteName } from '@/config/paths';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';

import { LanguageSwitcher } from './language-switcher';

const NAV = [
  { route: 'treatments', label: 'nav.treatments' },
  { route: 'packages', label: 'nav.packages' },
  { route: 'daySpa', label: 'nav.daySpa' },
  { route: 'rooms', label: 'nav.rooms' },
  { route: 'products', label: 'nav.products' },
  { route: 'vouchers', label: 'nav.vouchers' },
  { route: 'reservation', label: 'nav.reservation' },
] as const satisfies ReadonlyArray<{ route: RouteName; label: MessageKey }>;

type Props = {
  /** The mini basket (the app passes the basket feature's); a plain link to the basket without one. */
  basket?: ReactNode;
  /** The customer's account link (the app passes the account feature's). */
  account?: ReactNode;
};

export function Header({ basket, account }: Props) {
  const { t, locale } = useI18n();

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to={paths.root.href(locale)} className="logo">
          {t('app.name')}
        </Link>
        <nav className="main-nav" aria-label={t('nav.label')}>
          <ul>
            {NAV.map(({ route, label }) => (
              <li key={route}>
                <NavLink to={paths[route].href(locale)}>{t(label)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__tools">
          <LanguageSwitcher />
          {account}
          {basket ?? (
            <Link to={paths.basket.href(locale)} className="mini-basket mini-basket__toggle">
              {t('nav.basket')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
