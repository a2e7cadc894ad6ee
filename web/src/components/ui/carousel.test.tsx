import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { BANNER_AUTOPLAY_MS } from '@/config/constants';
import { renderWithProviders } from '@/testing/test-utils';

import { Carousel, type CarouselSlide } from './carousel';

const SLIDES: CarouselSlide[] = ['Packages', 'Rooms', 'Vouchers'].map((title) => ({
  id: title.toLowerCase(),
  title,
  content: (
    <>
      <h2>{title}</h2>
      <a href={`/${title.toLowerCase()}`}>{`See ${title}`}</a>
    </>
  ),
}));

/** `prefers-reduced-motion: reduce` as the visitor's setting. */
function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderCarousel() {
  const view = renderWithProviders(<Carousel label="Our suggestions" slides={SLIDES} />, { locale: 'en_GB' });
  // No delays between its steps: nothing waits on the fake clock.
  const user = userEvent.setup({ delay: null });
  return { ...view, user };
}

const carousel = () => screen.getByRole('region', { name: 'Our suggestions' });
/** The heading of the one slide shown. */
const shownTitle = () => screen.getByRole('heading', { level: 2 }).textContent;
const slides = () => carousel().querySelectorAll('[aria-roledescription="slide"]');
const liveRegion = () => carousel().querySelector('[aria-live]');
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Testing Library drives fake clocks only when it sees Jest's: it would
    // otherwise wait for a timer that never fires after each user event.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    preferReducedMotion(false);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is a carousel of slides named "n of m", one shown at a time', () => {
    renderCarousel();
    expect(carousel().getAttribute('aria-roledescription')).toBe('carousel');
    expect([...slides()].map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect([...slides()].map((slide) => slide.getAttribute('aria-roledescription'))).toEqual(['slide', 'slide', 'slide']);
    expect([...slides()].map((slide) => slide.hasAttribute('hidden'))).toEqual([false, true, true]);
    expect(shownTitle()).toBe('Packages');
    // Hidden slides are out of reach: one link only.
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('moves on every 10 seconds by itself, round to the first, with the live region off', async () => {
    renderCarousel();
    expect(liveRegion()?.getAttribute('aria-live')).toBe('off');
    expect(screen.getByRole('button', { name: 'Stop automatic slide show' })).toBeTruthy();

    await wait(BANNER_AUTOPLAY_MS - 1);
    expect(shownTitle()).toBe('Packages');
    await wait(1);
    expect(shownTitle()).toBe('Rooms');
    await wait(BANNER_AUTOPLAY_MS);
    expect(shownTitle()).toBe('Vouchers');
    await wait(BANNER_AUTOPLAY_MS);
    expect(shownTitle()).toBe('Packages');
  });

  it('stops when paused and goes on when played again; the live region is polite while it stands', async () => {
    const { user } = renderCarousel();
    await user.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    expect(liveRegion()?.getAttribute('aria-live')).toBe('polite');
    await wait(BANNER_AUTOPLAY_MS * 3);
    expect(shownTitle()).toBe('Packages');

    await user.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    // Focus is on the rotation control, which does not hold the rotation.
    expect(liveRegion()?.getAttribute('aria-live')).toBe('off');
    await wait(BANNER_AUTOPLAY_MS);
    expect(shownTitle()).toBe('Rooms');
  });

  it('does not move by itself when the visitor prefers reduced motion; play still starts it', async () => {
    preferReducedMotion(true);
    const { user } = renderCarousel();
    expect(liveRegion()?.getAttribute('aria-live')).toBe('polite');
    await wait(BANNER_AUTOPLAY_MS * 3);
    expect(shownTitle()).toBe('Packages');

    await user.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    await wait(BANNER_AUTOPLAY_MS);
    expect(shownTitle()).toBe('Rooms');
  });

  it('works from the keyboard: rotation control first, then previous, the slide buttons and next', async () => {
    const { user } = renderCarousel();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'See Packages' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous slide' }));

    // Focus inside the carousel holds the rotation, and the slides become a polite live region.
    expect(liveRegion()?.getAttribute('aria-live')).toBe('polite');
    await wait(BANNER_AUTOPLAY_MS * 2);
    expect(shownTitle()).toBe('Packages');

    await user.keyboard('{Enter}');
    expect(shownTitle()).toBe('Vouchers');

    await user.tab();
    const picker = screen.getByRole('group', { name: 'Choose a slide' });
    expect(document.activeElement).toBe(within(picker).getByRole('button', { name: 'Slide 1: Packages' }));
    await user.tab();
    await user.keyboard(' ');
    expect(shownTitle()).toBe('Rooms');
    expect(within(picker).getByRole('button', { name: 'Slide 2: Rooms' }).getAttribute('aria-current')).toBe('true');
    expect(within(picker).getByRole('button', { name: 'Slide 3: Vouchers' }).getAttribute('aria-current')).toBeNull();

    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next slide' }));
    await user.keyboard('{Enter}');
    expect(shownTitle()).toBe('Vouchers');
    await user.keyboard('{Enter}');
    expect(shownTitle()).toBe('Packages');

    // Focus leaves: the rotation goes on.
    await user.tab();
    expect(liveRegion()?.getAttribute('aria-live')).toBe('off');
    await wait(BANNER_AUTOPLAY_MS);
    expect(shownTitle()).toBe('Rooms');
  });

  it('holds while the pointer is over the slides', async () => {
    renderCarousel();
    const slidesArea = liveRegion() as HTMLElement;
    fireEvent.mouseEnter(slidesArea);
    await wait(BANNER_AUTOPLAY_MS * 2);
    expect(shownTitle()).toBe('Packages');
    fireEvent.mouseLeave(slidesArea);
    await wait(BANNER_AUTOPLAY_MS);
    expect(shownTitle()).toBe('Rooms');
  });

  it('has no controls for a single slide', async () => {
    renderWithProviders(<Carousel label="One" slides={SLIDES.slice(0, 1)} />, { locale: 'en_GB' });
    expect(screen.queryByRole('button')).toBeNull();
    await wait(BANNER_AUTOPLAY_MS * 2);
    expect(shownTitle()).toBe('Packages');
  });
});
