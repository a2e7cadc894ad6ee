import type { Locale } from '@/lib/i18n/locale';

/** Query keys of the content system: pages by language and path, blocks by id and language. */
export const contentKeys = {
  pages: ['content', 'page'] as const,
  page: (locale: Locale, url: string) => ['content', 'page', locale, url] as const,
  block: (id: string, locale: Locale) => ['content', 'block', id, locale] as const,
};

/** The editor's calls: one block in one language. */
export const blockPath = (id: string) => `/backend/blocks/${encodeURIComponent(id)}`;
