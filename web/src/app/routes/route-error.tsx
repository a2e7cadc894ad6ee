import { isRouteErrorResponse, useRouteError } from 'react-router';

import { useDocumentTitle } from '@/hooks/use-document-title';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { NotFoundRoute } from './not-found';

/** Errors thrown while loading or rendering a page; the layout stays. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useI18n();
  useDocumentTitle(t('errors.pageTitle'));

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  if (import.meta.env.DEV) console.error(error);

  return (
    <section className="page page--message">
      <h1>{t('errors.pageTitle')}</h1>
      <p>{t('errors.pageBody')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('errors.retry')}
      </button>
    </section>
  );
}
