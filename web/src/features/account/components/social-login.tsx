import { useId } from 'react';
import { useLocation } from 'react-router';

import { StatusMessage } from '@/components/ui/status-message';
import { useLoginProviders } from '@/features/account/api/get-login-providers';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { LoginProvider } from '@/types/api';

/** The current page's path and query, without the failure marker. */
function currentPage(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete('login');
  const rest = query.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * Where a provider's login starts: a full-page visit to the gateway, which
 * comes back to `returnTo` logged in, or to this page with `?login=failed`.
 */
export function loginStartHref(provider: LoginProvider['id'], returnTo: string, from: string, locale: string): string {
  const query = new URLSearchParams({ return: returnTo, from, locale });
  return `/auth/${provider}/start?${query.toString()}`;
}

/**
 * Login through a social network or a search-engine company's account
 * (spec 2.2, labels only): a "Continue with {label}" link for each
 * provider the server offers; nothing while it offers none. Placed below
 * the password form, so its arrival moves nothing above it.
 */
export function SocialLogin() {
  const { t, locale } = useI18n();
  const labelId = useId();
  const location = useLocation();
  const providers = useLoginProviders();
  if (providers.length === 0) return null;
  const page = currentPage(location.pathname, location.search);
  return (
    <div className="social-login">
      <p id={labelId} className="social-login__label">
        {t('account.social.label')}
      </p>
      <ul className="social-login__list" aria-labelledby={labelId}>
        {providers.map((provider) => (
          <li key={provider.id}>
            <a
              className={`button social-login__link social-login__link--${provider.id}`}
              href={loginStartHref(provider.id, page, page, locale)}
            >
              {t('account.social.continueWith', { label: provider.label })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Why the provider's login did not work, from `?login=failed` (refused,
 * cancelled, or the provider unreachable), `?login=unverified` (the
 * e-mail's account was never verified, so it is not linked) or
 * `?login=staff` (a staff account logs in with its password only).
 */
const FAILURES = {
  failed: 'account.social.failed',
  unverified: 'account.social.unverified',
  staff: 'account.social.staff',
} as const;

export function SocialLoginFailure() {
  const { t } = useI18n();
  const outcome = new URLSearchParams(useLocation().search).get('login');
  if (outcome !== 'failed' && outcome !== 'unverified' && outcome !== 'staff') return null;
  return <StatusMessage kind="error">{t(FAILURES[outcome])}</StatusMessage>;
}
