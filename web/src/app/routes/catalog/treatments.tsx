import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

import { OFFER_PAGE_SIZE } from '@/config/constants';
import { offerPageQueryOptions } from '@/features/catalog/api/get-offer';
import { pageFromSearch, TreatmentsList } from '@/features/catalog/components/treatments-list';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';

/** Starts loading the listing together with the page's code; does not wait for it. */
export const treatmentsLoader =
  (queryClient: QueryClient, locale: Locale) =>
  ({ request }: LoaderFunctionArgs) => {
    const page = pageFromSearch(new URL(request.url).searchParams);
    void queryClient.prefetchQuery(
      offerPageQueryOptions({ type: 'treatment', locale, page, limit: OFFER_PAGE_SIZE }),
    );
    return null;
  };

export function TreatmentsRoute() {
  const { t } = useI18n();
  const title = t('catalog.treatments.title');
  useDocumentTitle(title);

  return (
    <div className="page">
      <div className="page__header">
        <h1>{title}</h1>
        <p className="page__lead">{t('catalog.treatments.lead')}</p>
      </div>
      <TreatmentsList />
    </div>
  );
}
