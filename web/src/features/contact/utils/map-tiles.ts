/**
 * The map tiles the gateway names in the page it serves: `<meta
 * name="map-tiles">` (its `MAP_TILES_URL`, OpenStreetMap's standard tiles
 * unless set otherwise, a `{z}/{x}/{y}` template) and `<meta
 * name="map-attribution">`, whose host its Content-Security-Policy then
 * allows. Read from the page, not the build, so one build serves any tile
 * server (and tests a local one). None (`MAP_TILES_URL=off`, or a page the
 * gateway did not serve): no map, and no tile is asked for.
 */
export type MapTiles = { url: string; attribution: string };

const DEFAULT_ATTRIBUTION = '© OpenStreetMap contributors';

export function mapTiles(): MapTiles | null {
  const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
  const url = meta('map-tiles');
  if (!url) return null;
  return { url, attribution: meta('map-attribution') || DEFAULT_ATTRIBUTION };
}
