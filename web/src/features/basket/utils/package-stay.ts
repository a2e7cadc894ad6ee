/**
 * The package reservation modal's rules (spec 2.5, 4) as plain functions.
 */
import { BOOKING_HORIZON_DAYS, DEFAULT_GUESTS, PACKAGE_PERSONS_MAX, STAY_MAX_NIGHTS } from '@/config/constants';
import type { PackageChoice } from '@/lib/basket-actions';
import type { AddCartItem, PackageRoomSearch, PackageTreatmentChoice } from '@/types/api';
import { addDays, type IsoDate } from '@/utils/calendar-date';
import type { DateRange } from '@/utils/date-range';
import type { Guests } from '@/utils/guests';
import { chosenTreatments, configuratorReducer } from '@/utils/package-configurator';

/** A stay: dates `YYYY-MM-DD` and guests, as a reservation's options. */
export type StayOptions = { checkIn: string; checkOut: string; adults: number; children: number; babies: number };

/**
 * A package as an add request: on its own (`POST .../items`, by
 * `productCode`) or attached to a stay (`children-items`, by
 * `packageCode`); its persons and treatments are its configuration's, the
 * package's own without one (then the server's default persons).
 */
export function packageItem(choice: PackageChoice, { attached }: { attached: boolean }): AddCartItem {
  const { configuration } = choice;
  return {
    type: 'package',
    ...(attached ? { packageCode: choice.code } : { productCode: choice.code }),
    variantCode: choice.variantCode,
    ...(configuration ? { quantity: configuration.persons, options: { treatments: chosenTreatments(configuration) } } : {}),
  };
}

/** The package's persons: its configuration's, else one (the server's default on a stay is its adults). */
export const packagePersons = (choice: Pick<PackageChoice, 'configuration'>) => choice.configuration?.persons ?? 1;

/** The guests a new stay starts with: as many adults as the package is for (a package without a configuration: the defaults). */
export function initialGuests(choice: Pick<PackageChoice, 'configuration'>): Guests {
  return {
    ...DEFAULT_GUESTS,
    adults: choice.configuration ? Math.min(choice.configuration.persons, PACKAGE_PERSONS_MAX) : DEFAULT_GUESTS.adults,
  };
}

/**
 * The treatments for a stay of `adults` (a stay package is for its
 * adults): the configuration moved to that many persons by the persons
 * rule; none without a configuration (the package's own).
 */
export function treatmentsFor(choice: Pick<PackageChoice, 'configuration'>, adults: number): PackageTreatmentChoice[] | undefined {
  const { configuration } = choice;
  if (!configuration) return undefined;
  const persons = Math.min(Math.max(adults, 1), PACKAGE_PERSONS_MAX);
  const moved = configuratorReducer(
    { persons: configuration.persons, primary: configuration.primary, additional: [], minTreatments: 0 },
    { type: 'setPersons', persons },
  );
  return chosenTreatments(moved);
}

/** The calendar of the modal: from today, a year ahead, at least the package's nights (spec 2.5), at most 30. */
export function packageCalendarRules(today: IsoDate, numNights: number) {
  return {
    startDate: today,
    endDate: addDays(today, BOOKING_HORIZON_DAYS),
    minNights: Math.max(1, numNights),
    maxNights: Math.max(STAY_MAX_NIGHTS, numNights),
  } as const;
}

/** The stay of a complete pick, else null: rooms are searched once dates and guests are set (spec 4). */
export function stayOf(range: DateRange, guests: Guests): StayOptions | null {
  if (range.checkIn === null || range.checkOut === null || range.checkIn === range.checkOut) return null;
  return { checkIn: range.checkIn, checkOut: range.checkOut, ...guests };
}

/** The POST /rooms/search body for a stay. */
export function packageRoomSearch(choice: PackageChoice, stay: StayOptions): PackageRoomSearch {
  const treatments = treatmentsFor(choice, stay.adults);
  return {
    packageCode: choice.code,
    options: {
      from: stay.checkIn,
      to: stay.checkOut,
      adults: stay.adults,
      children: stay.children,
      babies: stay.babies,
      ...(treatments ? { treatments } : {}),
    },
  };
}
