/**
 * How the contact and location pages show where the guesthouse is (spec 2.3, 2.4, 2.5, 9).
 * The guesthouse's own details (address, phones, desks, its position) are
 * its administrators' settings, read from the API (features/contact/api).
 */

export type LatLng = readonly [latitude: number, longitude: number];

/**
 * The maps: the contact page's at zoom 12, the location page's beside its
 * text at zoom 14 (spec 2.5), each kept within a region around the guesthouse.
 */
export const contactMap = {
  zoom: 12,
  sidebarZoom: 14,
  minZoom: 9,
  maxZoom: 18,
  /** How far the map may be moved from the guesthouse, in degrees: about a region of Poland. */
  reach: [1.1, 1.6] as LatLng,
  /**
   * The route planner the directions link opens (in a new window) with the
   * visitor's origin and the guesthouse as destination, and the map a
   * visitor without the page's own map is sent to.
   */
  routePlannerUrl: 'https://www.google.com/maps/dir/',
  mapSearchUrl: 'https://www.google.com/maps/search/',
} as const;

/** Where a place with a position is. */
export const locationOf = (place: { latitude: number; longitude: number }): LatLng => [place.latitude, place.longitude];

/** The region the map is kept within, around `location`. */
export function mapBounds([latitude, longitude]: LatLng): [[number, number], [number, number]] {
  const [dLat, dLng] = contactMap.reach;
  return [
    [latitude - dLat, longitude - dLng],
    [latitude + dLat, longitude + dLng],
  ];
}

/** `tel:` link of a number as shown ("+48 95 757 20 10" -> "tel:+48957572010"). */
export const telHref = (number: string): string => `tel:${number.replace(/[^\d+]/g, '')}`;

const coordinates = ([latitude, longitude]: LatLng) => `${latitude},${longitude}`;

/**
 * The route planner from `origin` (what the visitor typed; left out when
 * empty, so the planner asks or uses the visitor's position) to the
 * guesthouse at `location`, by the planner's documented URL parameters.
 */
export function routePlannerHref(origin: string, location: LatLng): string {
  const query = new URLSearchParams({ api: '1' });
  if (origin.trim()) query.set('origin', origin.trim());
  query.set('destination', coordinates(location));
  return `${contactMap.routePlannerUrl}?${query.toString()}`;
}

/** The guesthouse on a public map (the page's static fallback links there). */
export function mapSearchHref(location: LatLng): string {
  const query = new URLSearchParams({ api: '1', query: coordinates(location) });
  return `${contactMap.mapSearchUrl}?${query.toString()}`;
}
