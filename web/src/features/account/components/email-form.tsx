import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';

import { SubmitButton, TextField } from '@/components/ui/form-fields';
import { setServerFieldErrors } from '@/features/account/utils/field-errors';
import { emailSchema, type EmailValues } from '@/features/account/utils/schemas';
import { useI18n } from '@/lib/i18n/i18n-provider';

type Props = {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** Sends the link; resolves once the server took the request. */
  send: (email: string) => Promise<unknown>;
  busy: boolean;
  /** Said in place of the form once sent (the same answer for any address). */
  sentText: string;
  sent: boolean;
};

/**
 * One e-mail address and a button: asks for an e-mail with a link (a new
 * password, a new confirmation link). Once sent, the form gives way to a
 * message that takes focus, so it is read out.
 */
export function EmailForm({ label, submitLabel, send, busy, sentText, sent }: Props) {
  const { t } = useI18n();
  const sentRef = useRef<HTMLParagraphElement>(null);
  const schema = useMemo(() => emailSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EmailValues>({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const onSubmit = handleSubmit(async ({ email }) => {
    if (busy) return;
    try {
      await send(email.trim());
    } catch (error) {
      setServerFieldErrors(error, { email: 'email' }, setError);
    }
  });

  if (sent) {
    return (
      <p ref={sentRef} className="account-notice" role="status" tabIndex={-1}>
        {sentText}
      </p>
    );
  }

  return (
    <form className="form account-form" aria-label={label} noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label={t('account.field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <SubmitButton busy={busy} busyLabel={t('account.form.busy')}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
