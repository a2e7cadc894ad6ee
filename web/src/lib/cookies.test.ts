import { afterEach, describe, expect, it } from 'vitest';

import { readCookie, serializeCookie, writeCookie } from './cookies';

describe('cookies', () => {
  afterEach(() => {
    document.cookie = 'flavour=; path=/; max-age=0';
  });

  it('reads one cookie out of a cookie string', () => {
    expect(readCookie('b', 'a=1; b=two; c=3')).toBe('two');
    expect(readCookie('a', 'a=1;b=2')).toBe('1');
    expect(readCookie('x', 'a=1; b=2')).toBeNull();
    expect(readCookie('a', '')).toBeNull();
    expect(readCookie('msg', 'msg=hello%20world')).toBe('hello world');
    // A name that only ends like the wanted one does not match.
    expect(readCookie('age', 'xage=1')).toBeNull();
  });

  it('serializes with path, lifetime and SameSite', () => {
    expect(serializeCookie('agePermission', '1', { maxAge: 60, secure: false })).toBe(
      'agePermission=1; path=/; max-age=60; SameSite=Lax',
    );
    expect(serializeCookie('a', 'x y', { sameSite: 'Strict', secure: true })).toBe(
      'a=x%20y; path=/; SameSite=Strict; Secure',
    );
  });

  it('writes to document.cookie', () => {
    writeCookie('flavour', 'ginger', { maxAge: 60 });
    expect(readCookie('flavour')).toBe('ginger');
  });
});
