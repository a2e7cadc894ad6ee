/**
 * The checkout forms' values and their checks (react-hook-form + zod): the
 * server's rules (src/lib/rules/fields.ts, the password's src/lib/rules/password.ts) with messages in the page's language. Every
 * wrong field is reported at once, under the name the server's answer uses
 * for it (`customer.email`, `billingAddress.vatNumber`; a voucher's `for`,
 * `email`, ...), so the server's own field errors land on the same fields.
 */
import { z } from 'zod';

import type { MessageKey } from '@/lib/i18n/messages';
import type { Translate } from '@/lib/i18n/translate';
import {
  COUNTRIES,
  isFilled,
  isValidEmail,
  isValidPhone,
  isValidPostcode,
  isValidVatNumber,
  MAX_LINE,
  MAX_NAME,
  MAX_NOTES,
  MAX_VOUCHER_MESSAGE,
  MAX_VOUCHER_NAME,
} from '@/lib/rules/fields';
import { passwordProblem, type PasswordProblem } from '@/lib/rules/password';

const country = z.enum(COUNTRIES);

export const personalShape = z.object({
  customer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  billingAddress: z.object({
    invoiceRequired: z.boolean(),
    company: z.string(),
    vatNumber: z.string(),
    street: z.string(),
    postcode: z.string(),
    city: z.string(),
    countryCode: country,
  }),
  notes: z.string(),
  regulationsAccepted: z.boolean(),
  password: z.string(),
});

export type PersonalValues = z.infer<typeof personalShape>;

/** The form's field names in the order they are shown: the first wrong one takes focus. */
export const PERSONAL_FIELDS = [
  'customer.firstName',
  'customer.lastName',
  'customer.email',
  'customer.phone',
  'billingAddress.invoiceRequired',
  'billingAddress.company',
  'billingAddress.vatNumber',
  'billingAddress.street',
  'billingAddress.postcode',
  'billingAddress.city',
  'billingAddress.countryCode',
  'password',
  'notes',
  'regulationsAccepted',
] as const;

export type PersonalField = (typeof PERSONAL_FIELDS)[number];

type Problem<F extends string> = [field: F, message: string];

const PASSWORD_MESSAGES = {
  length: 'checkout.error.password.length',
  distinct: 'checkout.error.password.variety',
  email: 'checkout.error.password.email',
} as const satisfies Record<PasswordProblem, MessageKey>;

/** What is wrong with the guest's details, field by field (the server's `Address::check`). */
export function personalProblems(
  values: PersonalValues,
  t: Translate,
  { withPassword }: { withPassword: boolean },
): Problem<PersonalField>[] {
  const problems: Problem<PersonalField>[] = [];
  const wrong = (field: PersonalField, message: string) => problems.push([field, message]);
  const { customer, billingAddress: billing } = values;
  if (!isFilled(customer.firstName, MAX_NAME)) wrong('customer.firstName', t('checkout.error.firstName'));
  if (!isFilled(customer.lastName, MAX_NAME)) wrong('customer.lastName', t('checkout.error.lastName'));
  if (!isValidEmail(customer.email)) wrong('customer.email', t('checkout.error.email'));
  if (!isValidPhone(customer.phone)) wrong('customer.phone', t('checkout.error.phone'));
  if (billing.invoiceRequired) {
    const code = billing.countryCode;
    if (!isFilled(billing.company, MAX_LINE)) wrong('billingAddress.company', t('checkout.error.company'));
    if (!isValidVatNumber(code, billing.vatNumber)) {
      wrong('billingAddress.vatNumber', t(code === 'DE' ? 'checkout.error.vatNumberDE' : 'checkout.error.vatNumberPL'));
    }
    if (!isFilled(billing.street, MAX_LINE)) wrong('billingAddress.street', t('checkout.error.street'));
    if (!isValidPostcode(code, billing.postcode)) {
      wrong('billingAddress.postcode', t(code === 'DE' ? 'checkout.error.postcodeDE' : 'checkout.error.postcodePL'));
    }
    if (!isFilled(billing.city, MAX_LINE)) wrong('billingAddress.city', t('checkout.error.city'));
  }
  if (withPassword) {
    const problem = passwordProblem(values.password, customer.email);
    if (problem) wrong('password', t(PASSWORD_MESSAGES[problem]));
  }
  if ([...values.notes.trim()].length > MAX_NOTES) wrong('notes', t('checkout.error.notes'));
  if (!values.regulationsAccepted) wrong('regulationsAccepted', t('checkout.error.regulations'));
  return problems;
}

