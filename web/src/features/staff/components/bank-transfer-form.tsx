import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';

import { SubmitButton, TextField } from '@/components/ui/form-fields';
import { useRecordBankTransfer } from '@/features/staff/api/record-bank-transfer';
import { serverMessage, staffFailure, type StaffFailure } from '@/features/staff/api/staff-errors';
import { parseZloty, zlotyInput } from '@/features/staff/utils/amount';
import { REFERENCE_MAX_LENGTH, transferSchema, type TransferValues } from '@/features/staff/utils/schemas';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { StaffOrder } from '@/types/api';

/** A refusal not shown beside a field: what failed, in the server's words. */
export type TransferProblem = { failure: StaffFailure; message: string };

const FIELDS = ['amount', 'reference'] as const;

/** The server's field errors beside their fields, the first one focused; whether there was any. */
function showFieldErrors(error: unknown, setError: UseFormSetError<TransferValues>): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const field of FIELDS) {
    const fieldError = error.errors.find((candidate) => candidate.field === field);
    if (!fieldError) continue;
    setError(field, { type: 'server', message: fieldError.message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

type Props = {
  order: StaffOrder;
  /** The booking code the order was looked up by. */
  code: string;
  onRecorded: () => void;
  /** A refusal for the page to show; null when a new attempt starts. */
  onProblem: (problem: TransferProblem | null) => void;
};

/**
 * "Record bank transfer": the amount in złoty as the statement shows it
 * (prefilled with what the order awaits) and the statement's reference.
 */
export function BankTransferForm({ order, code, onRecorded, onProblem }: Props) {
  const { t, locale, formatMoney } = useI18n();
  const headingId = useId();
  const record = useRecordBankTransfer(code, locale);
  // Taken before the request goes: a second click meanwhile sends nothing.
  const sending = useRef(false);
  const schema = useMemo(() => transferSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TransferValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: zlotyInput(order.dueNow, locale), reference: '' },
  });

  const send = async (values: TransferValues) => {
    const amount = parseZloty(values.amount);
    if (sending.current || amount === null) return;
    sending.current = true;
    onProblem(null);
    try {
      await record.mutateAsync({ amount, reference: values.reference });
      onRecorded();
    } catch (error) {
      if (!showFieldErrors(error, setError)) onProblem({ failure: staffFailure(error), message: serverMessage(error) });
    } finally {
      sending.current = false;
    }
  };

  return (
    <section className="staff-transfer" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('staff.transfer.heading')}</h3>
      <p className="staff-transfer__intro">{t('staff.transfer.intro')}</p>
      <form className="form" aria-labelledby={headingId} noValidate onSubmit={(event) => void handleSubmit(send)(event)}>
        <div className="form__row">
          <TextField
            label={t('staff.transfer.amount')}
            hint={t('staff.transfer.amountHint', { amount: formatMoney(order.dueNow, order.totals.currency) })}
            inputMode="decimal"
            autoComplete="off"
            required
            error={errors.amount?.message}
            {...register('amount')}
          />
          <TextField
            label={t('staff.transfer.reference')}
            hint={t('staff.transfer.referenceHint', { max: REFERENCE_MAX_LENGTH })}
            autoComplete="off"
            spellCheck={false}
            required
            error={errors.reference?.message}
            {...register('reference')}
          />
        </div>
        <SubmitButton busy={record.isPending} busyLabel={t('staff.transfer.busy')}>
          {t('staff.transfer.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
