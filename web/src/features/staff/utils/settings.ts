/**
 * The settings' forms as the page types them, checked the way the server
 * checks them, and turned into the PUTs' bodies.
 */
import type {
  BankAccountSettings,
  CheckoutSettings,
  CheckoutSettingsChange,
  PaymentMethodState,
  PaymentSettings,
  PaymentSettingsChange,
} from '@/types/api';

import { checkBic, formatIban, isValidIban, normalizeBic, normalizeIban, type BicProblem } from './iban';

export type CheckoutField = keyof CheckoutSettingsChange;

/** Each number's range, both ends allowed (the server's limits). */
export const CHECKOUT_LIMITS: Record<CheckoutField, { min: number; max: number }> = {
  depositPercent: { min: 0, max: 100 },
  bankTransferHoldDays: { min: 1, max: 14 },
  onlineHoldMinutes: { min: 15, max: 1440 },
  cancellationFreeDays: { min: 0, max: 365 },
  cancellationFeePercent: { min: 0, max: 100 },
};

export const CHECKOUT_FIELDS = Object.keys(CHECKOUT_LIMITS) as CheckoutField[];

export type CheckoutForm = Record<CheckoutField, string>;

export const checkoutForm = (settings: CheckoutSettings): CheckoutForm =>
  Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field, String(settings[field])])) as CheckoutForm;

/** The body to save, or the fields out of their range (a whole number is expected). */
export function toCheckoutChange(form: CheckoutForm): { change: CheckoutSettingsChange } | { invalid: CheckoutField[] } {
  const invalid: CheckoutField[] = [];
  const change = {} as CheckoutSettingsChange;
  for (const field of CHECKOUT_FIELDS) {
    const text = form[field].trim();
    const value = Number(text);
    const { min, max } = CHECKOUT_LIMITS[field];
    if (!/^\d{1,5}$/.test(text) || value < min || value > max) invalid.push(field);
    else change[field] = value;
  }
  return invalid.length > 0 ? { invalid } : { change };
}

/** The methods a guest may be offered (the PUT takes no other). */
export const METHOD_CODES = ['bank_transfer', 'przelewy24', 'paypal'] as const;
export type MethodCode = (typeof METHOD_CODES)[number];
export const isMethodCode = (code: string): code is MethodCode => (METHOD_CODES as readonly string[]).includes(code);

export type AccountField = keyof BankAccountSettings;

export type PaymentForm = {
  /** The methods ticked, in the order the server lists them. */
  methods: MethodCode[];
} & Required<BankAccountSettings>;

export const paymentForm = (settings: PaymentSettings): PaymentForm => ({
  methods: settings.available.map((method) => method.code).filter((code): code is MethodCode => isMethodCode(code) && settings.methods.includes(code)),
  holder: settings.bankAccount?.holder ?? '',
  iban: formatIban(settings.bankAccount?.iban ?? ''),
  bank: settings.bankAccount?.bank ?? '',
  bic: settings.bankAccount?.bic ?? '',
});

/** A bank account is given: its holder and its IBAN (the bank's name may stay empty). */
export const accountGiven = (form: PaymentForm): boolean => form.holder.trim() !== '' && form.iban.trim() !== '';

/** Whether a method can be offered: the server's word, or for a bank transfer the account in the form. */
export const methodReady = (method: PaymentMethodState, form: PaymentForm): boolean =>
  method.code === 'bank_transfer' ? accountGiven(form) : method.ready;

/** What is wrong with a partly given account: a holder or an IBAN missing, an IBAN failing its check, a BIC not one or not of the IBAN's country. */
export type AccountProblems = { holder?: 'required'; iban?: 'required' | 'invalid'; bic?: BicProblem };

/**
 * The body to save, or what is wrong with the account. An account all
 * empty is none; a method no longer ready is not offered.
 */
export function toPaymentChange(
  form: PaymentForm,
  available: PaymentMethodState[],
): { change: PaymentSettingsChange } | { problems: AccountProblems } {
  const holder = form.holder.trim();
  const iban = normalizeIban(form.iban);
  const bank = form.bank.trim();
  const bic = normalizeBic(form.bic);
  const none = holder === '' && iban === '' && bank === '' && bic === '';
  if (!none) {
    const problems: AccountProblems = {};
    if (holder === '') problems.holder = 'required';
    if (iban === '') problems.iban = 'required';
    else if (!isValidIban(iban)) problems.iban = 'invalid';
    // The BIC's country is checked against an IBAN given (a missing one is said at its own field).
    const bicProblem = checkBic(bic, iban);
    if (bicProblem === 'invalid' || (bicProblem === 'country' && iban !== '')) problems.bic = bicProblem;
    if (Object.keys(problems).length > 0) return { problems };
  }
  const methods = available
    .filter((method) => methodReady(method, form))
    .map((method) => method.code)
    .filter((code): code is MethodCode => isMethodCode(code) && form.methods.includes(code));
  return { change: { methods, bankAccount: none ? null : { holder, iban, bank, bic } } };
}
