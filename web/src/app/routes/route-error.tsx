import { isRouteErrorResponse, useRouteError } from 'react-router';

import { usePageHead } from '@/hooks/use-page-head';
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
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage chunk={isChunkLoadError(error)} />;
}

/** Any other error: the page says so, in its head too (the not-found page sets its own). */
function ErrorPage({ chunk }: { chunk: boolean }) {
  const { t } = useI18n();
  const body = t(chunk ? 'errors.chunkBody' : 'errors.pageBody');
  usePageHead(t('errors.pageTitle'), body);

  return (
    <section className="page page--message">
      <h1>{t('errors.pageTitle')}</h1>
      <p>{body}</p>
      <button type="button" className="button" onClick={reloadPage}>
        {t('errors.retry')}
      </button>
    </section>
  );
}
