import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';

import { FormAlert, PasswordField, SubmitButton, TextField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { isLoginRefusal, useLogin } from '@/features/account/api/login';
import { loginSchema, type LoginValues } from '@/features/account/utils/schemas';
import { useI18n } from '@/lib/i18n/i18n-provider';

type Props = {
  /** After the login and the customer asked for again (the header, the checkout step). */
  onLoggedIn?: () => void;
};

/**
 * Login by e-mail and password (spec 2.2, 4): the header's login page, the
 * profile page when nobody is logged in, and the basket's login step. A
 * refused login is said above the fields in the server's words; success
 * shows "logged in" (api/login.ts).
 */
export function LoginForm({ onLoggedIn }: Props) {
  const { t, locale } = useI18n();
  const login = useLogin();
  const [refusal, setRefusal] = useState<string | null>(null);
  const schema = useMemo(() => loginSchema(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (login.isPending) return;
    setRefusal(null);
    try {
      await login.mutateAsync(values);
      onLoggedIn?.();
    } catch (error) {
      // Other failures have raised their notification.
      if (isLoginRefusal(error)) setRefusal(error.message || t('account.login.failed'));
    }
  });

  return (
    <form className="form account-form" aria-label={t('account.login.formLabel')} noValidate onSubmit={(event) => void onSubmit(event)}>
      {refusal && <FormAlert>{refusal}</FormAlert>}
      <TextField
        label={t('account.field.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label={t('account.field.password')}
        showLabel={t('account.password.show')}
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <p className="form__aside">
        <Link to={paths.forgotPassword.href(locale)}>{t('account.login.forgot')}</Link>
      </p>
      <SubmitButton busy={login.isPending} busyLabel={t('account.form.busy')}>
        {t('account.login.submit')}
      </SubmitButton>
    </form>
  );
}
