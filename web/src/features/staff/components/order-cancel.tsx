import { useId, useRef, useState } from 'react';

import { FormAlert, SubmitButton, TextField } from '@/components/ui/form-fields';
import { useCancellationQuote, useCancelOrder } from '@/features/staff/api/desk-money';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import { parseZloty, zlotyInput } from '@/features/staff/utils/amount';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { StaffOrder } from '@/types/api';

import { Fact } from './facts';

type Props = {
  order: StaffOrder;
  code: string;
  onCancelled: (message: string) => void;
};

/**
 * "Cancel booking…": the policy's quote (what is kept, what goes back) is
 * asked for when the desk opens it and shown before confirming; the fee
 * may be lowered or waived. The cancellation names the order's version as
 * read: someone's change meanwhile is refused and the order shown afresh.
 */
export function OrderCancel({ order, code, onCancelled }: Props) {
  const { t, locale, formatMoney, formatDate } = useI18n();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const quote = useCancellationQuote(code, locale, open);
  const cancel = useCancelOrder(code, locale);
  const sending = useRef(false);
  const [fee, setFee] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [feeError, setFeeError] = useState<string | null>(null);
  if (order.state === 'cancelled') return null;
  const money = (amount: number) => formatMoney(amount, order.totals.currency);
  const q = quote.data;
  const typed = fee ?? (q ? zlotyInput(q.fee, locale) : '');

  const confirm = async () => {
    if (!q || sending.current) return;
    const grosze = typed.trim() === '' ? 0 : parseZloty(typed);
    if (grosze === null || grosze > q.fee) {
      setFeeError(t('staff.cancel.feeInvalid', { max: money(q.fee) }));
      return;
    }
    sending.current = true;
    setProblem(null);
    try {
      await cancel.mutateAsync({ version: q.version, fee: grosze });
      onCancelled(t('staff.cancel.done', { code: order.bookingCode }));
    } catch (error) {
      const beside = error instanceof ApiError && error.errors.some((e) => e.field === 'fee');
      if (beside) setFeeError(serverMessage(error, 'fee'));
      // A refusal (409) reloads the order, and with it this quote.
      else setProblem(staffFailure(error) === 'other' ? t('staff.cancel.error') : serverMessage(error));
    } finally {
      sending.current = false;
    }
  };

  if (!open) {
    return (
      <p>
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t('staff.cancel.open')}
        </button>
      </p>
    );
  }
  return (
    <section className="staff-cancel" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('staff.cancel.heading')}</h3>
      {quote.isPending && (
        <p className="status status--loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="status__text">{t('staff.cancel.loading')}</span>
        </p>
      )}
      {quote.isError && (
        <FormAlert>
          <p>{staffFailure(quote.error) === 'other' ? t('staff.cancel.error') : serverMessage(quote.error)}</p>
        </FormAlert>
      )}
      {q && (
        <form
          className="form"
          aria-labelledby={headingId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <p>
            {q.freeUntil
              ? t('staff.cancel.policy', { days: q.freeDays, percent: q.feePercent, date: formatDate(q.freeUntil) })
              : t('staff.cancel.noStay')}
          </p>
          <dl className="staff-order__facts">
            <Fact label={t('staff.cancel.received')}>{money(q.received)}</Fact>
            <Fact label={t('staff.cancel.fee')}>{money(q.fee)}</Fact>
            {q.vouchersKept > 0 && <Fact label={t('staff.cancel.vouchersKept')}>{money(q.vouchersKept)}</Fact>}
            <Fact label={t('staff.cancel.refund')}>{money(q.refund)}</Fact>
          </dl>
          {q.fee > 0 && (
            <TextField
              label={t('staff.cancel.feeLabel')}
              hint={t('staff.cancel.feeHint', { max: money(q.fee) })}
              inputMode="decimal"
              autoComplete="off"
              value={typed}
              error={feeError ?? undefined}
              onChange={(event) => {
                setFee(event.target.value);
                setFeeError(null);
              }}
            />
          )}
          {problem && (
            <FormAlert>
              <p>
                <strong>{t('staff.cancel.refused')}</strong>
              </p>
              <p>{problem}</p>
            </FormAlert>
          )}
          <div className="staff-money__actions">
            <SubmitButton busy={cancel.isPending} busyLabel={t('staff.transfer.busy')}>
              {t('staff.cancel.confirm')}
            </SubmitButton>
            <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
              {t('staff.cancel.keep')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
