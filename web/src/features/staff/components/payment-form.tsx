import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';

import { SubmitButton, TextField } from '@/components/ui/form-fields';
import { type PaymentKind, useRecordPayment } from '@/features/staff/api/record-payment';
import { serverMessage, staffFailure, type StaffFailure } from '@/features/staff/api/staff-errors';
import { parseZloty, zlotyInput } from '@/features/staff/utils/amount';
import { laterAmount } from '@/features/staff/utils/order';
import { REFERENCE_MAX_LENGTH, transferSchema, type TransferValues } from '@/features/staff/utils/schemas';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import type { StaffOrder } from '@/types/api';

/** A refusal not shown beside a field: what failed, in the server's words. */
export type TransferProblem = { kind: PaymentKind; failure: StaffFailure; message: string };

/** The words of each kind of payment the desk records. */
export const PAYMENT_TEXTS = {
  transfer: {
    heading: 'staff.transfer.heading',
    intro: 'staff.transfer.intro',
    amountHint: 'staff.transfer.amountHint',
    reference: 'staff.transfer.reference',
    submit: 'staff.transfer.submit',
    recorded: 'staff.transfer.recorded',
    refused: 'staff.transfer.refused',
    error: 'staff.transfer.error',
  },
  rest: {
    heading: 'staff.rest.heading',
    intro: 'staff.rest.intro',
    amountHint: 'staff.rest.amountHint',
    reference: 'staff.rest.reference',
    submit: 'staff.rest.submit',
    recorded: 'staff.rest.recorded',
    refused: 'staff.rest.refused',
    error: 'staff.rest.error',
  },
} as const satisfies Record<PaymentKind, Record<string, MessageKey>>;

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
  /** A bank transfer the order awaits, or the rest its advance payment left. */
  kind: PaymentKind;
  /** The booking code the order was looked up by. */
  code: string;
  onRecorded: () => void;
  /** A refusal for the page to show; null when a new attempt starts. */
  onProblem: (problem: TransferProblem | null) => void;
};

/**
 * "Record bank transfer" (or "record the rest paid at the guesthouse"):
 * the amount in złoty as the statement or receipt shows it (prefilled with
 * what the order awaits) and its reference.
 */
export function PaymentForm({ order, kind, code, onRecorded, onProblem }: Props) {
  const { t, locale, formatMoney } = useI18n();
  const texts = PAYMENT_TEXTS[kind];
  const awaited = kind === 'transfer' ? order.dueNow : laterAmount(order);
  const headingId = useId();
  const record = useRecordPayment(code, locale, kind);
  // Taken before the request goes: a second click meanwhile sends nothing.
  const sending = useRef(false);
  const schema = useMemo(() => transferSchema(t, kind), [t, kind]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TransferValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: zlotyInput(awaited, locale), reference: '' },
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
      if (!showFieldErrors(error, setError)) onProblem({ kind, failure: staffFailure(error), message: serverMessage(error) });
    } finally {
      sending.current = false;
    }
  };

  return (
    <section className="staff-transfer" aria-labelledby={headingId}>
      <h3 id={headingId}>{t(texts.heading)}</h3>
      <p className="staff-transfer__intro">{t(texts.intro)}</p>
      <form className="form" aria-labelledby={headingId} noValidate onSubmit={(event) => void handleSubmit(send)(event)}>
        <div className="form__row">
          <TextField
            label={t('staff.transfer.amount')}
            hint={t(texts.amountHint, { amount: formatMoney(awaited, order.totals.currency) })}
            inputMode="decimal"
            autoComplete="off"
            required
            error={errors.amount?.message}
            {...register('amount')}
          />
          <TextField
            label={t(texts.reference)}
            hint={t('staff.transfer.referenceHint', { max: REFERENCE_MAX_LENGTH })}
            autoComplete="off"
            spellCheck={false}
            required
            error={errors.reference?.message}
            {...register('reference')}
          />
        </div>
        <SubmitButton busy={record.isPending} busyLabel={t('staff.transfer.busy')}>
          {t(texts.submit)}
        </SubmitButton>
      </form>
    </section>
  );
}
