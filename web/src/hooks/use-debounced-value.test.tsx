import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns the first value at once and later ones after a quiet period', () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(({ value }) => {
      const debounced = useDebouncedValue(value, 50);
      if (seen.at(-1) !== debounced) seen.push(debounced);
      return debounced;
    }, { initialProps: { value: 1 } });
    expect(result.current).toBe(1);

    // A burst: each change comes before the previous one settled.
    rerender({ value: 2 });
    act(() => {
      vi.advanceTimersByTime(30);
    });
    rerender({ value: 3 });
    act(() => {
      vi.advanceTimersByTime(30);
    });
    rerender({ value: 4 });
    act(() => {
      vi.advanceTimersByTime(49);
    });
    expect(result.current).toBe(1);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(4);
    // The intermediate values were never emitted: one update per burst.
    expect(seen).toEqual([1, 4]);
  });
});
