import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';

import { FormAlert, SubmitButton, TextField } from '@/components/ui/form-fields';
import { useMarkRefunded } from '@/features/staff/api/mark-refunded';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import { REFERENCE_MAX_LENGTH, refundSchema, type RefundValues } from '@/features/staff/utils/schemas';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Refund } from '@/types/api';

import { Fact, Moment } from './facts';
import { useOrderWords } from './order-words';

type Props = {
  refund: Refund;
  /** Shows the refund's order on the desk. */
  onLookUp: (code: string) => void;
  onRefunded: (refund: Refund) => void;
};

/**
 * One payment to give back: what came, through which provider, for which
 * order, and the form that marks it refunded with the refund's reference
 * once the money went back in the provider's panel.
 */
export function RefundItem({ refund, onLookUp, onRefunded }: Props) {
  const { t, locale, formatMoney } = useI18n();
  const words = useOrderWords();
  const headingId = useId();
  const mark = useMarkRefunded(locale);
  // Taken before the request goes: a second click meanwhile sends nothing.
  const sending = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);
  const schema = useMemo(() => refundSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RefundValues>({ resolver: zodResolver(schema), defaultValues: { reference: '' } });

  const send = async ({ reference }: RefundValues) => {
    if (sending.current) return;
    sending.current = true;
    setProblem(null);
    try {
      onRefunded(await mark.mutateAsync({ paymentId: refund.paymentId, reference: reference.trim() }));
    } catch (error) {
      const beside = error instanceof ApiError && error.errors.some((fieldError) => fieldError.field === 'reference');
      if (beside) setError('reference', { type: 'server', message: serverMessage(error, 'reference') }, { shouldFocus: true });
      else setProblem(staffFailure(error) === 'other' ? t('staff.refunds.error') : serverMessage(error));
    } finally {
      sending.current = false;
    }
  };

  const amount = formatMoney(refund.amount, 'PLN');
  return (
    <article className="staff-refund" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('staff.refunds.item', { amount, code: refund.bookingCode })}</h3>
      <dl className="staff-order__facts">
        <Fact label={t('staff.refunds.provider')}>{words.methodOf(refund.provider)}</Fact>
        <Fact label={t('staff.refunds.providerReference')}>{refund.providerReference ?? t('staff.refunds.unknown')}</Fact>
        <Fact label={t('staff.refunds.paidAt')}>{refund.paidAt ? <Moment iso={refund.paidAt} /> : t('staff.refunds.unknown')}</Fact>
        <Fact label={t('staff.refunds.orderState')}>{words.stateOf(refund.orderState)}</Fact>
      </dl>
      <button type="button" className="button button--secondary" onClick={() => onLookUp(refund.bookingCode)}>
        {t('staff.refunds.show', { code: refund.bookingCode })}
      </button>
      {problem && (
        <FormAlert>
          <p>{problem}</p>
        </FormAlert>
      )}
      <form
        className="form staff-refund__form"
        aria-label={t('staff.refunds.formName', { amount, code: refund.bookingCode })}
        noValidate
        onSubmit={(event) => void handleSubmit(send)(event)}
      >
        <TextField
          label={t('staff.refunds.reference')}
          hint={t('staff.refunds.referenceHint', { max: REFERENCE_MAX_LENGTH })}
          autoComplete="off"
          spellCheck={false}
          required
          error={errors.reference?.message}
          {...register('reference')}
        />
        <SubmitButton busy={mark.isPending} busyLabel={t('staff.refunds.busy')}>
          {t('staff.refunds.submit')}
        </SubmitButton>
      </form>
    </article>
  );
}
