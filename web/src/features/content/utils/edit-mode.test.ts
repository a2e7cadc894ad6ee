import { afterEach, describe, expect, it } from 'vitest';

import { readEditMode, writeEditMode } from './edit-mode';

describe('edit mode', () => {
  afterEach(() => {
    document.cookie = 'cms-edit=; path=/; max-age=0';
  });

  it('reads cms-edit: not set before the first visit, then 1 or 0', () => {
    expect(readEditMode('')).toBeNull();
    expect(readEditMode('agePermission=1; cms-edit=1')).toBe(true);
    expect(readEditMode('cms-edit=0; agePermission=1')).toBe(false);
  });

  it('writes 1 or 0 for the whole site', () => {
    writeEditMode(false);
    expect(readEditMode()).toBe(false);
    writeEditMode(true);
    expect(document.cookie).toContain('cms-edit=1');
  });
});
