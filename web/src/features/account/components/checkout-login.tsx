import { useId } from 'react';
import { Link, useNavigate } from 'react-router';

import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { useMe } from '@/lib/api/use-me';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { atFrontDesk } from '@/lib/rules/roles';

import { LoginForm } from './login-form';
import { SocialLogin, SocialLoginFailure } from './social-login';

/**
 * The basket's login step (spec 2.2): a new customer registers with the
 * booking or books without registering (both continue to the personal
 * data step, which learns the choice from `?account=register|guest`); a
 * customer with an account logs in (with the password, or through a
 * provider the server offers, which comes back to this step) and
 * continues. A logged-in customer just continues.
 */
export function CheckoutLogin() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const me = useMe();
  const newCustomerId = useId();
  const returningId = useId();
  const personal = paths.basketPersonal;

  if (me.status === 'pending') return <StatusMessage kind="loading">{t('app.loading')}</StatusMessage>;

  if (me.status === 'success' && me.customer) {
    return (
      <div className="checkout-login checkout-login--done">
        <p>{t('account.login.loggedInAs', { name: `${me.customer.firstName} ${me.customer.lastName}` })}</p>
        {atFrontDesk(me.customer) && <p>{t('account.checkout.forGuest')}</p>}
        <Link className="button button--primary" to={personal.href(locale)}>
          {t('account.checkout.continue')}
        </Link>
      </div>
    );
  }

  return (
    <div className="checkout-login">
      <section className="checkout-login__part" aria-labelledby={newCustomerId}>
        <h2 id={newCustomerId}>{t('account.checkout.newCustomer')}</h2>
        <p>{t('account.checkout.newCustomerLead')}</p>
        <ul className="checkout-login__choices">
          <li>
            <Link className="button button--primary" to={personal.href(locale, { account: 'register' })}>
              {t('account.checkout.register')}
            </Link>
          </li>
          <li>
            <Link className="button" to={personal.href(locale, { account: 'guest' })}>
              {t('account.checkout.guest')}
            </Link>
          </li>
        </ul>
      </section>
      <section className="checkout-login__part" aria-labelledby={returningId}>
        <h2 id={returningId}>{t('account.checkout.returning')}</h2>
        <SocialLoginFailure />
        <LoginForm onLoggedIn={() => void navigate(personal.href(locale))} />
        <SocialLogin />
      </section>
    </div>
  );
}
