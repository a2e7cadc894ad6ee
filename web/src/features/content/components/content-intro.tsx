import type { ReactNode } from 'react';

import { useContentPage } from '@/features/content/api/get-page';

import { PageBlocks } from './edit-mode';

type Props = {
  /** The page's path in the route table. */
  url: string;
  canEdit: boolean;
  /** Shown when the content system has no blocks for the page, or fails. */
  fallback: ReactNode;
};

/**
 * The blocks of a page built by the app (the reservation search, spec 2.3),
 * e.g. its introduction: nothing while they load, `fallback` without them.
 */
export function ContentIntro({ url, canEdit, fallback }: Props) {
  const query = useContentPage(url);
  if (query.data && query.data.blocks.length > 0) {
    return <PageBlocks containers={query.data.blocks} canEdit={canEdit} />;
  }
  return query.isPending ? null : fallback;
}
