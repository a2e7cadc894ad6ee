import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';

import { FormAlert, PasswordField, SubmitButton } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { isInvalidLink, useResetPassword } from '@/features/account/api/reset-password';
import { setServerFieldErrors } from '@/features/account/utils/field-errors';
import { newPasswordSchema, type NewPasswordValues } from '@/features/account/utils/schemas';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications } from '@/lib/notifications';

/**
 * The new password of the e-mail's link (`/reset-password/{token}`). Once
 * set, every session of the customer has ended: the visitor is told and
 * goes to the login page. A link unknown, used or expired says so, with the
 * way to ask for a new one.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const reset = useResetPassword(token);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const schema = useMemo(() => newPasswordSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordValues>({ resolver: zodResolver(schema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (reset.isPending) return;
    setLinkInvalid(false);
    try {
      await reset.mutateAsync(password);
      notifications.notify('success', t('account.reset.done'));
      void navigate(paths.login.href(locale));
    } catch (error) {
      if (isInvalidLink(error)) setLinkInvalid(true);
      else setServerFieldErrors(error, { password: 'password' }, setError);
    }
  });

  return (
    <form className="form account-form" aria-label={t('account.reset.title')} noValidate onSubmit={(event) => void onSubmit(event)}>
      {linkInvalid && (
        <FormAlert>
          <p>{t('account.reset.invalidLink')}</p>
          <p>
            <Link to={paths.forgotPassword.href(locale)}>{t('account.reset.newLink')}</Link>
          </p>
        </FormAlert>
      )}
      <PasswordField
        label={t('account.field.newPassword')}
        showLabel={t('account.password.show')}
        autoComplete="new-password"
        required
        hint={t('account.password.rule')}
        error={errors.password?.message}
        {...register('password')}
      />
      <SubmitButton busy={reset.isPending} busyLabel={t('account.form.busy')}>
        {t('account.reset.submit')}
      </SubmitButton>
    </form>
  );
}
