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
} as const;

