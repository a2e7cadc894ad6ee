import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { pagePatterns } from '@/config/route-manifest';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { PageBlock } from '@/types/api';

import '@/features/content/content.css';
import { internalLinkPath } from '@/features/content/utils/internal-link';

import { BlockHtml } from './block-html';

type Props = {
  containers: readonly PageBlock[];
  /** Each block with a link to edit it (edit mode, for editors). */
  editLinks?: boolean;
};

/**
 * A page's blocks in order. Their links to pages of the app navigate within
 * it (utils/internal-link.ts).
 */
export function ContentBlocks({ containers, editLinks = false }: Props) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const to = internalLinkPath(event.nativeEvent, window.location, pagePatterns(locale));
    if (to === null) return;
    event.preventDefault();
    void navigate(to);
  };

  return (
    // Clicks bubble up from the blocks' own links: the links stay keyboard links.
    <div className="content-blocks" onClick={onClick}>
      {containers.map((container) => (
        <section key={container.id} className="content-block" data-block-id={container.id}>
          {editLinks && (
            <Link
              className="content-block__edit button button--small"
              to={paths.editBlock.href(locale, { id: container.id }, { locale })}
            >
              {t('content.editBlock', { id: container.id })}
            </Link>
          )}
          <BlockHtml html={container.content} />
        </section>
      ))}
    </div>
  );
}
