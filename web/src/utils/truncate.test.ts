import { describe, expect, it } from 'vitest';

import { truncate } from './truncate';

describe('truncate', () => {
  it('keeps text that fits, up to and including the limit', () => {
    expect(truncate('Masaż', 36)).toBe('Masaż');
    expect(truncate('a'.repeat(36), 36)).toBe('a'.repeat(36));
  });

  it('cuts longer text at the limit and adds an ellipsis', () => {
    expect(truncate('a'.repeat(37), 36)).toBe(`${'a'.repeat(36)}…`);
  });

  it('drops spaces left before the ellipsis', () => {
    expect(truncate('Masaż gorącymi kamieniami i olejkami', 15)).toBe('Masaż gorącymi…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncate('🌿🌿🌿', 2)).toBe('🌿🌿…');
  });
});
