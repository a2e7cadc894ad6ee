import { afterEach, describe, expect, it } from 'vitest';

import { agePermissionCookie, grantAgePermission, hasAgePermission } from './age-permission';

describe('age permission cookie (spec 4)', () => {
  afterEach(() => {
    document.cookie = 'agePermission=; path=/; max-age=0';
  });

  it.each([
    ['agePermission=1', true],
    ['a=b; agePermission=2', true],
    ['agePermission=0.5', true],
    ['agePermission=0', false],
    ['agePermission=-1', false],
    ['agePermission=yes', false],
    ['agePermission=', false],
    ['agePermission=Infinity', false],
    ['', false],
    ['xagePermission=1', false],
  ])('%j gives permission: %s', (cookies, expected) => {
    expect(hasAgePermission(cookies)).toBe(expected);
  });


  it('"Yes" stores agePermission=1 site-wide for a year', () => {
    expect(agePermissionCookie()).toBe('agePermission=1; path=/; max-age=31536000; SameSite=Lax');
    grantAgePermission();
    expect(hasAgePermission(document.cookie)).toBe(true);
  });
});
