import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useHeaderCustomer } from '@/lib/api/get-me';
import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * The header's account link (spec 8: a failed /me means not logged in):
 * the logged-in customer's name leading to the profile, else "log in".
 * Until /me has answered, an invisible "log in" holds its place (hidden
 * from assistive technology too), so a logged-in customer never sees it
 * flash by and the header does not change its width (or wrap onto another
 * line) when the answer comes. Someone at the front desk also gets the
 * back office's link (its day's arrivals).
 */
export function AccountLink() {
  const { t, locale } = useI18n();
  const customer = useHeaderCustomer();
  if (customer === undefined) {
    return (
      <span className="account-link account-link--pending" aria-hidden="true">
        {t('nav.login')}
      </span>
    );
  }
  if (!customer) {
    return (
      <Link className="account-link" to={paths.login.href(locale)}>
        {t('nav.login')}
      </Link>
    );
  }
  return (
    <>
      {/* The front desk's roles (lib/rules/roles.ts), inlined: every guest loads this. */}
      {customer.roles.some((role) => role === 'reception' || role === 'admin') && (
        <Link className="account-link" to="/backend/arrivals">
          {t('nav.desk')}
        </Link>
      )}
      <Link className="account-link" to={paths.profile.href(locale)}>
        <span className="sr-only">{t('nav.account')}:</span> {`${customer.firstName} ${customer.lastName}`}
      </Link>
    </>
  );
}
