import { describe, expect, it } from 'vitest';

import { isValidEmail, isValidPhone, isValidPostcode, isValidVatNumber } from './fields';

describe("checkout's field rules (the server's)", () => {
  it.each([
    ['600100200', true],
    ['+48 600 100 200', true],
    ['(61) 855-12-34', true],
    ['61.855.12/34', true],
    ['123456', false], // under 7 characters
    ['12-34-5-', false], // 5 digits
    ['+48 600 +100 200', false], // a plus only first
    ['600 100 200 ext', false],
    [`+${'1'.repeat(30)}`, false], // over 30 characters
  ])('phone %s: %s', (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
  });

  it.each([
    ['PL', '66-220', true],
    ['PL', '66220', false],
    ['DE', '10115', true],
    ['DE', '10-115', false],
    ['CZ', '11000', false],
  ])('postcode in %s %s: %s', (country, postcode, valid) => {
    expect(isValidPostcode(country, postcode)).toBe(valid);
  });

  it.each([
    ['PL', '1234563218', true],
    ['PL', '123-456-32-18', true],
    ['PL', 'PL 123 456 32 18', true],
    ['PL', '1234563219', false], // the check digit: weights 6-5-7-2-3-4-5-6-7, mod 11
    ['PL', '123456321', false],
    ['DE', 'DE123456789', true],
    ['DE', 'de 123 456 789', true],
    ['DE', '123456789', false],
  ])('tax number in %s %s: %s', (country, number, valid) => {
    expect(isValidVatNumber(country, number)).toBe(valid);
  });

  it.each([
    ['anna@example.pl', true],
    ['a.b+c@sub.example.de', true],
    ['anna', false],
    ['anna@example', false],
    ['an na@example.pl', false],
    ['a@b@c.pl', false],
    ['a@.pl', false],
    ['a@example..pl', false],
  ])('e-mail %s: %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
});
