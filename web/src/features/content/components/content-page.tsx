import type { ReactNode } from 'react';

import { StatusMessage } from '@/components/ui/status-message';
import { useContentPage } from '@/features/content/api/get-page';
import { usePageHead } from '@/hooks/use-page-head';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { ContentPage as Page } from '@/types/api';
import { toDescription } from '@/utils/meta-description';

import { PageBlocks } from './edit-mode';

type Props = {
  /** The page's path in the route table (`/regulamin`): the content system finds the page by it. */
  url: string;
  /** Heading and document title until the page is there (the route's name). */
  fallbackTitle: string;
  /** An editor or administrator: the edit-mode toggle and the blocks' edit links. */
  canEdit: boolean;
  /** Shown when the content system has no page at this path in this language. */
  notFound: ReactNode;
  /** Beside the page's text on a wide screen, below it on a narrow one (the location page's map). */
  aside?: ReactNode;
};

/**
 * A page of the content system (spec 2.3, 7: GET /shop-api/pages by path
 * and language): its title as heading and document title, its meta
 * description, and its blocks. While it loads, and when it fails (with
 * "try again"), the route's name is the heading.
 */
export function ContentPage({ url, fallbackTitle, canEdit, notFound, aside }: Props) {
  const { t } = useI18n();
  const query = useContentPage(url);

  if (query.data) return <ContentArticle page={query.data} canEdit={canEdit} aside={aside} />;
  if (query.isError && query.error instanceof ApiError && query.error.status === 404 && !query.isFetching) {
    return notFound;
  }
  if (query.isPending || query.isFetching) {
    return (
      <PageFrame title={fallbackTitle}>
        <StatusMessage kind="loading">{t('content.loading')}</StatusMessage>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={fallbackTitle}>
      <StatusMessage
        kind="error"
        onRetry={() => void query.refetch()}
      >
        {t('content.error')}
      </StatusMessage>
    </PageFrame>
  );
}

/** The page's description is the content system's; while there is none, a sentence naming the page. */
function PageFrame({ title, description, wide = false, children }: { title: string; description?: string; wide?: boolean; children: ReactNode }) {
  const { t } = useI18n();
  usePageHead(title, toDescription(description || t('content.description', { page: title })));
  return (
    <div className={wide ? 'page content-page content-page--wide' : 'page content-page'}>
      <div className="page__header">
        <h1>{title}</h1>
      </div>
      {children}
    </div>
  );
}

function ContentArticle({ page, canEdit, aside }: { page: Page; canEdit: boolean; aside?: ReactNode }) {
  const blocks = <PageBlocks containers={page.blocks} canEdit={canEdit} />;
  return (
    <PageFrame title={page.title} description={page.description} wide={aside !== undefined}>
      {aside === undefined ? (
        blocks
      ) : (
        <div className="content-page__layout">
          <div className="content-page__text">{blocks}</div>
          <div className="content-page__aside">{aside}</div>
        </div>
      )}
    </PageFrame>
  );
}
