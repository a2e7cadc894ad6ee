import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { NewsletterSlot } from './newsletter-slot';

type Callback = (entries: Pick<IntersectionObserverEntry, 'isIntersecting'>[]) => void;

/** An IntersectionObserver whose element comes into view when the test says so. */
function fakeIntersectionObserver() {
  const observed: { callback: Callback; options?: IntersectionObserverInit }[] = [];
  class FakeObserver {
    constructor(callback: Callback, options?: IntersectionObserverInit) {
      observed.push({ callback, options });
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observed,
    comeIntoView: () => act(() => observed.forEach(({ callback }) => callback([{ isIntersecting: true }]))),
  };
}

describe('NewsletterSlot', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('holds the place of the form until the footer nears the viewport, then shows it', async () => {
    const { observed, comeIntoView } = fakeIntersectionObserver();
    const { container } = renderWithProviders(<NewsletterSlot />, { locale: 'en_GB' });

    expect(screen.queryByRole('region', { name: 'Newsletter' })).toBeNull();
    expect(container.querySelector('.newsletter-slot')).not.toBeNull();
    expect(observed[0]?.options?.rootMargin).toBe('400px');

    comeIntoView();
    expect(await screen.findByRole('region', { name: 'Newsletter' })).toBeTruthy();
    expect(screen.getByLabelText('Your e-mail address')).toBeTruthy();
    expect(container.querySelector('.newsletter-slot')).toBeNull();
  });

  it('shows the form at once without IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderWithProviders(<NewsletterSlot />, { locale: 'pl' });
    expect(await screen.findByRole('button', { name: 'Zapisz się' })).toBeTruthy();
  });
});
