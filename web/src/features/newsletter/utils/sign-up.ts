/**
 * The newsletter sign-up's rules, request and messages, loaded when the
 * visitor first sends the form (the form, which loads with the `site` part
 * of the dictionary when the footer nears the viewport, stays small).
 *
 * Spec 5: the e-mail address is required and must be a valid address (and
 * within the server's 254 characters); the server checks it again, and its
 * 400 is shown as the same error beside the field. The outcome is one of
 * three messages: signed up (the confirmation e-mail is on its way, double
 * opt-in), signed up already (409 `newsletter_exists`), or failed (429,
 * 503, no answer).
 */
import * as z from 'zod/mini';

import { subscribe } from '@/features/newsletter/api/subscribe';
import { ApiError, isRefusal } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { createTranslator } from '@/lib/i18n/translate';
import { MAX_EMAIL } from '@/lib/rules/fields';

/** What is wrong with the address: 'required', 'email', or null when it may be sent. */
export type FieldProblem = 'required' | 'email' | null;

/** The field's error (shown beside it), or the form's message (and whether the form is done). */
export type SignUpAnswer = { error: string } | { message: string; signedUp: boolean };

const emailSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'required' }),
    z.maxLength(MAX_EMAIL, { error: 'email' }),
    z.regex(z.regexes.email, { error: 'email' }),
  );

export function checkEmail(value: string): FieldProblem {
  const result = emailSchema.safeParse(value);
  if (result.success) return null;
  return result.error.issues[0]?.message === 'required' ? 'required' : 'email';
}

/** The error shown beside the field for `value`, in the page's language ('' when none). */
export function fieldError(value: string, locale: Locale): string {
  const problem = checkEmail(value);
  if (!problem) return '';
  const t = createTranslator(locale);
  return problem === 'required' ? t('newsletter.error.required') : t('newsletter.error.email');
}

/** Checks the address, then signs it up; never throws. */
export async function signUp(value: string, locale: Locale): Promise<SignUpAnswer> {
  const error = fieldError(value, locale);
  if (error) return { error };
  const t = createTranslator(locale);
  try {
    await subscribe({ email: value.trim() }, locale);
    return { message: t('newsletter.success'), signedUp: true };
  } catch (failure) {
    if (failure instanceof ApiError && (failure.status === 409 || failure.code === 'newsletter_exists')) {
      return { message: t('newsletter.exists'), signedUp: false };
    }
    if (isRefusal(failure)) return { error: t('newsletter.error.email') };
    return { message: t('newsletter.error'), signedUp: false };
  }
}
