import { useId } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';

/** A login provider the server offers, and where its login starts. */
export type SocialProvider = {
  /** A social network, or a search-engine company's account (spec 2.2). */
  id: 'facebook' | 'google';
  href: string;
};

/**
 * Login through a social network or a search-engine company's account
 * (spec 2.2, labels only). Shown only for the providers the server says it
 * has configured: none yet, so callers pass none and nothing shows.
 */
export function SocialLogin({ providers }: { providers: readonly SocialProvider[] }) {
  const { t } = useI18n();
  const labelId = useId();
  if (providers.length === 0) return null;
  return (
    <div className="social-login">
      <p id={labelId} className="social-login__label">
        {t('account.social.label')}
      </p>
      <ul className="social-login__list" aria-labelledby={labelId}>
        {providers.map((provider) => (
          <li key={provider.id}>
            <a className={`button social-login__link social-login__link--${provider.id}`} href={provider.href}>
              {t(`account.social.${provider.id}`)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