export function personalSchema(t: Translate, options: { withPassword: boolean }) {
  return personalShape.superRefine((values, ctx) => {
    for (const [field, message] of personalProblems(values, t, options)) {
      ctx.addIssue({ code: 'custom', path: field.split('.'), message });
    }
  });
}

export const voucherShape = z.object({
  design: z.string(),
  for: z.string(),
  from: z.string(),
  message: z.string(),
  delivery: z.enum(['email', 'post']).or(z.literal('')),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  countryCode: country,
});

export type VoucherValues = z.infer<typeof voucherShape>;

/** A voucher's fields in the order they are shown; the server names them so (VOUCHER_POSTAL_FIELDS too). */
export const VOUCHER_FIELDS = [
  'design',
  'for',
  'from',
  'message',
  'delivery',
  'email',
  'firstName',
  'lastName',
  'street',
  'postcode',
  'city',
  'countryCode',
] as const satisfies readonly (keyof VoucherValues)[];

export type VoucherField = (typeof VOUCHER_FIELDS)[number];

/** The dedication alone (the voucher configuration page: before the voucher is in the basket). */
export function dedicationProblems(
  values: Pick<VoucherValues, 'for' | 'from' | 'message' | 'email'>,
  t: Translate,
  { emailRequired }: { emailRequired: boolean },
): Problem<'for' | 'from' | 'message' | 'email'>[] {
  const problems: Problem<'for' | 'from' | 'message' | 'email'>[] = [];
  if (!isFilled(values.for, MAX_VOUCHER_NAME)) problems.push(['for', t('checkout.error.for')]);
  if (!isFilled(values.from, MAX_VOUCHER_NAME)) problems.push(['from', t('checkout.error.from')]);
  if ([...values.message.trim()].length > MAX_VOUCHER_MESSAGE) problems.push(['message', t('checkout.error.message')]);
  // An address given is checked even where it is optional.
  if ((emailRequired || values.email.trim() !== '') && !isValidEmail(values.email)) {
    problems.push(['email', t('checkout.error.voucherEmail')]);
  }
  return problems;
}

/** What is wrong with a gift voucher's configuration (the server's `VoucherConfig::check`). */
export function voucherProblems(values: VoucherValues, t: Translate, designs: readonly string[]): Problem<VoucherField>[] {
  const problems: Problem<VoucherField>[] = [];
  if (!designs.includes(values.design)) problems.push(['design', t('checkout.error.design')]);
  problems.push(...dedicationProblems(values, t, { emailRequired: values.delivery === 'email' }));
  if (values.delivery === '') problems.push(['delivery', t('checkout.error.delivery')]);
  if (values.delivery === 'post') {
    const code = values.countryCode;
    if (!isFilled(values.firstName, MAX_NAME)) problems.push(['firstName', t('checkout.error.recipientFirstName')]);
    if (!isFilled(values.lastName, MAX_NAME)) problems.push(['lastName', t('checkout.error.recipientLastName')]);
    if (!isFilled(values.street, MAX_LINE)) problems.push(['street', t('checkout.error.street')]);
    if (!isValidPostcode(code, values.postcode)) {
      problems.push(['postcode', t(code === 'DE' ? 'checkout.error.postcodeDE' : 'checkout.error.postcodePL')]);
    }
    if (!isFilled(values.city, MAX_LINE)) problems.push(['city', t('checkout.error.city')]);
  }
  const order = (field: VoucherField) => VOUCHER_FIELDS.indexOf(field);
  return problems.sort((a, b) => order(a[0]) - order(b[0]));
}
