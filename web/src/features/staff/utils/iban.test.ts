import { describe, expect, it } from 'vitest';

import { formatIban, isValidIban, normalizeIban } from './iban';

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
