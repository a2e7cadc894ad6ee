/**
 * Build-time settings (Vite `VITE_*` variables), each with the default that the
 * gateway uses. Nothing else in the app reads import.meta.env directly, but
 * for the home page's film (config/home-video.ts), which stays out of the
 * first load that way.
 */
export const env = {
  /** Base path of the shop REST API, served by the gateway. */
  apiBase: import.meta.env.VITE_API_BASE ?? '/shop-api',
  /** Sales channel code sent with every call (the gateway's CHANNEL_CODE). */
  channelCode: import.meta.env.VITE_CHANNEL_CODE ?? 'web_pl',
  /**
   * The contact page's map tiles, a `{z}/{x}/{y}` URL template (e.g. a tile
   * server of your own). Unset: no map is drawn and no tile is asked for;
   * the page shows the address with a link to a public map instead. The
   * tile host must be allowed by the gateway's Content-Security-Policy
   * (`img-src`).
   */
  mapTilesUrl: import.meta.env.VITE_MAP_TILES_URL || undefined,
  /** The tiles' attribution as their licence asks (HTML is not interpreted). */
  mapAttribution: import.meta.env.VITE_MAP_ATTRIBUTION || '© OpenStreetMap contributors',
} as const;

