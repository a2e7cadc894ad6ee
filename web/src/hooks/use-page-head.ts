import { useLayoutEffect } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * The page's head in the page's language: `<title>` ("<page> | <site
 * name>") and `<meta name="description">`, set in the same commit as the
 * page (a passive effect would leave the last page's for a moment) and
 * removed with it. Every page calls it once; app/page-head.test.tsx renders
 * each route and checks. Text from the server goes through
 * `utils/meta-description.ts` first. The canonical and hreflang links of
 * the page come from the route table (components/layouts/alternate-links.tsx,
 * in the layout).
 */
export function usePageHead(title: string, description: string) {
  const { t } = useI18n();
  const documentTitle = t('app.documentTitle', { page: title });
  useLayoutEffect(() => {
    document.title = documentTitle;
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = description;
    document.head.querySelector('meta[name="description"]')?.remove();
    document.head.append(meta);
    return () => meta.remove();
  }, [documentTitle, description]);
}
