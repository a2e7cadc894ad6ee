import { afterEach, describe, expect, it } from 'vitest';

import { listingItem } from '@/testing/mocks/fixtures';

import { agePermissionCookie, grantAgePermission, hasAgePermission, needsAgeGate } from './age-permission';

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

  it('shows the gate for an age-restricted item without permission only', () => {
    const wine = listingItem({ ageRestriction: true });
    const tea = listingItem({ ageRestriction: false });
    expect(needsAgeGate([tea, wine], '')).toBe(true);
    expect(needsAgeGate([tea, wine], 'agePermission=1')).toBe(false);
    expect(needsAgeGate([tea], '')).toBe(false);
    expect(needsAgeGate([], '')).toBe(false);
  });

  it('"Yes" stores agePermission=1 site-wide for a year', () => {
    expect(agePermissionCookie()).toBe('agePermission=1; path=/; max-age=31536000; SameSite=Lax');
    grantAgePermission();
    expect(hasAgePermission(document.cookie)).toBe(true);
  });
});
