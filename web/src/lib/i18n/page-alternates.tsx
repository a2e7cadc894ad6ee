/**
 * The same page in every language, for the language switcher and the
 * canonical and alternate <link>s.
 *
 * Most pages are one route of the table (config/paths.ts): its path in each
 * language. A page whose equivalents the table cannot know (a product, whose
 * slug differs per language) names them itself with usePublishPageAlternates;
 * its route says so with `handle.ownAlternates`.
 */
import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import { paths } from '@/config/paths';
import { useCurrentRouteHandle } from '@/hooks/use-current-route';

import { useI18n } from './i18n-provider';
import { getLocaleOrigins, type LocaleOrigins } from './locale-hosts';
import { LOCALES, type Locale } from './locale';

export type LocalePaths = Partial<Record<Locale, string>>;

/** What a page named, and for which path (a stale record is ignored). */
type Published = { pathname: string; paths: LocalePaths };

const PublishedContext = createContext<Published | null>(null);
const PublishContext = createContext<((value: Published | null) => void) | null>(null);

export function PageAlternatesProvider({ children }: { children: ReactNode }) {
  const [published, setPublished] = useState<Published | null>(null);
  return (
    <PublishContext value={setPublished}>
      <PublishedContext value={published}>{children}</PublishedContext>
    </PublishContext>
  );
}

/** Names this page's path in each language; `undefined` while not known. */
export function usePublishPageAlternates(localePaths: LocalePaths | undefined) {
  const publish = use(PublishContext);
  const { pathname } = useLocation();
  const key = localePaths ? JSON.stringify(localePaths) : '';
  useEffect(() => {
    if (!publish || !key) return undefined;
    publish({ pathname, paths: JSON.parse(key) as LocalePaths });
    return () => publish(null);
  }, [publish, pathname, key]);
}

/** The origins of this page's languages (see locale-hosts.ts), read once. */
export function useLocaleOrigins(): LocaleOrigins {
  const { locale } = useI18n();
  return useMemo(() => getLocaleOrigins(locale), [locale]);
}

export type PageAlternate = {
  locale: Locale;
  /** Absolute: the origin of the language and the page's path there. */
  href: string;
  /**
   * Whether `href` is this very page: not on the not-found page (it links to
   * the home), nor while a page has not named its equivalent in the language
   * (it links to the route of its handle, e.g. a product's listing).
   */
  exact: boolean;
};

export type PageAlternates = {
  /** Every language with a host, the page's own included, in LOCALES order. */
  links: PageAlternate[];
  /** The query of the page, worth keeping: filters and searches are codes, dates and numbers. */
  search: string;
};

export function usePageAlternates(): PageAlternates {
  const origins = useLocaleOrigins();
  const { routeName, ownAlternates = false } = useCurrentRouteHandle();
  const { pathname, search } = useLocation();
  const published = use(PublishedContext);
  const own = published?.pathname === pathname ? published.paths : undefined;

  const links: PageAlternate[] = [];
  for (const locale of LOCALES) {
    const origin = origins[locale];
    if (origin === undefined) continue;
    const named = own?.[locale];
    links.push({
      locale,
      href: `${origin}${named ?? paths[routeName ?? 'root'].path(locale)}`,
      exact: ownAlternates ? named !== undefined : routeName !== undefined,
    });
  }
  return { links, search: own ? '' : search };
}
