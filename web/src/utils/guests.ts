/**
 * The guest picker (spec 2.5, 4, 5, 9) as a pure reducer.
 *
 * - adults 1-2, children (aged 4 to 16) 0-2, babies (under 4) 0-2;
 *   defaults 2 / 0 / 0;
 * - a counter without limits of its own counts 0..3;
 * - increment stops at the maximum, decrement at the minimum;
 * - clear puts every counter back to its default.
 *
 * The summary counts adults and children as guests and babies apart (they
 * need no bed of their own).
 */
import { DEFAULT_GUESTS, GUEST_COUNTER_DEFAULT_MAX, GUEST_LIMITS } from '@/config/constants';

export type GuestKind = 'adults' | 'children' | 'babies';

export const GUEST_KINDS: readonly GuestKind[] = ['adults', 'children', 'babies'];

export type Guests = Record<GuestKind, number>;

export type CounterLimits = { min?: number; max?: number };

export type GuestLimits = Partial<Record<GuestKind, CounterLimits>>;

export type GuestAction =
  | { type: 'increment'; kind: GuestKind }
  | { type: 'decrement'; kind: GuestKind }
  | { type: 'clear' };

/** A counter's bounds: its own, else 0..3. */
export function counterLimits(limits: CounterLimits | undefined): { min: number; max: number } {
  return { min: limits?.min ?? 0, max: limits?.max ?? GUEST_COUNTER_DEFAULT_MAX };
}

export const canIncrement = (guests: Guests, kind: GuestKind, limits: GuestLimits = GUEST_LIMITS) =>
  guests[kind] < counterLimits(limits[kind]).max;

export const canDecrement = (guests: Guests, kind: GuestKind, limits: GuestLimits = GUEST_LIMITS) =>
  guests[kind] > counterLimits(limits[kind]).min;

/** The reducer, for a set of limits (the shop's by default). */
export function createGuestsReducer(limits: GuestLimits = GUEST_LIMITS, defaults: Guests = DEFAULT_GUESTS) {
  return (state: Guests, action: GuestAction): Guests => {
    switch (action.type) {
      case 'increment':
        return canIncrement(state, action.kind, limits) ? { ...state, [action.kind]: state[action.kind] + 1 } : state;
      case 'decrement':
        return canDecrement(state, action.kind, limits) ? { ...state, [action.kind]: state[action.kind] - 1 } : state;
      case 'clear':
        return { ...defaults };
    }
  };
}

export const guestsReducer = createGuestsReducer();

/** Whether a number of guests is within the limits (e.g. read from a URL). */
export function isValidGuestCount(kind: GuestKind, value: number, limits: GuestLimits = GUEST_LIMITS): boolean {
  const { min, max } = counterLimits(limits[kind]);
  return Number.isInteger(value) && value >= min && value <= max;
}

/** What the summary label counts: guests (adults and children) and babies. */
export function guestSummary(guests: Guests): { guests: number; babies: number } {
  return { guests: guests.adults + guests.children, babies: guests.babies };
}
