import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { RoomRating, starsOf } from './room-rating';

describe('a room’s rating', () => {
  it('is drawn to the nearest half star', () => {
    expect(starsOf(4.5)).toEqual(['on', 'on', 'on', 'on', 'half']);
    expect(starsOf(4.2)).toEqual(['on', 'on', 'on', 'on', 'off']);
    expect(starsOf(4.8)).toEqual(['on', 'on', 'on', 'on', 'on']);
    expect(starsOf(0.3)).toEqual(['half', 'off', 'off', 'off', 'off']);
    expect(starsOf(7)).toEqual(['on', 'on', 'on', 'on', 'on']);
  });

  it('shows 4.5 as four stars and a half, saying its value', () => {
    renderWithProviders(<RoomRating rating={4.5} />);
    const stars = screen.getByTestId('room-rating').querySelectorAll('svg');
    expect([...stars].map((star) => star.getAttribute('data-star'))).toEqual(['on', 'on', 'on', 'on', 'half']);
    expect(stars[4]?.querySelector('clipPath')).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Ocena gości: 4,5 z 5');
  });

  it('fills the half star’s left half only, in the filled stars’ colour', () => {
    renderWithProviders(<RoomRating rating={4.5} />);
    const half = screen.getByTestId('room-rating').querySelector('svg[data-star="half"]')!;
    expect(half.getAttribute('class')).toBe('rating__star');
    const rect = half.querySelector('clipPath rect');
    expect([rect?.getAttribute('width'), half.getAttribute('viewBox')]).toEqual(['12', '0 0 24 24']);
    const filled = half.querySelector('path.rating__star--on');
    expect(filled?.getAttribute('clip-path')).toBe(`url(#${half.querySelector('clipPath')?.id})`);
  });

  it.each([
    ['de', 'Gästebewertung: 4,5 von 5'],
    ['en_GB', 'Guest rating: 4.5 out of 5'],
  ] as const)('says its value in %s', (locale, label) => {
    renderWithProviders(<RoomRating rating={4.5} />, { locale });
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(label);
  });
});
