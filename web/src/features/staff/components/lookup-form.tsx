import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';

import { TextField } from '@/components/ui/form-fields';
import { normalizeBookingCode } from '@/features/staff/utils/order';
import { lookupSchema, type LookupValues } from '@/features/staff/utils/schemas';
import { useI18n } from '@/lib/i18n/i18n-provider';

type Props = {
  /** The code looked up (the page's query): the field follows it on back and forward. */
  code: string;
  /** The server's word on a malformed code. */
  error?: string;
  onLookUp: (code: string) => void;
};

/** The booking code field and "Find". */
export function LookupForm({ code, error, onLookUp }: Props) {
  const { t } = useI18n();
  const schema = useMemo(() => lookupSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<LookupValues>({ resolver: zodResolver(schema), values: { code } });

  // The server's refusal comes after the submit: back to the field, which reads it out.
  useEffect(() => {
    if (error) setFocus('code');
  }, [error, setFocus]);

  const onSubmit = handleSubmit((values) => onLookUp(normalizeBookingCode(values.code)));

  return (
    <form
      className="form staff-lookup"
      role="search"
      aria-label={t('staff.lookup.name')}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <TextField
        label={t('staff.lookup.label')}
        hint={t('staff.lookup.hint')}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.code?.message ?? error}
        {...register('code')}
      >
        <button type="submit" className="button button--primary">
          {t('staff.lookup.submit')}
        </button>
      </TextField>
    </form>
  );
}
