import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';


import { ChunkLoadError, withTimeout } from '@/lib/with-timeout';

import { loadChunk } from './load-chunk';
import { notifications } from './notifications';

const toasts = () => notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`);

/** A load that settles only when told to. */
function pendingLoad<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: vi.fn(() => promise), resolve, reject };
}

/** The promise's state after the microtasks that are due have run. */
async function settled<T>(promise: Promise<T>) {
  const state: { status: 'pending' | 'fulfilled' | 'rejected'; value?: T; error?: unknown } = { status: 'pending' };
  promise.then(
    (value) => Object.assign(state, { status: 'fulfilled', value }),
    (error: unknown) => Object.assign(state, { status: 'rejected', error }),
  );
  await vi.advanceTimersByTimeAsync(0);
  return state;
}

describe('loading code on demand', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the chunk that comes in time, without a notification', async () => {
    const chunk = pendingLoad<{ Page: string }>();
    const loading = loadChunk(chunk.load, 'pl');
    await vi.advanceTimersByTimeAsync(119_000);
    chunk.resolve({ Page: 'page' });
    await expect(loading).resolves.toEqual({ Page: 'page' });
    // No timer is left to fire later.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(toasts()).toEqual([]);
    expect(chunk.load).toHaveBeenCalledTimes(1);
  });

  it('fails after 120 s with the generic notification in the page language, and ignores a late answer', async () => {
    const chunk = pendingLoad<string>();
    const state = settled(loadChunk(chunk.load, 'en_GB'));

    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts()).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    const result = await state;
    expect(result.status).toBe('rejected');
    expect(result.error).toBeInstanceOf(ChunkLoadError);
    expect(result.error).toMatchObject({ timedOut: true });
    expect(toasts()).toEqual(['error: An unexpected error has occurred...']);

    chunk.resolve('too late');
    await vi.advanceTimersByTimeAsync(0);
    expect(toasts()).toEqual(['error: An unexpected error has occurred...']);
  });

  it('fails at once when the chunk cannot be loaded, keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadChunk(() => Promise.reject(cause), 'de').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ timedOut: false, cause });
    expect(toasts()).toEqual(['error: Ein unerwarteter Fehler ist aufgetreten...']);
  });

  it('times out without notifying when used bare', async () => {
    const state = settled(withTimeout(() => new Promise<never>(() => {}), 500));
    await vi.advanceTimersByTimeAsync(500);
    expect((await state).error).toMatchObject({ name: 'ChunkLoadError', timedOut: true });
    expect(toasts()).toEqual([]);
  });
});
