import { describe, expect, it } from 'vitest';

import { placesNeeded, roomTakesGuests } from './guest-fit';

describe('roomTakesGuests', () => {
  const room = { maxOccupancy: 3 };

  it('counts adults and children, not babies', () => {
    expect(placesNeeded({ adults: 2, children: 1, babies: 2 })).toBe(3);
    expect(roomTakesGuests(room, { adults: 2, children: 1, babies: 2 })).toBe(true);
  });

  it('refuses more sleepers than the maximum occupancy', () => {
    expect(roomTakesGuests(room, { adults: 2, children: 2, babies: 0 })).toBe(false);
    expect(roomTakesGuests({ maxOccupancy: 2 }, { adults: 2, children: 1, babies: 0 })).toBe(false);
  });

  it('needs an adult', () => {
    expect(roomTakesGuests(room, { adults: 0, children: 2, babies: 0 })).toBe(false);
  });
});
