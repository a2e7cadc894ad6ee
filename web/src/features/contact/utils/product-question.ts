/**
 * The product question's rules (spec 5, "contact/inquiry modal"), with
 * messages in the page's language: every field is required; the e-mail
 * address must be one; the phone has at least 7 characters, digits with an
 * optional leading plus, brackets, dashes, spaces, dots or slashes
 * (src/lib/rules/fields.ts, shared with the account's phone). The form
 * sends only when none of them fails. The server checks everything again and
 * names what it refuses (`serverFieldErrors`).
 */
import * as z from 'zod/mini';

import type { ProductQuestionField } from '@/features/contact/api/send-product-question';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/lib/i18n/translate';
import { isPhone, MAX_EMAIL, MAX_PHONE } from '@/lib/rules/fields';

export const productQuestionSchema = (t: Translate) => {
  const required = z.minLength(1, { error: t('inquiry.error.required') });
  const text = () => z.string().check(z.trim(), required);
  return z.object({
    customer: text(),
    email: z
      .string()
      .check(
        z.trim(),
        required,
        z.maxLength(MAX_EMAIL, { error: t('inquiry.error.tooLong', { max: MAX_EMAIL }) }),
        z.regex(z.regexes.email, { error: t('inquiry.error.email') }),
      ),
    phone: z
      .string()
      .check(
        z.trim(),
        required,
        z.maxLength(MAX_PHONE, { error: t('inquiry.error.tooLong', { max: MAX_PHONE }) }),
        z.refine(isPhone, { error: t('inquiry.error.phone') }),
      ),
    message: text(),
  });
};

export type ProductQuestionValues = z.input<ReturnType<typeof productQuestionSchema>>;

/** A form field's server error, or the failure of the form as a whole. */
export type ServerFieldError = { field: keyof ProductQuestionValues; message: string };

/**
 * The field errors of a refused question, beside the form's fields. The
 * server names a field either as `errors: [{field, message}]` (the shop
 * API's usual shape) or as `errors: {field: message}`; both are read.
 * `productCode` is not a field of the form: its error is the form's.
 */
export function serverFieldErrors(error: unknown): { fields: ServerFieldError[]; other: string[] } {
  const fields: ServerFieldError[] = [];
  const other: string[] = [];
  if (!(error instanceof ApiError)) return { fields, other };
  const raw: unknown = error.errors;
  const entries: [string, unknown][] = Array.isArray(raw)
    ? raw.map((entry: { field?: unknown; message?: unknown }) => [String(entry.field), entry.message])
    : raw && typeof raw === 'object'
      ? Object.entries(raw)
      : [];
  for (const [field, message] of entries) {
    if (typeof message !== 'string') continue;
    if (isFormField(field)) fields.push({ field, message });
    else other.push(message);
  }
  return { fields, other };
}

const FORM_FIELDS: readonly ProductQuestionField[] = ['customer', 'email', 'phone', 'message'];

function isFormField(field: string): field is keyof ProductQuestionValues {
  return (FORM_FIELDS as readonly string[]).includes(field);
}
