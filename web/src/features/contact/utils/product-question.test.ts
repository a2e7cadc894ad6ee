import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { createTranslator } from '@/lib/i18n/translate';
import { isPhone } from '@/lib/rules/fields';

import { productQuestionSchema, serverFieldErrors } from './product-question';

const valid = { customer: 'Anna Nowak', email: 'anna@example.pl', phone: '+48 600 100 200', message: 'Is it vegan?' };

/** The first problem zod finds per field. */
function problems(values: typeof valid): Record<string, string> {
  // Built per call: the dictionaries load before the tests, after this module.
  const result = productQuestionSchema(createTranslator('en_GB')).safeParse(values);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[String(issue.path[0])] ??= issue.message;
  return found;
}

describe('product question rules (spec 5)', () => {
  it('accepts a complete question', () => {
    expect(problems(valid)).toEqual({});
  });

  it('requires every field; spaces alone are nothing', () => {
    expect(problems({ customer: ' ', email: '', phone: '', message: '\n' })).toEqual({
      customer: 'Please fill in this field.',
      email: 'Please fill in this field.',
      phone: 'Please fill in this field.',
      message: 'Please fill in this field.',
    });
  });

  it('wants an e-mail address', () => {
    expect(problems({ ...valid, email: 'anna@' }).email).toBe('Please enter a valid e-mail address.');
    expect(problems({ ...valid, email: 'anna.example.pl' }).email).toBe('Please enter a valid e-mail address.');
  });

  it.each(['600100200', '+48 600 100 200', '(95) 757-20-10', '95.757.20.10', '095/757 20 10', '+4860010'])(
    'takes the phone %s',
    (phone) => {
      expect(isPhone(phone)).toBe(true);
      expect(problems({ ...valid, phone }).phone).toBeUndefined();
    },
  );

  it.each([
    ['six characters', '600100'],
    ['six characters with spaces around', '  600 10  '],
    ['letters', '600 100 abc'],
    ['a plus inside', '600+100200'],
    ['no digit', '(--- ---)'],
    ['other signs', '600#100#200'],
  ])('refuses a phone with %s', (_case, phone) => {
    expect(isPhone(phone)).toBe(false);
    expect(problems({ ...valid, phone }).phone).toMatch(/^Please enter a phone number/);
  });

  it('reads the server’s field errors in either shape; productCode is the form’s', () => {
    const listed = new ApiError(400, {
      code: 'invalid_body',
      message: 'Invalid',
      errors: [
        { field: 'email', message: 'Unknown domain' },
        { field: 'productCode', message: 'No such product' },
      ],
    }, 'generic');
    expect(serverFieldErrors(listed)).toEqual({
      fields: [{ field: 'email', message: 'Unknown domain' }],
      other: ['No such product'],
    });

    // `errors` as a map of field to message.
    const mapped = new ApiError(400, { code: 'invalid_body', message: 'Invalid' }, 'generic');
    Object.assign(mapped, { errors: { customer: 'Too long', phone: 'Not a phone' } });
    expect(serverFieldErrors(mapped)).toEqual({
      fields: [
        { field: 'customer', message: 'Too long' },
        { field: 'phone', message: 'Not a phone' },
      ],
      other: [],
    });
    expect(serverFieldErrors(new Error('x'))).toEqual({ fields: [], other: [] });
  });
});
