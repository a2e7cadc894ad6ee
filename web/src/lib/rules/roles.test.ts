import { describe, expect, it } from 'vitest';

import { canEditContent } from './roles';

describe('content editing roles', () => {
  it.each([
    [['editor'], true],
    [['customer', 'admin'], true],
    [['customer'], false],
    [[], false],
  ])('lets roles %j edit: %s', (roles, can) => {
    expect(canEditContent({ roles })).toBe(can);
  });

  it('lets nobody edit when nobody is logged in', () => {
    expect(canEditContent(null)).toBe(false);
    expect(canEditContent(undefined)).toBe(false);
  });
});
