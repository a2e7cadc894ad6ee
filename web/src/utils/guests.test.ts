import { describe, expect, it } from 'vitest';

import { DEFAULT_GUESTS, GUEST_LIMITS } from '@/config/constants';
import { formatMessage } from '@/lib/i18n/format-message';
import { dictionaries } from '@/lib/i18n/messages';

import {
  canDecrement,
  canIncrement,
  counterLimits,
  createGuestsReducer,
  guestsReducer,
  guestSummary,
  isValidGuestCount,
  type GuestAction,
  type Guests,
} from './guests';

const run = (start: Guests, ...actions: GuestAction[]) => actions.reduce(guestsReducer, start);
const inc = (kind: keyof Guests): GuestAction => ({ type: 'increment', kind });
const dec = (kind: keyof Guests): GuestAction => ({ type: 'decrement', kind });

describe('guest picker rules (spec 5, 9)', () => {
  it('defaults to 2 adults, 0 children, 0 babies', () => {
    expect(DEFAULT_GUESTS).toEqual({ adults: 2, children: 0, babies: 0 });
  });

  it('has adults 1-2, children (4-16) 0-2, babies (under 4) 0-2', () => {
    expect(GUEST_LIMITS).toEqual({
      adults: { min: 1, max: 2 },
      children: { min: 0, max: 2 },
      babies: { min: 0, max: 2 },
    });
  });

  it('increments up to the maximum, then stays', () => {
    expect(run(DEFAULT_GUESTS, inc('adults'))).toEqual(DEFAULT_GUESTS);
    expect(run(DEFAULT_GUESTS, inc('children'), inc('children'), inc('children'))).toEqual({
      adults: 2,
      children: 2,
      babies: 0,
    });
    expect(run(DEFAULT_GUESTS, inc('babies'), inc('babies'), inc('babies')).babies).toBe(2);
    expect(canIncrement({ adults: 2, children: 1, babies: 2 }, 'children')).toBe(true);
    expect(canIncrement({ adults: 2, children: 2, babies: 2 }, 'children')).toBe(false);
  });

  it('decrements down to the minimum: adults stop at 1, children and babies at 0', () => {
    expect(run(DEFAULT_GUESTS, dec('adults'), dec('adults'), dec('adults')).adults).toBe(1);
    expect(run(DEFAULT_GUESTS, dec('children')).children).toBe(0);
    expect(run({ adults: 1, children: 1, babies: 1 }, dec('babies'), dec('babies')).babies).toBe(0);
    expect(canDecrement({ adults: 1, children: 0, babies: 0 }, 'adults')).toBe(false);
    expect(canDecrement({ adults: 2, children: 0, babies: 0 }, 'adults')).toBe(true);
  });

  it('returns the same state when a step is blocked', () => {
    const state = { adults: 2, children: 2, babies: 0 };
    expect(guestsReducer(state, inc('children'))).toBe(state);
  });

  it('clear puts every counter back to its default', () => {
    expect(run({ adults: 1, children: 2, babies: 2 }, { type: 'clear' })).toEqual(DEFAULT_GUESTS);
  });

  it('a counter without limits of its own counts 0..3', () => {
    expect(counterLimits(undefined)).toEqual({ min: 0, max: 3 });
    expect(counterLimits({ max: 5 })).toEqual({ min: 0, max: 5 });
    const open = createGuestsReducer({}, { adults: 0, children: 0, babies: 0 });
    const state = [1, 2, 3, 4].reduce<Guests>((s) => open(s, inc('adults')), { adults: 0, children: 0, babies: 0 });
    expect(state.adults).toBe(3);
    expect(open(state, { type: 'clear' })).toEqual({ adults: 0, children: 0, babies: 0 });
  });

  it('checks counts read from elsewhere (e.g. a URL)', () => {
    expect(isValidGuestCount('adults', 0)).toBe(false);
    expect(isValidGuestCount('adults', 2)).toBe(true);
    expect(isValidGuestCount('children', 3)).toBe(false);
    expect(isValidGuestCount('babies', 1.5)).toBe(false);
  });

  it('summarises guests (adults and children) and babies apart', () => {
    expect(guestSummary({ adults: 2, children: 1, babies: 1 })).toEqual({ guests: 3, babies: 1 });
  });
});

describe('guest summary wording', () => {
  const say = (locale: 'pl' | 'de' | 'en_GB', key: string, count: number) =>
    formatMessage(dictionaries[locale][key] ?? '', { count }, locale === 'en_GB' ? 'en-GB' : locale);

  it('uses real Polish plurals for guests and babies', () => {
    expect([1, 2, 4, 5, 12, 22].map((n) => say('pl', 'guests.summary.guests', n))).toEqual([
      '1 gość',
      '2 gości',
      '4 gości',
      '5 gości',
      '12 gości',
      '22 gości',
    ]);
    expect([1, 2, 5].map((n) => say('pl', 'guests.summary.babies', n))).toEqual([
      '1 niemowlę',
      '2 niemowlęta',
      '5 niemowląt',
    ]);
  });

  it('has German and English equivalents', () => {
    expect([1, 2].map((n) => say('de', 'guests.summary.guests', n))).toEqual(['1 Gast', '2 Gäste']);
    expect([1, 2].map((n) => say('de', 'guests.summary.babies', n))).toEqual(['1 Baby', '2 Babys']);
    expect([1, 2].map((n) => say('en_GB', 'guests.summary.guests', n))).toEqual(['1 guest', '2 guests']);
    expect([1, 2].map((n) => say('en_GB', 'guests.summary.babies', n))).toEqual(['1 baby', '2 babies']);
  });
});
