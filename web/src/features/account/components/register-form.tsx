import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';

import { CheckboxField, PasswordField, SubmitButton, TextField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { useRegister } from '@/features/account/api/register';
import { setServerFieldErrors, type FieldMap } from '@/features/account/utils/field-errors';
import { registrationSchema, type RegistrationValues } from '@/features/account/utils/schemas';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications } from '@/lib/notifications';

/** The server's body fields, shown beside the same fields. */
const SERVER_FIELDS: FieldMap<RegistrationValues> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  password: 'password',
};

const EMPTY: RegistrationValues = { firstName: '', lastName: '', email: '', phone: '', password: '', terms: false };

/**
 * Registration (spec 2.1 `register`): names, e-mail, an optional phone and
 * a password with its rule shown, and the terms to accept. Each error shows
 * beside its field, the server's too (a taken e-mail, a weak password); the
 * first invalid field takes focus. The new customer is logged in at once and
 * told that a link to confirm the address is on its way; the page then goes
 * to the profile (the route sees the customer).
 *
 * The terms are accepted here only: the registration call has no field
 * for it.
 */
export function RegisterForm() {
  const { t, locale } = useI18n();
  const registration = useRegister();
  const schema = useMemo(() => registrationSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegistrationValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    if (registration.isPending) return;
    try {
      const customer = await registration.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        password: values.password,
      });
      notifications.notify('success', t('account.register.success', { email: customer.email }));
    } catch (error) {
      setServerFieldErrors(error, SERVER_FIELDS, setError);
    }
  });

  return (
    <form className="form account-form" aria-label={t('account.register.title')} noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="form__row">
        <TextField
          label={t('account.field.firstName')}
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label={t('account.field.lastName')}
          autoComplete="family-name"
          required
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <TextField
        label={t('account.field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t('account.field.phone')}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <PasswordField
        label={t('account.field.password')}
        showLabel={t('account.password.show')}
        autoComplete="new-password"
        required
        hint={t('account.password.rule')}
        error={errors.password?.message}
        {...register('password')}
      />
      <CheckboxField
        label={t('account.field.terms')}
        required
        error={errors.terms?.message}
        extra={
          <a className="form-check__extra" href={paths.regulations.href(locale)} target="_blank" rel="noopener">
            {t('account.field.readTerms')}
          </a>
        }
        {...register('terms')}
      />
      <SubmitButton busy={registration.isPending} busyLabel={t('account.form.busy')}>
        {t('account.register.submit')}
      </SubmitButton>
    </form>
  );
}
