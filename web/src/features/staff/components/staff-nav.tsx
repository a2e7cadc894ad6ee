import { NavLink } from 'react-router';

import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/i18n-provider';

/** The back office's pages, the current one marked. */
export function StaffNav() {
  const { t, locale } = useI18n();
  const pages = [
    { href: paths.staffArrivals.href(locale), label: t('staff.nav.arrivals') },
    { href: paths.staffBoard.href(locale), label: t('staff.nav.board') },
    { href: paths.staffBookings.href(locale), label: t('staff.nav.bookings') },
    { href: paths.staffOrders.href(locale), label: t('staff.nav.orders') },
    { href: paths.staffTeam.href(locale), label: t('staff.nav.team') },
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
