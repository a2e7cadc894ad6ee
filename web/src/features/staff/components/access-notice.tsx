import { Link } from 'react-router';

import { useI18n } from '@/lib/i18n/i18n-provider';

type Props = {
  failure: 'login' | 'forbidden';
  /** Where a visitor who is not logged in logs in (and comes back from). */
  loginHref: string;
};

/** The server refused who is asking: a login link where a login helps. */
export function AccessNotice({ failure, loginHref }: Props) {
  const { t } = useI18n();
  return (
    <div className="staff-notice staff-notice--error" role="alert" data-failure={failure}>
      <p>{t(failure === 'login' ? 'staff.loginNeeded' : 'staff.forbidden')}</p>
      {failure === 'login' && (
        <Link className="button" to={loginHref}>
          {t('staff.login')}
        </Link>
      )}
    </div>
  );
}
