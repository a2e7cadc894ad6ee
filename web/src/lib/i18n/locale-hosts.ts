/**
 * Where the pages of each language live. German paths coincide with Polish
 * ones, so German has a host of its own; English sits under `/en` on the
 * Polish host unless it has one too. The gateway writes the hosts seen from
 * this very request into the page, keeping its port:
 *
 *   <meta name="locale-hosts" content="pl=localhost:8080,de=de.localhost:8080,en_GB=localhost:8080">
 *
 * so the same build works on any host, without a rebuild. A language the
 * gateway names no host for is not offered.
 */
import { isLocale, type Locale } from './locale';

export type LocaleOrigins = Partial<Record<Locale, string>>;

export const LOCALE_HOSTS_META = 'locale-hosts';

// A plain host name, IPv4 or [IPv6] address, and an optional port.
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `pl=host[:port],…` as origins with `protocol` ("https:"); bad entries are skipped. */
export function parseLocaleHosts(content: string, protocol: string): LocaleOrigins {
  const origins: LocaleOrigins = {};
  for (const entry of content.split(',')) {
    const [locale, host] = entry.split('=').map((part) => part.trim());
    if (isLocale(locale) && host && PLAIN_HOST.test(host)) origins[locale] = `${protocol}//${host}`;
  }
  return origins;
}

/**
 * The origins of this page's languages. Without the gateway's meta (a page
 * served by something else), Polish and English share this page's origin and
 * German is not offered; the page's own language is always on its origin.
 */
export function getLocaleOrigins(current: Locale, doc: Document = document): LocaleOrigins {
  const { origin, protocol } = doc.location;
  const content = doc.querySelector(`meta[name="${LOCALE_HOSTS_META}"]`)?.getAttribute('content');
  const origins = content == null ? { pl: origin, en_GB: origin } : parseLocaleHosts(content, protocol);
  return { ...origins, [current]: origin };
}
