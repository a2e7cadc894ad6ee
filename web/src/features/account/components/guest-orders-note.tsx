import { useEffect, useRef } from 'react';

import { useRequestVerification } from '@/features/account/api/request-verification';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';

import '@/features/account/bookings.css';

/**
 * Which orders the bookings list shows: a guest's orders with the same
 * e-mail only once the address is confirmed. While it is not, the customer
 * is told so and offered a new confirmation link.
 */
export function GuestOrdersNote({ email, verified }: { email: string; verified: boolean }) {
  const { t } = useI18n();
  return (
    <div className="guest-orders">
      <p className="guest-orders__text">
        {t(verified ? 'account.profile.bookingsHintConfirmed' : 'account.profile.bookingsHint', { email })}
      </p>
      {verified ? null : <Unconfirmed email={email} />}
    </div>
  );
}

function Unconfirmed({ email }: { email: string }) {
  const { t } = useI18n();
  const resend = useRequestVerification();
  const sentRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (resend.isSuccess) sentRef.current?.focus();
  }, [resend.isSuccess]);

  // An answer naming the e-mail raises no notification (it is meant for a form field): say it here.
  const emailError =
    resend.error instanceof ApiError ? resend.error.errors.find((error) => error.field === 'email')?.message : undefined;

  const onResend = () => {
    if (resend.isPending) return;
    resend.mutate(email);
  };

  return (
    <>
      <p className="guest-orders__text">{t('account.bookings.unconfirmed', { email })}</p>
      {resend.isSuccess ? (
        <p ref={sentRef} className="guest-orders__sent" role="status" tabIndex={-1}>
          {t('account.verify.sent')}
        </p>
      ) : (
        <button type="button" className="button button--small" aria-disabled={resend.isPending || undefined} onClick={onResend}>
          {resend.isPending ? t('account.form.busy') : t('account.bookings.resend')}
        </button>
      )}
      {emailError ? (
        <p className="guest-orders__error" role="alert">
          {emailError}
        </p>
      ) : null}
    </>
  );
}
