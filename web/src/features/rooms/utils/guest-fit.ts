/**
 * Whether a room type takes the party (spec 2.3): at least one adult, and
 * adults and children (each needs a sleeping place) up to the room's
 * maximum occupancy; babies sleep in a cot and need no place. The same rule
 * as the rooms service, whose availability answer says `fitsGuests`.
 */
import type { RoomOffer } from '@/types/api';
import type { Guests } from '@/utils/guests';

export const placesNeeded = (guests: Guests): number => guests.adults + guests.children;

export const roomTakesGuests = (room: Pick<RoomOffer, 'maxOccupancy'>, guests: Guests): boolean =>
  guests.adults >= 1 && placesNeeded(guests) <= room.maxOccupancy;
