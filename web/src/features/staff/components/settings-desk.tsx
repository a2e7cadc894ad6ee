import { useId, useRef, useState, type ReactNode } from 'react';

import { CheckboxField, FormAlert, SubmitButton, TextField } from '@/components/ui/form-fields';
import { useCheckoutSettings, useMailSettings, usePaymentSettings } from '@/features/staff/api/settings';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import { formatIban } from '@/features/staff/utils/iban';
import {
  CHECKOUT_FIELDS,
  checkoutForm,
  isMethodCode,
  methodReady,
  paymentForm,
  toCheckoutChange,
  toPaymentChange,
  type AccountField,
  type CheckoutField,
  type CheckoutForm,
  type MethodCode,
  type PaymentForm,
} from '@/features/staff/utils/settings';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import type { CheckoutSettings, CheckoutSettingsChange, PaymentMethodState, PaymentSettings, PaymentSettingsChange } from '@/types/api';

import '@/features/staff/staff.css';

import { useFocusFirstError } from './use-focus-first-error';
import { DeskStatus, deskFailure } from './desk-status';
import { LastChanged, useMomentText } from './facts';

const ACCESS = { login: 'staff.settings.loginNeeded', forbidden: 'staff.settings.forbidden' } as const;

const CHECKOUT_WORDS: Record<CheckoutField, { label: MessageKey; hint: MessageKey; range: MessageKey }> = {
  depositPercent: { label: 'staff.settings.deposit', hint: 'staff.settings.depositHint', range: 'staff.settings.depositRange' },
  bankTransferHoldDays: { label: 'staff.settings.transferHold', hint: 'staff.settings.transferHoldHint', range: 'staff.settings.transferHoldRange' },
  onlineHoldMinutes: { label: 'staff.settings.onlineHold', hint: 'staff.settings.onlineHoldHint', range: 'staff.settings.onlineHoldRange' },
  cancellationFreeDays: { label: 'staff.settings.freeCancellation', hint: 'staff.settings.freeCancellationHint', range: 'staff.settings.freeCancellationRange' },
  cancellationFeePercent: { label: 'staff.settings.cancellationFee', hint: 'staff.settings.cancellationFeeHint', range: 'staff.settings.cancellationFeeRange' },
};

const METHOD_WORDS: Record<MethodCode, MessageKey> = {
  bank_transfer: 'staff.method.bank_transfer',
  przelewy24: 'staff.method.przelewy24',
  paypal: 'staff.method.paypal',
};

/** The payments form's fields by the server's names of them. */
type PaymentField = 'methods' | AccountField;
const PAYMENT_FIELDS: Record<PaymentField, string> = {
  methods: 'methods',
  holder: 'bankAccount.holder',
  iban: 'bankAccount.iban',
  bank: 'bankAccount.bank',
};

/**
 * The settings (`/backend/settings`, administrators): the terms of a
 * booking (the advance payment, how long unpaid nights stay held, the
 * cancellation terms) and the payment methods guests are offered with the
 * bank account for transfers. The providers' keys and the mail password are
 * the server environment's; the page only says whether a provider has them.
 */
export function SettingsDesk({ loginHref }: { loginHref: string }) {
  const { t, locale } = useI18n();
  const checkout = useCheckoutSettings(locale);
  const payments = usePaymentSettings(locale);
  // One status for both: the first failure, a retry asks again for both.
  const both = {
    isPending: checkout.query.isPending || payments.query.isPending,
    isError: checkout.query.isError || payments.query.isError,
    isFetching: checkout.query.isFetching || payments.query.isFetching,
    error: checkout.query.error ?? payments.query.error,
    refetch: () => Promise.all([checkout.query.refetch(), payments.query.refetch()]),
  };
  const failure = deskFailure(both);
  const access = failure === 'login' || failure === 'forbidden';
  const checkoutData = access ? undefined : checkout.query.data;
  const paymentData = access ? undefined : payments.query.data;

  return (
    <div className="staff-desk staff-settings">
      <DeskStatus query={both} loading="staff.settings.loading" loadError="staff.settings.loadError" words={ACCESS} loginHref={loginHref} />
      {(checkoutData || paymentData) && <p className="staff-notice">{t('staff.settings.secrets')}</p>}
      {checkoutData && (
        <CheckoutSection changed={<LastChanged at={checkoutData.updatedAt} by={checkoutData.updatedBy} className="staff-settings__changed" />} initial={checkoutForm(checkoutData)} save={checkout.save} />
      )}
      {paymentData && (
        <PaymentsSection
          changed={<LastChanged at={paymentData.updatedAt} by={paymentData.updatedBy} className="staff-settings__changed" />}
          initial={paymentForm(paymentData)}
          available={paymentData.available}
          accountSet={paymentData.bankAccount !== null}
          save={payments.save}
        />
      )}
      {(checkoutData || paymentData) && <MailSection />}
    </div>
  );
}

