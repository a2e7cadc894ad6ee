/**
 * The order desk's forms (zod/mini, as the account forms), with messages
 * in the page's language. The server checks everything again: the amount
 * against what the order awaits, the references' length (1 to 140).
 */
import * as z from 'zod/mini';

import type { Translate } from '@/lib/i18n/translate';

import { parseZloty } from './amount';

export const REFERENCE_MAX_LENGTH = 140;

export const lookupSchema = (t: Translate) =>
  z.object({ code: z.string().check(z.trim(), z.minLength(1, { error: t('staff.lookup.required') })) });
export type LookupValues = z.input<ReturnType<typeof lookupSchema>>;

export const refundSchema = (t: Translate) =>
  z.object({
    reference: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('staff.refunds.referenceRequired') }),
        z.maxLength(REFERENCE_MAX_LENGTH, { error: t('staff.refunds.referenceTooLong', { max: REFERENCE_MAX_LENGTH }) }),
      ),
  });
export type RefundValues = z.input<ReturnType<typeof refundSchema>>;

/** Money received at the front desk: any amount above 0, how it came, its reference. */
export const moneySchema = (t: Translate) =>
  z.object({
    amount: z.string().check(
      z.refine((text) => text.trim() !== '', { error: t('staff.money.amountRequired') }),
      z.refine((text) => text.trim() === '' || (parseZloty(text) ?? 0) > 0, { error: t('staff.transfer.amountInvalid') }),
    ),
    method: z.string(),
    reference: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('staff.money.referenceRequired') }),
        z.maxLength(REFERENCE_MAX_LENGTH, { error: t('staff.transfer.referenceTooLong', { max: REFERENCE_MAX_LENGTH }) }),
      ),
  });
export type MoneyValues = z.input<ReturnType<typeof moneySchema>>;
