import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';

import { PasswordField, SubmitButton } from '@/components/ui/form-fields';
import { useChangePassword } from '@/features/account/api/change-password';
import { setServerFieldErrors, type FieldMap } from '@/features/account/utils/field-errors';
import { passwordChangeSchema, type PasswordChangeValues } from '@/features/account/utils/schemas';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications } from '@/lib/notifications';

/** The server reports the new password's rule as `password`. */
const SERVER_FIELDS: FieldMap<PasswordChangeValues> = {
  currentPassword: 'currentPassword',
  newPassword: 'newPassword',
  password: 'newPassword',
};

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '' };

/**
 * The current password and a new one (the rule shown); the customer's other
 * sessions end, this one stays.
 */
export function PasswordChangeForm({ email }: { email: string }) {
  const { t } = useI18n();
  const change = useChangePassword();
  const schema = useMemo(() => passwordChangeSchema(t, email), [t, email]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordChangeValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    if (change.isPending) return;
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      notifications.notify('success', t('account.profile.passwordChanged'));
    } catch (error) {
      // The server's text for a wrong current password is the login's
      // ("wrong e-mail or password"): this form says it of the field.
      setServerFieldErrors(error, SERVER_FIELDS, setError, (field, message) =>
        field === 'currentPassword' ? t('account.error.currentPassword') : message,
      );
    }
  });

  return (
    <form className="form account-form" aria-label={t('account.profile.password')} noValidate onSubmit={(event) => void onSubmit(event)}>
      {/* Lets a password manager know whose password changes. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label={t('account.field.currentPassword')}
        showLabel={t('account.password.show')}
        autoComplete="current-password"
        required
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordField
        label={t('account.field.newPassword')}
        showLabel={t('account.password.show')}
        autoComplete="new-password"
        required
        hint={t('account.password.rule')}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <SubmitButton busy={change.isPending} busyLabel={t('account.form.busy')}>
        {t('account.profile.passwordSubmit')}
      </SubmitButton>
    </form>
  );
}
