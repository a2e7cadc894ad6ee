import { useEffect, useId } from 'react';

import { useRequestVerification } from '@/features/account/api/request-verification';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications } from '@/lib/notifications';

import { EmailForm } from './email-form';

/** Where the verification e-mail's link ended: the gateway's `/?account=` (gateway/src/routes/account.rs). */
export type VerificationOutcome = 'verified' | 'link-expired';

/**
 * The home page after the verification link: a notification says how it
 * went, and the page keeps saying it; an expired or used link comes with
 * the form that sends a new one.
 */
export function VerificationLanding({ outcome }: { outcome: VerificationOutcome }) {
  const { t } = useI18n();
  const resend = useRequestVerification();
  const titleId = useId();

  useEffect(() => {
    if (outcome === 'verified') notifications.notify('success', t('account.verify.verified'));
    else notifications.notify('error', t('account.verify.expired'));
  }, [outcome, t]);

  if (outcome === 'verified') {
    return (
      <p className="account-notice account-notice--success" role="status">
        {t('account.verify.verified')}
      </p>
    );
  }
  return (
    <section className="account-notice account-notice--warning" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('account.verify.resendTitle')}</h2>
      <p>{t('account.verify.expired')}</p>
      <p>{t('account.verify.resendLead')}</p>
      <EmailForm
        label={t('account.verify.resendTitle')}
        submitLabel={t('account.verify.resend')}
        send={(email) => resend.mutateAsync(email)}
        busy={resend.isPending}
        sent={resend.isSuccess}
        sentText={t('account.verify.sent')}
      />
    </section>
  );
}
