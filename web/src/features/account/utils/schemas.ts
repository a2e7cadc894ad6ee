/**
 * The account forms' rules (zod), with their messages in the page's
 * language. They follow the users service (services/users/src/domain.rs):
 * names 1 to 60 characters after trimming, the phone at most 30 (and, when
 * given, shaped like a phone number, as spec 5 asks of phones), the password
 * rule of src/lib/rules/password.ts; the lengths and the phone's shape are
 * src/lib/rules/fields.ts's. The server checks everything again.
 */
import * as z from 'zod/mini';

import type { Translate } from '@/lib/i18n/translate';
import { isPhone, MAX_NAME, MAX_PHONE } from '@/lib/rules/fields';
import { passwordProblem } from '@/lib/rules/password';

const PASSWORD_MESSAGES = {
  length: 'account.error.passwordLength',
  distinct: 'account.error.passwordDistinct',
  email: 'account.error.passwordEmail',
} as const;

// zod/mini: the same rules as `zod`, at a fraction of its code in the account pages' chunks.
const required = (t: Translate) => z.minLength(1, { error: t('account.error.required') });

const email = (t: Translate) =>
  z.string().check(z.trim(), required(t), z.regex(z.regexes.email, { error: t('account.error.email') }));

const name = (t: Translate) =>
  z
    .string()
    .check(
      z.trim(),
      required(t),
      z.maxLength(MAX_NAME, { error: t('account.error.tooLong', { max: MAX_NAME }) }),
    );

const phone = (t: Translate) =>
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(MAX_PHONE, { error: t('account.error.tooLong', { max: MAX_PHONE }) }),
      z.refine((value) => value === '' || isPhone(value), { error: t('account.error.phone') }),
    );

/** The password rule as an issue on `path`, for an account of `email` ('' when not known). */
function checkPassword(t: Translate, ctx: z.core.$RefinementCtx, path: string, password: string, accountEmail = '') {
  if (password === '') {
    ctx.addIssue({ code: 'custom', path: [path], message: t('account.error.required') });
    return;
  }
  const problem = passwordProblem(password, accountEmail);
  if (problem) ctx.addIssue({ code: 'custom', path: [path], message: t(PASSWORD_MESSAGES[problem]) });
}

export const loginSchema = (t: Translate) =>
  z.object({
    email: email(t),
    // Whatever the customer chose: the rule may have been different then.
    password: z.string().check(required(t)),
  });
export type LoginValues = z.input<ReturnType<typeof loginSchema>>;

export const emailSchema = (t: Translate) => z.object({ email: email(t) });
export type EmailValues = z.input<ReturnType<typeof emailSchema>>;

export const registrationSchema = (t: Translate) =>
  z
    .object({
      firstName: name(t),
      lastName: name(t),
      email: email(t),
      phone: phone(t),
      password: z.string(),
      terms: z.boolean().check(z.refine((accepted) => accepted, { error: t('account.error.terms') })),
    })
    .check(z.superRefine((values, ctx) => checkPassword(t, ctx, 'password', values.password, values.email)));
export type RegistrationValues = z.input<ReturnType<typeof registrationSchema>>;

export const profileSchema = (t: Translate) =>
  z.object({
    firstName: name(t),
    lastName: name(t),
    phone: phone(t),
  });
export type ProfileValues = z.input<ReturnType<typeof profileSchema>>;

export const passwordChangeSchema = (t: Translate, accountEmail: string) =>
  z
    .object({
      currentPassword: z.string().check(required(t)),
      newPassword: z.string(),
    })
    .check(z.superRefine((values, ctx) => checkPassword(t, ctx, 'newPassword', values.newPassword, accountEmail)));
export type PasswordChangeValues = z.input<ReturnType<typeof passwordChangeSchema>>;

export const newPasswordSchema = (t: Translate) =>
  z
    .object({ password: z.string() })
    .check(z.superRefine((values, ctx) => checkPassword(t, ctx, 'password', values.password)));
export type NewPasswordValues = z.input<ReturnType<typeof newPasswordSchema>>;
