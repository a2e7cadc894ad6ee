import { describe, expect, it } from 'vitest';

import { createTranslator } from '@/lib/i18n/translate';

import { loginSchema, profileSchema, registrationSchema } from './schemas';

const t = createTranslator('en_GB');

/** The first message for each field, as the forms show them. */
function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[String(issue.path[0])] ??= issue.message;
  return byField;
}

const registration = {
  firstName: 'Ola',
  lastName: 'Nowak',
  email: 'ola@example.pl',
  phone: '',
  password: 'correct horse battery',
  terms: true,
};

describe('account form rules', () => {
  it('requires a valid e-mail and a password to log in, trimming the address', () => {
    expect(errors(loginSchema(t).safeParse({ email: '', password: '' }))).toEqual({
      email: 'This field is required.',
      password: 'This field is required.',
    });
    expect(errors(loginSchema(t).safeParse({ email: 'ola@', password: 'x' }))).toEqual({
      email: 'Enter a valid e-mail address.',
    });
    expect(loginSchema(t).parse({ email: ' ola@example.pl ', password: 'x' }).email).toBe('ola@example.pl');
  });

  it('checks a registration field by field, the password rule included', () => {
    expect(registrationSchema(t).safeParse(registration).success).toBe(true);
    expect(
      errors(
        registrationSchema(t).safeParse({
          firstName: '  ',
          lastName: 'x'.repeat(61),
          email: 'not an address',
          phone: '12',
          password: 'short',
          terms: false,
        }),
      ),
    ).toEqual({
      firstName: 'This field is required.',
      lastName: 'At most 60 characters.',
      email: 'Enter a valid e-mail address.',
      phone: 'Enter a phone number: at least 7 characters, digits and optionally +, brackets, dashes, dots, slashes or spaces.',
      password: 'The password must be 10 to 128 characters long.',
      terms: 'Please accept the terms and conditions to create an account.',
    });
    expect(errors(registrationSchema(t).safeParse({ ...registration, password: 'ola@example.pl' }))).toEqual({
      password: 'The password must not be your e-mail address.',
    });
    expect(errors(registrationSchema(t).safeParse({ ...registration, password: '' }))).toEqual({
      password: 'This field is required.',
    });
  });

  it('takes phones as spec 5 shapes them, or none', () => {
    const phone = (value: string) => profileSchema(t).safeParse({ firstName: 'Ola', lastName: 'Nowak', phone: value }).success;
    expect(phone('')).toBe(true);
    expect(phone('+48 (61) 600-100/200')).toBe(true);
    expect(phone('600.100.200')).toBe(true);
    expect(phone('123456')).toBe(false);
    expect(phone('+48 600 abc 200')).toBe(false);
    expect(phone('--------')).toBe(false);
    expect(phone('1'.repeat(31))).toBe(false);
  });

  it('writes its messages in the page language, Polish plurals included', () => {
    const pl = createTranslator('pl');
    expect(errors(profileSchema(pl).safeParse({ firstName: 'x'.repeat(61), lastName: 'N', phone: '' }))).toEqual({
      firstName: 'Najwyżej 60 znaków.',
    });
  });
});
