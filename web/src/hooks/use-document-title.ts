import { useLayoutEffect } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * Sets document.title to "<page> | <site name>" in the page's language, in
 * the same commit as the page itself: a passive effect would leave the old
 * title showing (and readable) for a moment after the new page is on screen.
 */
export function useDocumentTitle(pageTitle: string) {
  const { t } = useI18n();
  const title = t('app.documentTitle', { page: pageTitle });
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
}
