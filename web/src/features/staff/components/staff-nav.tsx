import { NavLink } from 'react-router';

import { staffPaths } from '@/config/staff-paths';
import { useI18n } from '@/lib/i18n/i18n-provider';

/** The back office's pages, the current one marked. */
export function StaffNav() {
  const { t, locale } = useI18n();
  const pages = [
    { href: staffPaths.staffArrivals.href(locale), label: t('staff.nav.arrivals') },
    { href: staffPaths.staffBoard.href(locale), label: t('staff.nav.board') },
    { href: staffPaths.staffBookings.href(locale), label: t('staff.nav.bookings') },
    { href: staffPaths.staffOrders.href(locale), label: t('staff.nav.orders') },
    { href: staffPaths.staffRates.href(locale), label: t('staff.nav.rates') },
    { href: staffPaths.staffProducts.href(locale), label: t('staff.nav.products') },
    { href: staffPaths.staffChannels.href(locale), label: t('staff.nav.channels') },
    { href: staffPaths.staffSettings.href(locale), label: t('staff.nav.settings') },
    { href: staffPaths.staffTeam.href(locale), label: t('staff.nav.team') },
  ];
  return (
    <nav className="staff-nav" aria-label={t('staff.nav.label')}>
      <ul>
        {pages.map((page) => (
          <li key={page.href}>
            <NavLink to={page.href} end>
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
