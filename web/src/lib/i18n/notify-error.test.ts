import { afterEach, describe, expect, it, vi } from 'vitest';

import de from '@/locales/app/de.json';

/**
 * Fresh modules: the dictionaries the test setup loaded are not there, as
 * when the first request fails while the page's language is on its way.
 */
async function freshApp() {
  vi.resetModules();
  let arrive!: () => void;
  let fail!: () => void;
  vi.doMock('@/locales/app/de.json', () =>
    new Promise((resolve, reject) => {
      arrive = () => resolve({ default: de });
      fail = () => reject(new TypeError('Failed to fetch dynamically imported module'));
    }),
  );
  const { notifyError } = await import('./notify-error');
  const { notifications } = await import('@/lib/notifications');
  const toasts = () => notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`);
  return { notifyError, toasts, arrive: () => arrive(), fail: () => fail() };
}

describe('notifyError', () => {
  afterEach(() => {
    vi.doUnmock('@/locales/app/de.json');
    vi.resetModules();
  });

  it("waits for the page's dictionary instead of showing a message key", async () => {
    const app = await freshApp();
    app.notifyError('de', (t) => t('errors.generic'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(app.toasts()).toEqual([]);

    app.arrive();
    await vi.waitFor(() => expect(app.toasts()).toEqual(['error: Ein unerwarteter Fehler ist aufgetreten...']));
  });

  it('shows it in Polish when the dictionary does not come', async () => {
    const app = await freshApp();
    app.notifyError('de', (t) => t('errors.generic'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    app.fail();
    await vi.waitFor(() => expect(app.toasts()).toEqual(['error: Wystąpił nieoczekiwany błąd...']));
  });
});
