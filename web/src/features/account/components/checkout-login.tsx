import { useId } from 'react';
import { Link, useNavigate } from 'react-router';

import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { useMe } from '@/features/account/api/use-me';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { LoginForm } from './login-form';
import { SocialLogin, type SocialProvider } from './social-login';

/**
 * The server has no social login configured yet (the gateway names no
 * provider), so none is offered. Once it says which providers it has and
 * where their login starts, pass them as `socialProviders` and their
 * buttons appear beside the login form.
 */
const NO_SOCIAL_PROVIDERS: readonly SocialProvider[] = [];

type Props = {
  socialProviders?: readonly SocialProvider[];
};

/**
 * The basket's login step (spec 2.2): a new customer registers with the
 * booking or books without registering (both continue to the personal
 * data step, which learns the choice from `?account=register|guest`); a
 * customer with an account logs in and continues. A logged-in customer
 * just continues.
 */
export function CheckoutLogin({ socialProviders = NO_SOCIAL_PROVIDERS }: Props) {
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
        <LoginForm onLoggedIn={() => void navigate(personal.href(locale))} />
        <SocialLogin providers={socialProviders} />
      </section>
    </div>
  );
}
