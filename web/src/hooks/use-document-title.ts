import { useEffect } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';

/** Sets document.title to "<page> | <site name>" in the page's language. */
export function useDocumentTitle(pageTitle: string) {
  const { t } = useI18n();
  const title = t('app.documentTitle', { page: pageTitle });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
