import { Link, useLocation } from 'react-router';

import { useI18n } from '@/lib/i18n/i18n-provider';

type Props = {
  page: number;
  pages: number;
  /** Query parameter that carries the page number. */
  param?: string;
};

/** Page links that keep the rest of the query string. */
export function Pagination({ page, pages, param = 'page' }: Props) {
  const { t } = useI18n();
  const location = useLocation();
  if (pages <= 1) return null;

  const to = (target: number) => {
    const search = new URLSearchParams(location.search);
    if (target <= 1) search.delete(param);
    else search.set(param, String(target));
    const text = search.toString();
    return { pathname: location.pathname, search: text ? `?${text}` : '' };
  };

  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <ul className="pagination__list">
        {page > 1 && (
          <li>
            <Link className="pagination__link" to={to(page - 1)} rel="prev">
              {t('pagination.previous')}
            </Link>
          </li>
        )}
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              className="pagination__link"
              to={to(n)}
              aria-label={t('pagination.page', { page: n })}
              aria-current={n === page ? 'page' : undefined}
            >
              {n}
            </Link>
          </li>
        ))}
        {page < pages && (
          <li>
            <Link className="pagination__link" to={to(page + 1)} rel="next">
              {t('pagination.next')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
