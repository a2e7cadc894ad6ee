/**
 * Build-time settings (Vite `VITE_*` variables), each with the default that the
 * gateway uses. Nothing else in the app reads import.meta.env directly.
 */
export const env = {
  /** Base path of the shop REST API, served by the gateway. */
  apiBase: import.meta.env.VITE_API_BASE ?? '/shop-api',
  /** Sales channel code sent with every call (the gateway's CHANNEL_CODE). */
  channelCode: import.meta.env.VITE_CHANNEL_CODE ?? 'web_pl',
} as const;

/**
 * Where each language lives. English shares the host (`/en` prefix); German
 * paths coincide with Polish ones, so German needs its own host (the
 * gateway's LOCALE_HOSTS) and is only offered once VITE_LOCALE_ORIGINS names
 * it, e.g. "de=https://de.example.com,pl=https://example.com".
 */
export function parseLocaleOrigins(value: string | undefined): Partial<Record<string, string>> {
  const origins: Partial<Record<string, string>> = { pl: '', en_GB: '' };
  for (const entry of (value ?? '').split(',')) {
    const [locale, origin] = entry.split('=').map((part) => part.trim());
    if (locale && origin !== undefined) origins[locale] = origin.replace(/\/$/, '');
  }
  return origins;
}

export const localeOrigins = parseLocaleOrigins(import.meta.env.VITE_LOCALE_ORIGINS);
