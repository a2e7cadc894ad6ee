import { describe, expect, it } from 'vitest';

import { formatMessage, MessageSyntaxError } from './format-message';

const treatments =
  '{count, plural, one {# zabieg} few {# zabiegi} many {# zabiegów} other {# zabiegu}}';

describe('formatMessage', () => {
  it('fills simple arguments and leaves unknown ones visible', () => {
    expect(formatMessage('Witaj {name}!', { name: 'Anna' })).toBe('Witaj Anna!');
    expect(formatMessage('Witaj {name}!')).toBe('Witaj {name}!');
  });

  it.each([
    [1, '1 zabieg'],
    [2, '2 zabiegi'],
    [4, '4 zabiegi'],
    [5, '5 zabiegów'],
    [12, '12 zabiegów'],
    [22, '22 zabiegi'],
    [25, '25 zabiegów'],
    [0, '0 zabiegów'],
    [1.5, '1,5 zabiegu'],
  ])('uses real Polish plural forms: %s', (count, expected) => {
    expect(formatMessage(treatments, { count }, 'pl')).toBe(expected);
  });

  it('uses the plural rules of the given language', () => {
    const en = '{count, plural, one {# treatment} other {# treatments}}';
    expect(formatMessage(en, { count: 1 }, 'en-GB')).toBe('1 treatment');
    expect(formatMessage(en, { count: 2 }, 'en-GB')).toBe('2 treatments');
    expect(formatMessage(en, { count: 5 }, 'en-GB')).toBe('5 treatments');
  });

  it('prefers an exact match over the category', () => {
    const msg = '{n, plural, =0 {brak} one {# pokój} few {# pokoje} many {# pokoi} other {# pokoju}}';
    expect(formatMessage(msg, { n: 0 }, 'pl')).toBe('brak');
    expect(formatMessage(msg, { n: 3 }, 'pl')).toBe('3 pokoje');
  });

  it('formats # with the locale number format', () => {
    const msg = '{n, plural, one {# item} other {# items}}';
    expect(formatMessage(msg, { n: 1200 }, 'en-GB')).toBe('1,200 items');
  });

  it('chooses select branches and falls back to other', () => {
    const msg = '{kind, select, room {Pokój} other {Produkt}}';
    expect(formatMessage(msg, { kind: 'room' })).toBe('Pokój');
    expect(formatMessage(msg, { kind: 'voucher' })).toBe('Produkt');
  });

  it('nests arguments inside plural branches', () => {
    const msg = '{count, plural, one {{name} ma # zabieg} other {{name} ma # zabiegi}}';
    expect(formatMessage(msg, { count: 1, name: 'Ewa' }, 'pl')).toBe('Ewa ma 1 zabieg');
  });

  it('supports quoted braces and apostrophes', () => {
    expect(formatMessage("Use '{name}' literally, it''s fine")).toBe("Use {name} literally, it's fine");
  });

  it('rejects broken messages', () => {
    expect(() => formatMessage('{count, plural, one {x}}')).toThrow(MessageSyntaxError);
    expect(() => formatMessage('{count, plural, other {x}')).toThrow(MessageSyntaxError);
    expect(() => formatMessage('{count, date}')).toThrow(MessageSyntaxError);
  });
});
