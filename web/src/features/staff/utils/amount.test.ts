import { describe, expect, it } from 'vitest';

import { parseZloty, zlotyInput } from './amount';

describe('parseZloty', () => {
  it.each([
    ['640', 64000],
    ['640.00', 64000],
    ['640,00', 64000],
    ['640,50', 64050],
    ['640,5', 64050],
    ['0.99', 99],
    ['  640,50 ', 64050],
    ['1 280,50', 128050],
    ['1\u00a0280,50 zł', 128050],
    ['640 PLN', 64000],
  ])('reads %j as %i grosze', (text, grosze) => {
    expect(parseZloty(text)).toBe(grosze);
  });

  it.each(['', 'abc', '640,001', '6,40,00', '-640', '640.', ',50', '1.280,50', '1e3', '1234567890'])(
    'refuses %j',
    (text) => {
      expect(parseZloty(text)).toBeNull();
    },
  );
});

describe('zlotyInput', () => {
  it('writes grosze with the decimal separator of the language', () => {
    expect(zlotyInput(64000, 'pl')).toBe('640,00');
    expect(zlotyInput(64050, 'de')).toBe('640,50');
    expect(zlotyInput(99, 'en_GB')).toBe('0.99');
  });

  it('reads back what it writes', () => {
    for (const grosze of [1, 99, 64005, 123456789]) expect(parseZloty(zlotyInput(grosze, 'pl'))).toBe(grosze);
  });
});
