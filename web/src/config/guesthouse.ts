/**
 * The guesthouse's contact details, shown on the contact page (spec 2.4):
 * one place to change them. Demo data: the numbers, addresses and hours are
 * made up; the place is the one the spec centres its maps on. Text that
 * differs by language is given in all three.
 */
import type { Locale } from '@/lib/i18n/locale';

export type Localized = Readonly<Record<Locale, string>>;

export type Phone = {
  label: Localized;
  /** As shown; the `tel:` link drops the spaces. */
  number: string;
};

export type OpeningHours = {
  days: Localized;
  /** `HH:MM`, local time. */
  from: string;
  to: string;
};

export type LatLng = readonly [latitude: number, longitude: number];

export const guesthouse = {
  address: {
    street: 'ul. Jeziorna 12',
    postcode: '69-220',
    city: 'Ośno Lubuskie',
    country: { pl: 'Polska', de: 'Polen', en_GB: 'Poland' } as Localized,
  },
  phones: [
    { label: { pl: 'Recepcja', de: 'Rezeption', en_GB: 'Reception' }, number: '+48 95 757 20 10' },
    { label: { pl: 'Rezerwacje', de: 'Reservierungen', en_GB: 'Bookings' }, number: '+48 95 757 20 11' },
    { label: { pl: 'Strefa spa', de: 'Spa-Bereich', en_GB: 'Spa' }, number: '+48 601 200 310' },
  ] as readonly Phone[],
  reception: {
    email: 'recepcja@pensjonat-spa.example',
    hours: [
      { days: { pl: 'Codziennie', de: 'Täglich', en_GB: 'Every day' }, from: '07:00', to: '22:00' },
    ] as readonly OpeningHours[],
    note: {
      pl: 'Zameldowanie od 15:00, wymeldowanie do 11:00.',
      de: 'Check-in ab 15:00 Uhr, Check-out bis 11:00 Uhr.',
      en_GB: 'Check-in from 15:00, check-out by 11:00.',
    } as Localized,
  },
  office: {
    where: {
      pl: 'Budynek główny, parter, pokój 4',
      de: 'Hauptgebäude, Erdgeschoss, Raum 4',
      en_GB: 'Main building, ground floor, room 4',
    } as Localized,
    phone: '+48 95 757 20 12',
    email: 'biuro@pensjonat-spa.example',
    hours: [
      { days: { pl: 'Poniedziałek–piątek', de: 'Montag–Freitag', en_GB: 'Monday to Friday' }, from: '08:00', to: '16:00' },
      { days: { pl: 'Sobota', de: 'Samstag', en_GB: 'Saturday' }, from: '09:00', to: '13:00' },
    ] as readonly OpeningHours[],
  },
  /** Where the guesthouse is: the centre of the maps (spec 2.5, 9: near 52.46, 14.86). */
  location: [52.46, 14.86] as LatLng,
  /** The contact page's map (spec 9): zoom 12, kept within the Lubusz region of western Poland. */
  map: {
    zoom: 12,
    minZoom: 9,
    maxZoom: 18,
    bounds: [
      [51.35, 14.5],
      [53.15, 16.45],
    ] as readonly [LatLng, LatLng],
  },
  /**
   * The route planner the directions link opens (in a new window) with the
   * visitor's origin and the guesthouse as destination, and the map a
   * visitor without the page's own map is sent to.
   */
  routePlannerUrl: 'https://www.google.com/maps/dir/',
  mapSearchUrl: 'https://www.google.com/maps/search/',
} as const;

/** `tel:` link of a number as shown ("+48 95 757 20 10" -> "tel:+48957572010"). */
export const telHref = (number: string): string => `tel:${number.replace(/[^\d+]/g, '')}`;

const coordinates = ([latitude, longitude]: LatLng) => `${latitude},${longitude}`;

/**
 * The route planner from `origin` (what the visitor typed; left out when
 * empty, so the planner asks or uses the visitor's position) to the
 * guesthouse, by the planner's documented URL parameters.
 */
export function routePlannerHref(origin: string): string {
  const query = new URLSearchParams({ api: '1' });
  if (origin.trim()) query.set('origin', origin.trim());
  query.set('destination', coordinates(guesthouse.location));
  return `${guesthouse.routePlannerUrl}?${query.toString()}`;
}

/** The guesthouse on a public map (the page's static fallback links there). */
export function mapSearchHref(): string {
  const query = new URLSearchParams({ api: '1', query: coordinates(guesthouse.location) });
  return `${guesthouse.mapSearchUrl}?${query.toString()}`;
}