/**
 * How e-mails leave: a mail server set or not (its password stays in the
 * environment), the sender, a test e-mail to any address and how the last
 * ones went (asked again while one waits).
 */
function MailSection() {
  const { t, locale } = useI18n();
  const headingId = useId();
  const { query, send } = useMailSettings(locale);
  const moment = useMomentText();
  const outcome = useOutcome();
  const [recipient, setRecipient] = useState('');
  const [error, setError] = useState<string | undefined>();
  const busy = useRef(false);
  const mail = query.data;
  if (!mail) return null;

  const submit = async () => {
    if (busy.current) return;
    outcome.setAlert(null);
    outcome.setDone(null);
    const address = recipient.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) return setError(t('staff.settings.mail.recipientInvalid'));
    busy.current = true;
    try {
      await send.mutateAsync(address);
      outcome.setDone(t('staff.settings.mail.queued', { recipient: address }));
    } catch (failure) {
      const named = failure instanceof ApiError && failure.errors.some((e) => e.field === 'recipient');
      if (named) setError(t('staff.settings.mail.recipientInvalid'));
      else outcome.setAlert(staffFailure(failure) === 'other' ? t('staff.settings.mail.error') : serverMessage(failure));
    } finally {
      busy.current = false;
    }
  };

  return (
    <section className="staff-settings__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('staff.settings.mail.heading')}</h2>
      <p>{t(mail.smtp ? 'staff.settings.mail.smtp' : 'staff.settings.mail.files')}</p>
      <p>{t('staff.settings.mail.sender', { sender: mail.sender })}</p>
      {outcome.shown}
      <form
        className="form"
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t('staff.settings.mail.recipient')}
          type="email"
          autoComplete="email"
          required
          value={recipient}
          error={error}
          onChange={(event) => {
            setRecipient(event.target.value);
            setError(undefined);
          }}
        />
        <SubmitButton busy={send.isPending} busyLabel={t('staff.settings.mail.sending')}>
          {t('staff.settings.mail.send')}
        </SubmitButton>
      </form>
      {mail.tests.length > 0 && (
        <>
          <h3>{t('staff.settings.mail.tests')}</h3>
          <ul className="staff-settings__mails">
            {mail.tests.map((test) => (
              <li key={`${test.queuedAt}-${test.recipient}`}>
                {test.sentAt
                  ? t('staff.settings.mail.sent', { recipient: test.recipient, when: moment(test.sentAt) })
                  : test.lastError
                    ? t('staff.settings.mail.failed', { recipient: test.recipient, attempts: test.attempts, error: test.lastError })
                    : t('staff.settings.mail.waiting', { recipient: test.recipient, when: moment(test.queuedAt) })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}


/** A save's outcome: a refusal of the whole form, or the confirmation (announced). */
function useOutcome() {
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const shown = (
    <>
      <div className="staff-settings__status" role="status">
        {done && <p className="staff-notice staff-notice--success">{done}</p>}
      </div>
      {alert && (
        <FormAlert>
          <p>{alert}</p>
        </FormAlert>
      )}
    </>
  );
  return { setAlert, setDone, shown };
}


/** The fields the server refused (400 or 422 naming them) with its messages, by the form's names; none when it named none of the form's. */
function namedErrors<F extends string>(error: unknown, fields: Record<F, string>): Partial<Record<F, string>> {
  if (staffFailure(error) !== 'invalid' || !(error instanceof ApiError)) return {};
  const named = error.errors.map((e) => e.field);
  const found = (Object.keys(fields) as F[]).filter((field) => named.includes(fields[field]));
  return Object.fromEntries(found.map((field) => [field, serverMessage(error, fields[field])])) as Partial<Record<F, string>>;
}

/** A save refused: on its fields when the server names them, else for the whole form. */
function refusal<F extends string>(error: unknown, fields: Record<F, string>, fallback: string): { errors: Partial<Record<F, string>> } | { alert: string } {
  const errors = namedErrors(error, fields);
  if (Object.keys(errors).length > 0) return { errors };
  return { alert: staffFailure(error) === 'other' ? fallback : serverMessage(error) };
}

/** The checkout form's fields are the server's names. */
const CHECKOUT_SERVER_FIELDS = Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field, field])) as Record<CheckoutField, string>;

type Save<C, T> = { mutateAsync: (change: C) => Promise<T>; isPending: boolean };

function CheckoutSection({
  initial,
  changed,
  save,
}: {
  initial: CheckoutForm;
  changed: ReactNode;
  save: Save<CheckoutSettingsChange, CheckoutSettings>;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const [form, setForm] = useState<CheckoutForm>(initial);
  const [errors, setErrors] = useState<Partial<Record<CheckoutField, string>>>({});
  const outcome = useOutcome();
  const { form: formRef, focusError } = useFocusFirstError(errors);
  const busy = useRef(false);

  const set = (field: CheckoutField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    if (busy.current) return;
    outcome.setAlert(null);
    outcome.setDone(null);
    const checked = toCheckoutChange(form);
    if ('invalid' in checked) {
      focusError();
      return setErrors(Object.fromEntries(checked.invalid.map((field) => [field, t(CHECKOUT_WORDS[field].range)])));
    }
    busy.current = true;
    try {
      const saved = await save.mutateAsync(checked.change);
      setForm(checkoutForm(saved));
      setErrors({});
      outcome.setDone(t('staff.settings.checkout.saved'));
    } catch (error) {
      const refused = refusal(error, CHECKOUT_SERVER_FIELDS, t('staff.settings.error'));
      if ('alert' in refused) return outcome.setAlert(refused.alert);
      focusError();
      setErrors(refused.errors);
    } finally {
      busy.current = false;
    }
  };

  const field = (name: CheckoutField) => (
    <TextField
      label={t(CHECKOUT_WORDS[name].label)}
      inputMode="numeric"
      autoComplete="off"
      required
      value={form[name]}
      error={errors[name]}
      hint={t(CHECKOUT_WORDS[name].hint)}
      onChange={(event) => set(name, event.target.value)}
    />
  );

  return (
    <section className="staff-settings__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('staff.settings.checkout.heading')}</h2>
      <p>{t('staff.settings.checkout.intro')}</p>
      {changed}
      {outcome.shown}
      <form
        ref={formRef}
        className="form"
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {field('depositPercent')}
        <div className="form__row">
          {field('bankTransferHoldDays')}
          {field('onlineHoldMinutes')}
        </div>
        <div className="form__row">
          {field('cancellationFreeDays')}
          {field('cancellationFeePercent')}
        </div>
        <SubmitButton busy={save.isPending} busyLabel={t('staff.settings.saving')}>
          {t('staff.settings.checkout.save')}
        </SubmitButton>
      </form>
    </section>
  );
}

function PaymentsSection({
  initial,
  available,
  accountSet,
  changed,
  save,
}: {
  initial: PaymentForm;
  available: PaymentMethodState[];
  /** A bank account is saved (else guests are not offered a bank transfer). */
  accountSet: boolean;
  changed: ReactNode;
  save: Save<PaymentSettingsChange, PaymentSettings>;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const methodsErrorId = useId();
  const [form, setForm] = useState<PaymentForm>(initial);
  const [errors, setErrors] = useState<Partial<Record<PaymentField, string>>>({});
  const outcome = useOutcome();
  const { form: formRef, focusError } = useFocusFirstError(errors);
  const busy = useRef(false);

  const set = (field: AccountField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A bank transfer depends on the account: a refusal of the methods may no longer hold either.
    setErrors((current) => ({ ...current, [field]: undefined, methods: undefined }));
  };
  const tick = (code: MethodCode, on: boolean) => {
    setForm((current) => ({ ...current, methods: on ? [...current.methods, code] : current.methods.filter((c) => c !== code) }));
    setErrors((current) => ({ ...current, methods: undefined }));
  };

  const submit = async () => {
    if (busy.current) return;
    outcome.setAlert(null);
    outcome.setDone(null);
    const checked = toPaymentChange(form, available);
    if ('problems' in checked) {
      const { holder, iban } = checked.problems;
      focusError();
      return setErrors({
        holder: holder && t('staff.settings.holderRequired'),
        iban: iban && t(iban === 'required' ? 'staff.settings.ibanRequired' : 'staff.settings.ibanInvalid'),
      });
    }
    busy.current = true;
    try {
      const saved = await save.mutateAsync(checked.change);
      setForm(paymentForm(saved));
      setErrors({});
      outcome.setDone(t('staff.settings.payments.saved'));
    } catch (error) {
      const refused = refusal(error, PAYMENT_FIELDS, t('staff.settings.error'));
      if ('alert' in refused) return outcome.setAlert(refused.alert);
      focusError();
      setErrors(refused.errors);
    } finally {
      busy.current = false;
    }
  };

  return (
    <section className="staff-settings__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('staff.settings.payments.heading')}</h2>
      <p>{t('staff.settings.payments.intro')}</p>
      {changed}
      {!accountSet && <p className="staff-notice">{t('staff.settings.noAccount')}</p>}
      {outcome.shown}
      <form
        ref={formRef}
        className="form"
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className="staff-settings__group" aria-describedby={errors.methods ? methodsErrorId : undefined}>
          <legend>{t('staff.settings.methods')}</legend>
          {available.map((method) => (
            <MethodChoice
              key={method.code}
              method={method}
              ready={methodReady(method, form)}
              checked={isMethodCode(method.code) && form.methods.includes(method.code)}
              onChange={(on) => {
                if (isMethodCode(method.code)) tick(method.code, on);
              }}
            />
          ))}
          {errors.methods && (
            <p id={methodsErrorId} className="field__error">
              {errors.methods}
            </p>
          )}
        </fieldset>
        <fieldset className="staff-settings__group">
          <legend>{t('staff.settings.account')}</legend>
          <p className="staff-settings__intro">{t('staff.settings.accountIntro')}</p>
          <TextField label={t('staff.settings.holder')} autoComplete="off" maxLength={200} value={form.holder} error={errors.holder} onChange={(event) => set('holder', event.target.value)} />
          <div className="form__row">
            <TextField
              label={t('staff.settings.iban')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={50}
              value={form.iban}
              error={errors.iban}
              hint={t('staff.settings.ibanHint')}
              onChange={(event) => set('iban', event.target.value)}
              // Grouped as it is printed once typed (not while typing: the caret would jump).
              onBlur={() => setForm((current) => ({ ...current, iban: formatIban(current.iban) }))}
            />
            <TextField label={t('staff.settings.bank')} autoComplete="off" maxLength={200} value={form.bank} error={errors.bank} onChange={(event) => set('bank', event.target.value)} />
          </div>
        </fieldset>
        <SubmitButton busy={save.isPending} busyLabel={t('staff.settings.saving')}>
          {t('staff.settings.payments.save')}
        </SubmitButton>
      </form>
    </section>
  );
}

/**
 * A method to offer, with whether it can be: a provider once the server
 * has its keys, a bank transfer once the form has an account. One that
 * cannot is not ticked and says why.
 */
function MethodChoice({ method, ready, checked, onChange }: { method: PaymentMethodState; ready: boolean; checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useI18n();
  const stateId = useId();
  const state: MessageKey =
    method.code === 'bank_transfer'
      ? ready
        ? 'staff.settings.accountGiven'
        : 'staff.settings.needsAccount'
      : method.ready
        ? 'staff.settings.keysSet'
        : 'staff.settings.noKeys';
  return (
    <CheckboxField
      label={isMethodCode(method.code) ? t(METHOD_WORDS[method.code]) : method.code}
      checked={ready && checked}
      disabled={!ready}
      aria-describedby={stateId}
      onChange={(event) => onChange(event.target.checked)}
      extra={
        <p id={stateId} className={ready ? 'form-check__extra staff-settings__state' : 'form-check__extra staff-settings__state staff-settings__state--off'}>
          {t(state)}
        </p>
      }
    />
  );
}
