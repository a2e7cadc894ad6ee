import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createNotificationStore } from './notifications';

describe('notification store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('removes a notification after 2 seconds', () => {
    const store = createNotificationStore();
    store.notify('success', 'Dodano do koszyka');
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('shows the same message once and can be dismissed early', () => {
    const store = createNotificationStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.notify('error', 'Boom');
    const id = store.notify('error', 'Boom');
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['Boom']);
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalled();
  });
});
