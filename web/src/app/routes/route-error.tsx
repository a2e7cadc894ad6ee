import { isRouteErrorResponse, useRouteError } from 'react-router';

import { useDocumentTitle } from '@/hooks/use-document-title';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { isChunkLoadError } from '@/lib/with-timeout';
import { reloadPage } from '@/lib/reload-page';

import { NotFoundRoute } from './not-found';

/**
 * Errors thrown while loading or rendering a page; the layout stays. "Try
 * again" loads the page afresh: a page whose code did not come (spec 8) can
 * only be retried that way, and it picks up a newer build too.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useI18n();
  useDocumentTitle(t('errors.pageTitle'));

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  if (import.meta.env.DEV) console.error(error);

  return (
    <section className="page page--message">
      <h1>{t('errors.pageTitle')}</h1>
      <p>{t(isChunkLoadError(error) ? 'errors.chunkBody' : 'errors.pageBody')}</p>
      <button type="button" className="button" onClick={reloadPage}>
        {t('errors.retry')}
      </button>
    </section>
  );
}
