import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';

import { FormAlert, SubmitButton, TextAreaField, TextField } from '@/components/ui/form-fields';
import { useSendProductQuestion } from '@/features/contact/api/send-product-question';
import {
  productQuestionSchema,
  serverFieldErrors,
  type ProductQuestionValues,
} from '@/features/contact/utils/product-question';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';

const EMPTY: ProductQuestionValues = { customer: '', email: '', phone: '', message: '' };

type Props = {
  /** The product asked about; none on the contact page. */
  productCode?: string;
  /** The dialog's close; none on the contact page, where the form stays and may be used again. */
  onClose?: () => void;
};

/**
 * The product inquiry (spec 2.5, 4, 5): the form, then, after the server's
 * 201, the sent state ("thank you, message sent", spec 8).
 *
 * Every field is required (spec 5); a wrong field says so beside itself and
 * the first takes focus; nothing is sent while one is wrong. The server's
 * field errors show beside the same fields. A refusal that names no field of
 * the form (429, 503, a wrong product) is said above the buttons in the
 * server's words, with "try again"; no answer at all in the page's. The
 * outcome is announced (a status region that is there from the start); in
 * the sent state focus goes to "close" (in the product's dialog) or to
 * "write another message" (on the contact page, spec 2.4).
 */
export function ProductQuestionForm({ productCode = '', onClose }: Props) {
  const { t } = useI18n();
  const id = useId();
  const send = useSendProductQuestion();
  const schema = useMemo(() => productQuestionSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ProductQuestionValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const [failure, setFailure] = useState('');
  const [sent, setSent] = useState(false);
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (sent) close.current?.focus();
  }, [sent]);

  const onSubmit = handleSubmit(async (values) => {
    if (send.isPending) return;
    setFailure('');
    try {
      await send.mutateAsync({
        productCode,
        customer: values.customer.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        message: values.message.trim(),
      });
      setSent(true);
    } catch (error) {
      const { fields, other } = serverFieldErrors(error);
      fields.forEach(({ field, message }, index) =>
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      if (fields.length > 0 && other.length === 0) return;
      // The server's own words (it writes them in the request's language); none without an answer.
      const answered = error instanceof ApiError && error.status !== 0 ? error.message : undefined;
      setFailure(other[0] ?? answered ?? t('inquiry.failed'));
    }
  });

  return (
    <>
      <div role="status" className="inquiry__sent">
        {sent && (
          <>
            <p className="inquiry__sent-title">{t('inquiry.sent')}</p>
            <p>{t('inquiry.sentLead')}</p>
          </>
        )}
      </div>
      {sent ? (
        <div className="modal__actions">
          {onClose ? (
            <button ref={close} type="button" className="button button--primary" onClick={onClose}>
              {t('inquiry.close')}
            </button>
          ) : (
            <button
              ref={close}
              type="button"
              className="button"
              onClick={() => {
                reset(EMPTY);
                setSent(false);
              }}
            >
              {t('inquiry.another')}
            </button>
          )}
        </div>
      ) : (
        <form
          className="form inquiry__form"
          aria-labelledby={`${id}-lead`}
          aria-busy={send.isPending || undefined}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
        >
          <p id={`${id}-lead`} className="inquiry__lead">
            {t('inquiry.lead')}
          </p>
          <TextField
            label={t('inquiry.field.name')}
            autoComplete="name"
            required
            error={errors.customer?.message}
            {...register('customer')}
          />
          <TextField
            label={t('inquiry.field.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label={t('inquiry.field.phone')}
            type="tel"
            autoComplete="tel"
            required
            hint={t('inquiry.phoneHint')}
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextAreaField
            label={t('inquiry.field.message')}
            rows={5}
            required
            error={errors.message?.message}
            {...register('message')}
          />
          {failure && (
            <FormAlert>
              <p>{failure}</p>
              <p>
                <button type="submit" className="button button--small">
                  {t('inquiry.retry')}
                </button>
              </p>
            </FormAlert>
          )}
          <div className="modal__actions">
            <SubmitButton busy={send.isPending} busyLabel={t('inquiry.busy')}>
              {t('inquiry.submit')}
            </SubmitButton>
            {onClose && (
              <button type="button" className="button" onClick={onClose}>
                {t('inquiry.close')}
              </button>
            )}
          </div>
        </form>
      )}
    </>
  );
}
