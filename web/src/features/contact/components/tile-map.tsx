/**
 * The contact and location pages' map (spec 2.5, 9): Leaflet with the
 * page's tiles, centred on the guesthouse at the page's zoom and kept within
 * a region around it (config/guesthouse.ts), with a pin on the guesthouse.
 * Leaflet (and its stylesheet) is in this chunk only, which a page loads
 * when it names tiles.
 */
import 'leaflet/dist/leaflet.css';

import { control, divIcon, map as createMap, marker, tileLayer } from 'leaflet';
import { useEffect, useRef } from 'react';

import { contactMap, mapBounds, type LatLng } from '@/config/guesthouse';

export type TileMapProps = {
  /** Where the guesthouse is: the centre and the pin. */
  location: LatLng;
  zoom: number;
  /** A `{z}/{x}/{y}` URL template. */
  tilesUrl: string;
  /** Plain text (escaped here: Leaflet writes it as HTML). */
  attribution: string;
  /** The map's accessible name. */
  label: string;
  /** The pin's tooltip. */
  placeName: string;
  zoomInLabel: string;
  zoomOutLabel: string;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function TileMap({ location, zoom, tilesUrl, attribution, label, placeName, zoomInLabel, zoomOutLabel }: TileMapProps) {
  const container = useRef<HTMLDivElement>(null);
  // A new position is a new map: by its numbers, not the pair's identity.
  const [latitude, longitude] = location;

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const bounds = mapBounds([latitude, longitude]);
    const view = createMap(node, {
      center: [latitude, longitude],
      zoom,
      minZoom: contactMap.minZoom,
      maxZoom: contactMap.maxZoom,
      maxBounds: bounds,
      maxBoundsViscosity: 1,
      // The page scrolls under the wheel; zoom with the buttons, +/- or a double click.
      scrollWheelZoom: false,
      // Added below with localized titles.
      zoomControl: false,
    });
    control.zoom({ zoomInTitle: zoomInLabel, zoomOutTitle: zoomOutLabel }).addTo(view);
    tileLayer(tilesUrl, { attribution: escapeHtml(attribution), bounds }).addTo(view);
    marker([latitude, longitude], {
      icon: divIcon({ className: 'contact-map__pin', iconSize: [24, 24], iconAnchor: [12, 12] }),
      title: placeName,
      keyboard: false,
    }).addTo(view);
    return () => {
      view.remove();
    };
  }, [latitude, longitude, zoom, tilesUrl, attribution, placeName, zoomInLabel, zoomOutLabel]);

  return <div ref={container} className="contact-map__canvas" role="region" aria-label={label} />;
}
