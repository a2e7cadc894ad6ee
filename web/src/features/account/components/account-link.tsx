import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useHeaderCustomer } from '@/features/account/api/get-me';
import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * The header's account link (spec 8: a failed /me means not logged in):
 * the logged-in customer's name leading to the profile, else "log in".
 * Nothing until /me has answered, so a logged-in customer never sees
 * "log in" flash by.
 */
export function AccountLink() {
  const { t, locale } = useI18n();
  const customer = useHeaderCustomer();
  if (customer === undefined) return null;
  if (!customer) {
    return (
      <Link className="account-link" to={paths.login.href(locale)}>
        {t('nav.login')}
      </Link>
    );
  }
  return (
    <Link className="account-link" to={paths.profile.href(locale)}>
      <span className="sr-only">{t('nav.account')}:</span> {`${customer.firstName} ${customer.lastName}`}
    </Link>
  );
}
