import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';

import { SubmitButton, TextField } from '@/components/ui/form-fields';
import { useUpdateProfile } from '@/features/account/api/update-profile';
import { setServerFieldErrors, type FieldMap } from '@/features/account/utils/field-errors';
import { profileSchema, type ProfileValues } from '@/features/account/utils/schemas';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications } from '@/lib/notifications';
import type { Customer } from '@/types/api';

const SERVER_FIELDS: FieldMap<ProfileValues> = { firstName: 'firstName', lastName: 'lastName', phone: 'phone' };

/** The customer's names and phone; the e-mail address is shown, not changed. */
export function ProfileForm({ customer }: { customer: Customer }) {
  const { t } = useI18n();
  const update = useUpdateProfile();
  const schema = useMemo(() => profileSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (update.isPending) return;
    try {
      const saved = await update.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: values.phone.trim(),
      });
      reset({ firstName: saved.firstName, lastName: saved.lastName, phone: saved.phone });
      notifications.notify('success', t('account.profile.saved'));
    } catch (error) {
      setServerFieldErrors(error, SERVER_FIELDS, setError);
    }
  });

  return (
    <form className="form account-form" aria-label={t('account.profile.details')} noValidate onSubmit={(event) => void onSubmit(event)}>
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
        label={t('account.field.phone')}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <SubmitButton busy={update.isPending} busyLabel={t('account.form.busy')}>
        {t('account.profile.save')}
      </SubmitButton>
    </form>
  );
}
