import { describe, expect, it } from 'vitest';

import { createTranslator } from '@/lib/i18n/translate';

import { personalProblems, voucherProblems, type PersonalValues, type VoucherValues } from './schemas';

const t = createTranslator('en_GB');

const guest: PersonalValues = {
  customer: { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.pl', phone: '+48 600 100 200' },
  billingAddress: { invoiceRequired: false, company: '', vatNumber: '', street: '', postcode: '', city: '', countryCode: 'PL' },
  notes: '',
  regulationsAccepted: true,
  password: '',
};

const voucher: VoucherValues = {
  design: 'classic',
  for: 'Ewa',
  from: 'Adam',
  message: '',
  delivery: 'email',
  email: 'ewa@example.pl',
  firstName: '',
  lastName: '',
  street: '',
  postcode: '',
  city: '',
  countryCode: 'PL',
};

describe('checkout form checks', () => {
  it('accepts a guest without an invoice, and checks the invoice fields only with one', () => {
    expect(personalProblems(guest, t, { withPassword: false })).toEqual([]);
    const invoice = { ...guest, billingAddress: { ...guest.billingAddress, invoiceRequired: true } };
    expect(personalProblems(invoice, t, { withPassword: false }).map(([field]) => field)).toEqual([
      'billingAddress.company',
      'billingAddress.vatNumber',
      'billingAddress.street',
      'billingAddress.postcode',
      'billingAddress.city',
    ]);
  });

  it("names the fields as the server's answer does, in the form's order", () => {
    const wrong = {
      ...guest,
      customer: { firstName: ' ', lastName: 'N'.repeat(61), email: 'anna', phone: '123' },
      notes: 'x'.repeat(1001),
      regulationsAccepted: false,
      password: 'short',
    };
    expect(personalProblems(wrong, t, { withPassword: true })).toEqual([
      ['customer.firstName', 'Enter your first name (up to 60 characters).'],
      ['customer.lastName', 'Enter your last name (up to 60 characters).'],
      ['customer.email', 'Enter a valid e-mail address.'],
      ['customer.phone', 'Enter a phone number of at least 7 digits: digits, and +, ( ), -, spaces, dots or slashes.'],
      ['password', 'The password must have 10 to 128 characters.'],
      ['notes', 'Notes can be up to 1000 characters long.'],
      ['regulationsAccepted', 'Please accept the reservation regulations.'],
    ]);
  });

  it('checks a voucher by its delivery: the e-mail address, or the postal address of its country', () => {
    expect(voucherProblems(voucher, t, ['classic'])).toEqual([]);
    expect(voucherProblems({ ...voucher, design: 'gold', email: '' }, t, ['classic']).map(([field]) => field)).toEqual([
      'design',
      'email',
    ]);
    const posted = { ...voucher, delivery: 'post' as const, email: '', countryCode: 'DE' as const, postcode: '66-220' };
    expect(voucherProblems(posted, t, ['classic'])).toEqual([
      ['firstName', 'Enter the recipient’s first name.'],
      ['lastName', 'Enter the recipient’s last name.'],
      ['street', 'Enter the street and number.'],
      ['postcode', 'Enter a postal code of 5 digits.'],
      ['city', 'Enter the city.'],
    ]);
    expect(voucherProblems({ ...voucher, delivery: '' }, t, ['classic']).map(([field]) => field)).toEqual(['delivery']);
  });
});
