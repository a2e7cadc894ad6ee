/**
 * The account pages (login, registration, profile, password reset, the
 * basket's login step): one chunk, loaded with the account part of the
 * dictionary (app/router.tsx). They share most of their code (the forms,
 * react-hook-form and zod), so one chunk costs a visitor little more than
 * one page, and keeps the first page load's route table short.
 */
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';

import { paths } from '@/config/paths';
import { CheckoutLogin } from '@/features/account/components/checkout-login';
import { ForgotPassword } from '@/features/account/components/forgot-password';
import { LoginForm } from '@/features/account/components/login-form';
import { Profile } from '@/features/account/components/profile';
import { RegisterForm } from '@/features/account/components/register-form';
import { SocialLogin, SocialLoginFailure } from '@/features/account/components/social-login';
import { ResetPasswordForm } from '@/features/account/components/reset-password-form';
import { usePageHead } from '@/hooks/use-page-head';
import { useMe } from '@/lib/api/use-me';
import { returnPath } from '@/utils/return-path';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { LOCALES } from '@/lib/i18n/locale';
import type { MessageKey } from '@/lib/i18n/messages';
import { usePublishPageAlternates } from '@/lib/i18n/page-alternates';

type AccountPageProps = { titleKey: MessageKey; children: ReactNode } & (
  | { leadKey: MessageKey; descriptionKey?: never }
  | { leadKey?: never; descriptionKey: MessageKey }
);

/**
 * A page with its heading (the document title too) and its lead, which is
 * its description; a page without a lead names a description.
 */
function AccountPage({ titleKey, leadKey, descriptionKey, children }: AccountPageProps) {
  const { t } = useI18n();
  const title = t(titleKey);
  usePageHead(title, t(leadKey ?? descriptionKey));
  return (
    <div className="page account-page">
      <div className="page__header">
        <h1>{title}</h1>
        {leadKey && <p className="page__lead">{t(leadKey)}</p>}
      </div>
      {children}
    </div>
  );
}

/** Whether a customer is logged in (a login or registration on the page included). */
function useLoggedIn(): boolean {
  const me = useMe();
  return me.status === 'success' && me.customer !== null;
}

/**
 * The header's login page; a logged-in customer (after the login too,
 * through a provider as well) goes where `?return=` says (a path of the
 * shop, e.g. the editor's page that asked for a login), else to the
 * profile. A provider's login that failed comes back here with
 * `?login=failed` and says so.
 */
export function LoginRoute() {
  const { t, locale } = useI18n();
  const back = returnPath(useLocation().search);
  if (useLoggedIn()) return <Navigate to={back ?? paths.profile.href(locale)} replace />;
  return (
    <AccountPage titleKey="account.login.title" leadKey="account.login.lead">
      <SocialLoginFailure />
      <LoginForm />
      <p className="form__aside">
        {t('account.login.noAccount')} <Link to={paths.register.href(locale)}>{t('account.login.register')}</Link>
      </p>
      <SocialLogin />
    </AccountPage>
  );
}

/** Registration (spec 2.1); a logged-in customer (the new one too) goes to the profile. */
export function RegisterRoute() {
  const { t, locale } = useI18n();
  if (useLoggedIn()) return <Navigate to={paths.profile.href(locale)} replace />;
  return (
    <AccountPage titleKey="account.register.title" leadKey="account.register.lead">
      <RegisterForm />
      <p className="form__aside">
        {t('account.register.haveAccount')} <Link to={paths.login.href(locale)}>{t('account.register.login')}</Link>
      </p>
    </AccountPage>
  );
}

/** The customer's account. */
export function ProfileRoute() {
  return (
    <AccountPage titleKey="account.profile.title" descriptionKey="account.profile.description">
      <Profile />
    </AccountPage>
  );
}

/** "Forgotten your password?", from the login form. */
export function ForgotPasswordRoute() {
  return (
    <AccountPage titleKey="account.forgot.title" leadKey="account.forgot.lead">
      <ForgotPassword />
    </AccountPage>
  );
}

/**
 * The password reset e-mail's page, `/reset-password/{token}`: the same
 * link in the other languages (the switcher) carries the token along.
 */
export function ResetPasswordRoute() {
  const token = useParams().token ?? '';
  usePublishPageAlternates(
    Object.fromEntries(LOCALES.map((locale) => [locale, paths.passwordReset.href(locale, { token })])),
  );
  return (
    <AccountPage titleKey="account.reset.title" leadKey="account.reset.lead">
      <ResetPasswordForm key={token} token={token} />
    </AccountPage>
  );
}

/** The basket's login step (spec 2.2). */
export function BasketLoginRoute() {
  return (
    <AccountPage titleKey="basket.steps.login" leadKey="account.checkout.lead">
      <CheckoutLogin />
    </AccountPage>
  );
}
