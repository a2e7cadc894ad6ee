import { useId, useRef, useState, type ReactNode } from 'react';

import { CheckboxField, SubmitButton, TextField } from '@/components/ui/form-fields';
import { useCheckoutSettings, useGuesthouseSettings, useMailSettings, usePaymentSettings, useTestPayment } from '@/features/staff/api/settings';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import { formatIban, normalizeBic } from '@/features/staff/utils/iban';
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
import type {
  CheckoutSettings,
  CheckoutSettingsChange,
  PaymentMethodState,
  PaymentSettings,
  PaymentSettingsChange,
  TestPayment,
} from '@/types/api';

import '@/features/staff/staff.css';

import { useFocusFirstError } from './use-focus-first-error';
import { DeskStatus, deskFailure } from './desk-status';
import { LastChanged, useMomentText } from './facts';
import { GuesthouseSection } from './guesthouse-settings';
import { refusal, useOutcome, type Save } from './settings-section';

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
  bic: 'bankAccount.bic',
};

/**
 * The settings (`/backend/settings`, administrators): the guesthouse's
 * details (its name, address, phones, desks and position), the home page's
 * welcome and banner slides, the terms of a
 * booking (the advance payment, how long unpaid nights stay held, the
 * cancellation terms) and the payment methods guests are offered with the
 * bank account for transfers. The providers' keys and the mail password are
 * the server environment's; the page only says whether a provider has them.
 */
export function SettingsDesk({ loginHref, homePage }: { loginHref: string; homePage?: ReactNode }) {
  const { t, locale } = useI18n();
  const guesthouse = useGuesthouseSettings(locale);
  const checkout = useCheckoutSettings(locale);
  const payments = usePaymentSettings(locale);
  const queries = [guesthouse.query, checkout.query, payments.query];
  // One status for all: the first failure, a retry asks again for each.
  const all = {
    isPending: queries.some((query) => query.isPending),
    isError: queries.some((query) => query.isError),
    isFetching: queries.some((query) => query.isFetching),
    error: queries.find((query) => query.error)?.error ?? null,
    refetch: () => Promise.all(queries.map((query) => query.refetch())),
  };
  const failure = deskFailure(all);
  const access = failure === 'login' || failure === 'forbidden';
  const guesthouseData = access ? undefined : guesthouse.query.data;
  const checkoutData = access ? undefined : checkout.query.data;
  const paymentData = access ? undefined : payments.query.data;

  return (
    <div className="staff-desk staff-settings">
      <DeskStatus query={all} loading="staff.settings.loading" loadError="staff.settings.loadError" words={ACCESS} loginHref={loginHref} />
      {(checkoutData || paymentData) && <p className="staff-notice">{t('staff.settings.secrets')}</p>}
      {guesthouseData && (
        <GuesthouseSection
          changed={<LastChanged at={guesthouseData.updatedAt} by={guesthouseData.updatedBy} className="staff-settings__changed" />}
          initial={guesthouseData.details}
          save={guesthouse.save}
        />
      )}
      {guesthouseData && homePage}
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


/** The checkout form's fields are the server's names. */
const CHECKOUT_SERVER_FIELDS = Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field, field])) as Record<CheckoutField, string>;

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
    // A bank transfer depends on the account: a refusal of the methods may no longer hold either, nor of the BIC (its country is the IBAN's).
    setErrors((current) => ({ ...current, [field]: undefined, methods: undefined, ...(field === 'iban' && { bic: undefined }) }));
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
      const { holder, iban, bic } = checked.problems;
      focusError();
      return setErrors({
        holder: holder && t('staff.settings.holderRequired'),
        iban: iban && t(iban === 'required' ? 'staff.settings.ibanRequired' : 'staff.settings.ibanInvalid'),
        bic: bic && t(bic === 'invalid' ? 'staff.settings.bicInvalid' : 'staff.settings.bicCountry'),
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
            <TextField
              label={t('staff.settings.bic')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              value={form.bic}
              error={errors.bic}
              hint={t('staff.settings.bicHint')}
              onChange={(event) => set('bic', event.target.value)}
              // In upper case without spaces once typed, as it is sent.
              onBlur={() => setForm((current) => ({ ...current, bic: normalizeBic(current.bic) }))}
            />
          </div>
        </fieldset>
        <SubmitButton busy={save.isPending} busyLabel={t('staff.settings.saving')}>
          {t('staff.settings.payments.save')}
        </SubmitButton>
      </form>
      <PaymentTests available={available} />
    </section>
  );
}

type OnlineCode = Exclude<MethodCode, 'bank_transfer'>;
const isOnline = (code: string): code is OnlineCode => code === 'przelewy24' || code === 'paypal';

/**
 * A test payment with each online provider whose keys are set: its
 * registration's outcome, with the provider's page to open (paying it is
 * refused by the shop, so the provider gives it back).
 */
function PaymentTests({ available }: { available: PaymentMethodState[] }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const test = useTestPayment(locale);
  const [outcome, setOutcome] = useState<{ method: OnlineCode; result: TestPayment } | { failed: true } | null>(null);
  const online = available.filter((m) => m.ready && isOnline(m.code)).map((m) => m.code as OnlineCode);
  if (online.length === 0) return null;

  const run = async (method: OnlineCode) => {
    if (test.isPending) return;
    setOutcome(null);
    try {
      setOutcome({ method, result: await test.mutateAsync(method) });
    } catch {
      setOutcome({ failed: true });
    }
  };

  return (
    <div className="staff-settings__group" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('staff.settings.test.heading')}</h3>
      <p className="staff-settings__intro">{t('staff.settings.test.intro')}</p>
      <div className="staff-settings__actions">
        {online.map((method) => (
          <button key={method} type="button" className="button" aria-disabled={test.isPending} onClick={() => void run(method)}>
            {test.isPending && test.variables === method
              ? t('staff.settings.test.running')
              : t('staff.settings.test.run', { method: t(METHOD_WORDS[method]) })}
          </button>
        ))}
      </div>
      <div aria-live="polite">
        {outcome && 'failed' in outcome && <p className="staff-notice">{t('staff.settings.test.error')}</p>}
        {outcome && 'result' in outcome && outcome.result.registered && (
          <p className="staff-settings__state">
            {t('staff.settings.test.registered', { method: t(METHOD_WORDS[outcome.method]) })}{' '}
            <a href={outcome.result.url} target="_blank" rel="noopener noreferrer">
              {t('staff.settings.test.open')} <span className="sr-only">{t('staff.newWindow')}</span>
            </a>
          </p>
        )}
        {outcome && 'result' in outcome && !outcome.result.registered && (
          <p className="staff-notice">
            {t('staff.settings.test.refused', { method: t(METHOD_WORDS[outcome.method]), error: outcome.result.error })}
          </p>
        )}
      </div>
    </div>
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
