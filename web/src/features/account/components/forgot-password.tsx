import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useRequestPasswordReset } from '@/features/account/api/request-password-reset';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { EmailForm } from './email-form';

/** "Forgotten your password?": the address to send the reset link to. */
export function ForgotPassword() {
  const { t, locale } = useI18n();
  const request = useRequestPasswordReset();
  return (
    <>
      <EmailForm
        label={t('account.forgot.title')}
        submitLabel={t('account.forgot.submit')}
        send={(email) => request.mutateAsync(email)}
        busy={request.isPending}
        sent={request.isSuccess}
        sentText={t('account.forgot.sent')}
      />
      <p className="form__aside">
        <Link to={paths.login.href(locale)}>{t('account.forgot.back')}</Link>
      </p>
    </>
  );
}
