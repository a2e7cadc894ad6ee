import { useSearchParams } from 'react-router';

import { Pagination } from '@/components/ui/pagination';
import { StatusMessage } from '@/components/ui/status-message';
import { OFFER_PAGE_SIZE } from '@/config/constants';
import { useOfferPage } from '@/features/catalog/api/get-offer';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { ProductCard } from './product-card';

/** Reads `?page=` defensively: anything but a positive integer is page 1. */
export function pageFromSearch(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function TreatmentsList() {
  const { t, locale } = useI18n();
  const [search] = useSearchParams();
  const page = pageFromSearch(search);
  const query = useOfferPage({ type: 'treatment', locale, page, limit: OFFER_PAGE_SIZE });

  if (query.isPending) {
    return <StatusMessage kind="loading">{t('catalog.loading')}</StatusMessage>;
  }

  if (query.isError) {
    return (
      <StatusMessage
        kind="error"
        action={
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </button>
        }
      >
        {t('catalog.error')} {query.error.message}
      </StatusMessage>
    );
  }

  const { items, pages } = query.data;
  if (items.length === 0) {
    return <StatusMessage kind="empty">{t('catalog.treatments.empty')}</StatusMessage>;
  }

  return (
    <section aria-labelledby="treatments-count" aria-busy={query.isPlaceholderData}>
      <p id="treatments-count" className="listing__count">
        {t('catalog.treatments.count', { count: pages.total })}
      </p>
      <ul className="card-grid">
        {items.map((item) => (
          <li key={item.code}>
            <ProductCard item={item} />
          </li>
        ))}
      </ul>
      <Pagination page={pages.page} pages={pages.pages} />
    </section>
  );
}
