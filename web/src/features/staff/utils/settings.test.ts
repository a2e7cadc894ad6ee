import { describe, expect, it } from 'vitest';

import type { CheckoutSettings, PaymentMethodState, PaymentSettings } from '@/types/api';

import { checkoutForm, methodReady, paymentForm, toCheckoutChange, toPaymentChange } from './settings';

const checkout: CheckoutSettings = {
  depositPercent: 30,
  bankTransferHoldDays: 3,
  onlineHoldMinutes: 30,
  cancellationFreeDays: 14,
  cancellationFeePercent: 50,
  updatedAt: null,
  updatedBy: '',
};

const AVAILABLE: PaymentMethodState[] = [
  { code: 'bank_transfer', ready: false },
  { code: 'przelewy24', ready: true },
  { code: 'paypal', ready: false },
];

const payments = (extra: Partial<PaymentSettings> = {}): PaymentSettings => ({
  methods: ['przelewy24'],
  available: AVAILABLE,
  bankAccount: null,
  updatedAt: null,
  updatedBy: '',
  ...extra,
});

describe('the checkout settings', () => {
  it('become the server’s body as whole numbers', () => {
    expect(toCheckoutChange({ ...checkoutForm(checkout), depositPercent: ' 50 ' })).toEqual({
      change: { depositPercent: 50, bankTransferHoldDays: 3, onlineHoldMinutes: 30, cancellationFreeDays: 14, cancellationFeePercent: 50 },
    });
  });

  it('name every field out of its range, both ends allowed', () => {
    const form = checkoutForm(checkout);
    expect(toCheckoutChange({ ...form, depositPercent: '0', bankTransferHoldDays: '14', onlineHoldMinutes: '1440', cancellationFreeDays: '365', cancellationFeePercent: '100' })).toHaveProperty('change');
    expect(toCheckoutChange({ ...form, depositPercent: '101', bankTransferHoldDays: '0', onlineHoldMinutes: '14' })).toEqual({
      invalid: ['depositPercent', 'bankTransferHoldDays', 'onlineHoldMinutes'],
    });
    expect(toCheckoutChange({ ...form, cancellationFreeDays: '', cancellationFeePercent: '12.5' })).toEqual({
      invalid: ['cancellationFreeDays', 'cancellationFeePercent'],
    });
    expect(toCheckoutChange({ ...form, depositPercent: '-5' })).toEqual({ invalid: ['depositPercent'] });
  });
});

describe('the payment settings', () => {
  it('show the saved IBAN grouped, the BIC, and the methods in the server’s order', () => {
    const form = paymentForm(
      payments({
        methods: ['przelewy24', 'bank_transfer'],
        bankAccount: { holder: 'Pensjonat', iban: 'PL61109010140000071219812874', bank: 'Bank', bic: 'BPKOPLPW' },
      }),
    );
    expect(form).toEqual({ methods: ['bank_transfer', 'przelewy24'], holder: 'Pensjonat', iban: 'PL61 1090 1014 0000 0712 1981 2874', bank: 'Bank', bic: 'BPKOPLPW' });
    // An account kept before the BIC was asked for has none.
    expect(paymentForm(payments({ bankAccount: { holder: 'Pensjonat', iban: 'PL61109010140000071219812874' } })).bic).toBe('');
  });

  it('offer a bank transfer once the form has an account, other methods once the server has their keys', () => {
    const form = paymentForm(payments());
    expect(AVAILABLE.map((method) => methodReady(method, form))).toEqual([false, true, false]);
    expect(methodReady(AVAILABLE[0]!, { ...form, holder: 'Pensjonat', iban: 'PL61' })).toBe(true);
  });

  it('send the IBAN and the BIC without spaces in upper case, and no account when its fields are empty', () => {
    const form = { ...paymentForm(payments()), methods: ['bank_transfer' as const, 'przelewy24' as const] };
    expect(toPaymentChange({ ...form, holder: ' Pensjonat ', iban: 'pl61 1090 1014 0000 0712 1981 2874', bank: '', bic: ' bpko plpw ' }, AVAILABLE)).toEqual({
      change: { methods: ['bank_transfer', 'przelewy24'], bankAccount: { holder: 'Pensjonat', iban: 'PL61109010140000071219812874', bank: '', bic: 'BPKOPLPW' } },
    });
    // The BIC is optional: none given is sent empty.
    expect(toPaymentChange({ ...form, holder: 'Pensjonat', iban: 'PL61109010140000071219812874' }, AVAILABLE)).toEqual({
      change: { methods: ['bank_transfer', 'przelewy24'], bankAccount: { holder: 'Pensjonat', iban: 'PL61109010140000071219812874', bank: '', bic: '' } },
    });
    // Without the account a bank transfer is not offered.
    expect(toPaymentChange(form, AVAILABLE)).toEqual({ change: { methods: ['przelewy24'], bankAccount: null } });
  });

  it('name what is missing or wrong in a partly given account', () => {
    const form = paymentForm(payments());
    expect(toPaymentChange({ ...form, bank: 'Bank' }, AVAILABLE)).toEqual({ problems: { holder: 'required', iban: 'required' } });
    expect(toPaymentChange({ ...form, holder: 'Pensjonat', iban: 'PL61 1090 1014 0000 0712 1981 2875' }, AVAILABLE)).toEqual({
      problems: { iban: 'invalid' },
    });
    // A BIC alone is an account partly given; its country waits for the IBAN.
    expect(toPaymentChange({ ...form, bic: 'BPKOPLPW' }, AVAILABLE)).toEqual({ problems: { holder: 'required', iban: 'required' } });
    expect(toPaymentChange({ ...form, bic: 'BPKO' }, AVAILABLE)).toEqual({ problems: { holder: 'required', iban: 'required', bic: 'invalid' } });
    const account = { ...form, holder: 'Pensjonat', iban: 'PL61 1090 1014 0000 0712 1981 2874' };
    expect(toPaymentChange({ ...account, bic: 'BPKOPLP' }, AVAILABLE)).toEqual({ problems: { bic: 'invalid' } });
    expect(toPaymentChange({ ...account, bic: 'cobadeff' }, AVAILABLE)).toEqual({ problems: { bic: 'country' } });
  });
});
