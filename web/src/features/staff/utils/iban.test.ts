import { describe, expect, it } from 'vitest';

import { checkBic, formatIban, isValidIban, normalizeBic, normalizeIban } from './iban';

describe('an IBAN', () => {
  it('is sent without spaces, in upper case, and shown in groups of four', () => {
    expect(normalizeIban(' pl61 1090 1014\t0000 0712 1981 2874 ')).toBe('PL61109010140000071219812874');
    expect(formatIban('pl61109010140000071219812874')).toBe('PL61 1090 1014 0000 0712 1981 2874');
    expect(formatIban('DE89 3704 0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('')).toBe('');
  });

  it('passes the mod-97 check, spaces and case aside', () => {
    expect(isValidIban('PL61 1090 1014 0000 0712 1981 2874')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
  });

  it('fails a changed digit, swapped digits, a bad shape or nothing', () => {
    expect(isValidIban('PL61 1090 1014 0000 0712 1981 2875')).toBe(false);
    expect(isValidIban('PL16 1090 1014 0000 0712 1981 2874')).toBe(false);
    expect(isValidIban('PL61 1090 1014 0000 0712 1981 2784')).toBe(false);
    expect(isValidIban('61PL 1090 1014 0000 0712 1981 2874')).toBe(false);
    expect(isValidIban('PL61 1090-1014 0000 0712 1981 2874')).toBe(false);
    expect(isValidIban('PL61')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});

describe('a BIC', () => {
  const PL = 'PL61 1090 1014 0000 0712 1981 2874';

  it('is sent without spaces, in upper case', () => {
    expect(normalizeBic(' bpko plpw ')).toBe('BPKOPLPW');
    expect(normalizeBic('wbkp\tpl pp xxx')).toBe('WBKPPLPPXXX');
    expect(normalizeBic('')).toBe('');
  });

  it('names a bank in the IBAN’s country, with or without a branch, spaces and case aside', () => {
    expect(checkBic('BPKOPLPW', PL)).toBeUndefined();
    expect(checkBic('WBKPPLPPXXX', 'pl61109010140000071219812874')).toBeUndefined();
    expect(checkBic('coba de ff xxx', 'DE89 3704 0044 0532 0130 00')).toBeUndefined();
    expect(checkBic('PKOPPLP1', PL)).toBeUndefined();
  });

  it('is optional', () => {
    expect(checkBic('', PL)).toBeUndefined();
    expect(checkBic('   ', PL)).toBeUndefined();
  });

  it('fails a bank in another country than the IBAN’s', () => {
    expect(checkBic('COBADEFF', PL)).toBe('country');
    expect(checkBic('COBADEFFXXX', PL)).toBe('country');
    expect(checkBic('BPKOPLPW', 'DE89 3704 0044 0532 0130 00')).toBe('country');
    expect(checkBic('BPKOPLPW', '')).toBe('country');
  });

  it('fails a wrong length or a digit where letters go', () => {
    expect(checkBic('BPKOPLP', PL)).toBe('invalid');
    expect(checkBic('BPKOPLPW1', PL)).toBe('invalid');
    expect(checkBic('BPKOPLPWXXXX', PL)).toBe('invalid');
    expect(checkBic('BPK0PLPW', PL)).toBe('invalid');
    expect(checkBic('BPKOP1PW', PL)).toBe('invalid');
    expect(checkBic('BPKO-PLPW', PL)).toBe('invalid');
    expect(checkBic('BPKOPLPW-XX', PL)).toBe('invalid');
  });
});
