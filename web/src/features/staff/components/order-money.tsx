import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';

import { FormAlert, SubmitButton, TextField } from '@/components/ui/form-fields';
import { paymentKey, useRecordMoney } from '@/features/staff/api/desk-money';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import { parseZloty, zlotyInput } from '@/features/staff/utils/amount';
import { reversible } from '@/features/staff/utils/order';
import { moneySchema, REFERENCE_MAX_LENGTH, type MoneyValues } from '@/features/staff/utils/schemas';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { DeskMethod, NewPayment, PaymentRecord, StaffOrder } from '@/types/api';

import { AccessNotice } from './access-notice';
import { Moment } from './facts';
import { useOrderWords } from './order-words';

const METHODS: readonly DeskMethod[] = ['bank_transfer', 'card_terminal', 'cash'];

type Props = {
  order: StaffOrder;
  /** The booking code the order was looked up by. */
  code: string;
  /** Where a session that ended logs in again. */
  loginHref: string;
  /** Said once a record is kept (announced by the page). */
  onRecorded: (message: string) => void;
};

/**
 * The order's money at the front desk: every payment as recorded (none
 * edited; a wrong one reversed by another), and the form that records
 * money received in any part: the amount (what is open, prefilled), how it
 * came and its reference.
 */
export function OrderMoney({ order, code, loginHref, onRecorded }: Props) {
  const { t, locale, formatMoney } = useI18n();
  const words = useOrderWords();
  const headingId = useId();
  const formId = useId();
  const methodId = useId();
  const record = useRecordMoney(code, locale);
  // One key per payment: a retry after a lost answer records nothing twice.
  const [key, setKey] = useState(paymentKey);
  const sending = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [access, setAccess] = useState<'login' | 'forbidden' | null>(null);
  const [reversing, setReversing] = useState<PaymentRecord | null>(null);
  const cancelled = order.state === 'cancelled';
  const schema = useMemo(() => moneySchema(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<MoneyValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: order.open > 0 ? zlotyInput(order.open, locale) : '', method: 'bank_transfer', reference: '' },
  });
  const money = (amount: number) => formatMoney(amount, order.totals.currency);

  const send = async (payment: NewPayment, done: string) => {
    if (sending.current) return;
    sending.current = true;
    setProblem(null);
    setAccess(null);
    try {
      const answer = await record.mutateAsync({ payment, key });
      setKey(paymentKey());
      setReversing(null);
      reset({ amount: answer.open > 0 ? zlotyInput(answer.open, locale) : '', method: payment.method, reference: '' });
      onRecorded(done);
    } catch (error) {
      const field = error instanceof ApiError ? error.errors.find((e) => e.field === 'amount' || e.field === 'reference') : undefined;
      if (field && !payment.reverses) {
        setError(field.field as 'amount' | 'reference', { type: 'server', message: field.message }, { shouldFocus: true });
      } else {
        const failure = staffFailure(error);
        if (failure === 'login' || failure === 'forbidden') setAccess(failure);
        else setProblem(failure === 'other' ? t('staff.money.error') : serverMessage(error));
      }
    } finally {
      sending.current = false;
    }
  };

  const submit = ({ amount, method, reference }: MoneyValues) => {
    const grosze = parseZloty(amount);
    if (grosze === null) return;
    const payment = { amount: grosze, method: method as DeskMethod, reference: reference.trim() };
    void send(payment, t('staff.money.recorded', { amount: money(grosze), code: order.bookingCode }));
  };

  const reverse = (record: PaymentRecord, reason: string) => {
    const method = METHODS.includes(record.provider as DeskMethod) ? (record.provider as DeskMethod) : 'cash';
    const payment = { amount: record.amount, method, reference: reason.trim(), reverses: record.id };
    void send(payment, t('staff.money.reversed', { amount: money(record.amount) }));
  };

  return (
    <section className="staff-money" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('staff.money.heading')}</h3>
      <p>
        {t('staff.money.summary', { received: money(order.received), open: money(order.open) })}
      </p>
      {order.payments.length === 0 ? (
        <p className="staff-notice">{t('staff.money.none')}</p>
      ) : (
        <div className="staff-order__table">
          <table className="staff-order__lines">
            <caption className="sr-only">{t('staff.money.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.money.at')}</th>
                <th scope="col">{t('staff.money.method')}</th>
                <th scope="col">{t('staff.money.amount')}</th>
                <th scope="col">{t('staff.money.reference')}</th>
                <th scope="col">{t('staff.money.state')}</th>
                <th scope="col">{t('staff.money.who')}</th>
              </tr>
            </thead>
            <tbody>
              {order.payments.map((payment) => (
                <tr key={payment.id}>
                  <td>{payment.at ? <Moment iso={payment.at} /> : null}</td>
                  <td>{words.methodOf(payment.provider)}</td>
                  <td>{money(payment.amount)}</td>
                  <td>{payment.reference}</td>
                  <td>
                    {words.paymentRecordOf(payment.state)}
                    {payment.dueBack > 0 && payment.state !== 'reversed' ? ` (${t('staff.money.dueBack', { amount: money(payment.dueBack) })})` : null}
                    {payment.reversedBy ? ` · ${t('staff.money.wasReversed')}` : null}
                  </td>
                  <td>
                    {payment.staff ?? t('staff.money.guest')}
                    {!cancelled && reversible(payment) && reversing?.id !== payment.id && (
                      <button type="button" className="button button--link" onClick={() => setReversing(payment)}>
                        {t('staff.money.reverse', { amount: money(payment.amount) })}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {reversing && <ReversalForm record={reversing} busy={record.isPending} onReverse={reverse} onCancel={() => setReversing(null)} />}
      {access && <AccessNotice failure={access} loginHref={loginHref} />}
      {problem && (
        <FormAlert>
          <p>
            <strong>{t('staff.money.refused')}</strong>
          </p>
          <p>{problem}</p>
        </FormAlert>
      )}
      {!cancelled && (
        <form className="form" aria-labelledby={formId} noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
          <h4 id={formId}>{t('staff.money.formHeading')}</h4>
          <div className="form__row">
            <TextField
              label={t('staff.money.amount')}
              hint={t('staff.money.amountHint', { amount: money(order.open) })}
              inputMode="decimal"
              autoComplete="off"
              required
              error={errors.amount?.message}
              {...register('amount')}
            />
            <div className="field form-field">
              <label className="field__label" htmlFor={methodId}>
                {t('staff.money.method')}
              </label>
              <select id={methodId} className="field__control form-field__input" {...register('method')}>
                {METHODS.map((method) => (
                  <option key={method} value={method}>
                    {words.methodOf(method)}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              label={t('staff.money.reference')}
              hint={t('staff.transfer.referenceHint', { max: REFERENCE_MAX_LENGTH })}
              autoComplete="off"
              spellCheck={false}
              required
              error={errors.reference?.message}
              {...register('reference')}
            />
          </div>
          <SubmitButton busy={record.isPending} busyLabel={t('staff.transfer.busy')}>
            {t('staff.money.submit')}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}

/** Why a record is reversed, then the reversal. */
function ReversalForm({
  record,
  busy,
  onReverse,
  onCancel,
}: {
  record: PaymentRecord;
  busy: boolean;
  onReverse: (record: PaymentRecord, reason: string) => void;
  onCancel: () => void;
}) {
  const { t, formatMoney } = useI18n();
  const headingId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      className="form staff-money__reversal"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() === '') return setMissing(true);
        onReverse(record, reason);
      }}
    >
      <h4 id={headingId}>{t('staff.money.reversalHeading', { amount: formatMoney(record.amount, 'PLN'), reference: record.reference })}</h4>
      <TextField
        label={t('staff.money.reason')}
        autoComplete="off"
        required
        maxLength={REFERENCE_MAX_LENGTH}
        value={reason}
        error={missing ? t('staff.money.reasonRequired') : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setMissing(false);
        }}
      />
      <div className="staff-money__actions">
        <SubmitButton busy={busy} busyLabel={t('staff.transfer.busy')}>
          {t('staff.money.confirmReversal')}
        </SubmitButton>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('staff.money.keep')}
        </button>
      </div>
    </form>
  );
}
