import { useId } from 'react';
import { useNavigate } from 'react-router';

import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/account/api/logout';
import { useMe } from '@/lib/api/use-me';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Customer } from '@/types/api';

import { GuestOrdersNote } from './guest-orders-note';
import { LoginForm } from './login-form';
import { MyBookings } from './my-bookings';
import { PasswordChangeForm } from './password-change-form';
import { ProfileForm } from './profile-form';

/**
 * The customer's account: details (names and phone), password, bookings
 * and logout. Nobody logged in: the login form, after which the account
 * shows. Bookings are the customer's orders (GET /me/orders).
 */
export function Profile() {
  const { t } = useI18n();
  const me = useMe();

  if (me.status === 'pending') return <StatusMessage kind="loading">{t('account.profile.loading')}</StatusMessage>;
  if (me.status === 'error') {
    return (
      <StatusMessage
        kind="error"
        onRetry={me.retry}
      >
        {t('account.profile.error')}
      </StatusMessage>
    );
  }
  if (!me.customer) {
    return (
      <div className="account-login">
        <p>{t('account.profile.loginPrompt')}</p>
        <LoginForm />
      </div>
    );
  }
  return <ProfileSections customer={me.customer} />;
}

function ProfileSections({ customer }: { customer: Customer }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const logout = useLogout();
  const detailsId = useId();
  const passwordId = useId();
  const bookingsId = useId();

  const onLogout = () => {
    if (logout.isPending) return;
    logout.mutate(undefined, { onSuccess: () => void navigate(paths.root.href(locale)) });
  };

  return (
    <div className="profile">
      <p className="page__lead">{t('account.profile.greeting', { name: customer.firstName })}</p>

      <section className="profile__section" aria-labelledby={detailsId}>
        <h2 id={detailsId}>{t('account.profile.details')}</h2>
        <dl className="profile__facts">
          <dt>{t('account.field.email')}</dt>
          <dd>
            {customer.email}
            <span className="profile__note">{t('account.profile.emailNote')}</span>
          </dd>
        </dl>
        <ProfileForm customer={customer} />
      </section>

      <section className="profile__section" aria-labelledby={passwordId}>
        <h2 id={passwordId}>{t('account.profile.password')}</h2>
        <p>{t('account.profile.passwordLead')}</p>
        <PasswordChangeForm email={customer.email} />
      </section>

      <section className="profile__section" aria-labelledby={bookingsId}>
        <h2 id={bookingsId}>{t('account.profile.bookings')}</h2>
        <GuestOrdersNote email={customer.email} verified={customer.emailVerified} />
        <MyBookings email={customer.email} />
      </section>

      <button type="button" className="button profile__logout" aria-disabled={logout.isPending || undefined} onClick={onLogout}>
        {logout.isPending ? t('account.form.busy') : t('account.profile.logout')}
      </button>
    </div>
  );
}
