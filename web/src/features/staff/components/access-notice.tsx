import { Link } from 'react-router';

import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';

type Props = {
  failure: 'login' | 'forbidden';
  /** Where a visitor who is not logged in logs in (and comes back from). */
  loginHref: string;
  /** What the page says to each: who may see it. */
  words?: { login: MessageKey; forbidden: MessageKey };
};

const ORDER_DESK = { login: 'staff.loginNeeded', forbidden: 'staff.forbidden' } as const;

/** The server refused who is asking: a login link where a login helps. */
export function AccessNotice({ failure, loginHref, words = ORDER_DESK }: Props) {
  const { t } = useI18n();
  return (
    <div className="staff-notice staff-notice--error" role="alert" data-failure={failure}>
      <p>{t(failure === 'login' ? words.login : words.forbidden)}</p>
      {failure === 'login' && (
        <Link className="button" to={loginHref}>
          {t('staff.login')}
        </Link>
      )}
    </div>
  );
}
