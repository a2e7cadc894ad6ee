import { useId } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';
import type { BlockRevision } from '@/types/api';

type Props = {
  revisions: readonly BlockRevision[];
  /** The block's latest revision: it needs no restoring. */
  current: number;
  onRestore: (revision: number) => void;
  /** A save or restore is on its way. */
  busy: boolean;
};

/** The block's revisions, newest first, each with its date, who saved it and "restore". */
export function RevisionList({ revisions, current, onRestore, busy }: Props) {
  const { t, formatDate, languageTag } = useI18n();
  const headingId = useId();
  const time = new Intl.DateTimeFormat(languageTag, { hour: '2-digit', minute: '2-digit' });
  const newestFirst = [...revisions].sort((a, b) => b.revision - a.revision);

  return (
    <section className="block-editor__history" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('editor.history')}</h2>
      <ol className="revision-list">
        {newestFirst.map((entry) => {
          const date = new Date(entry.createdAt);
          return (
            <li key={entry.revision} className="revision-list__item" data-testid="revision">
              <div className="revision-list__facts">
                <strong>{t('editor.revision', { revision: entry.revision })}</strong>
                {entry.revision === current && (
                  <span className="revision-list__current">{t('editor.revision.current')}</span>
                )}
                <time dateTime={date.toISOString()}>{`${formatDate(date)} ${time.format(date)}`}</time>
                <span className="revision-list__editor">
                  {entry.editorId ? t('editor.revision.by', { editor: entry.editorId }) : t('editor.revision.initial')}
                </span>
              </div>
              <details className="revision-list__html">
                <summary>{t('editor.revision.html')}</summary>
                {/* As text: a revision's HTML is read, not rendered. */}
                <pre>
                  <code>{entry.content}</code>
                </pre>
              </details>
              {entry.revision !== current && (
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t('editor.restoreLabel', { revision: entry.revision })}
                  disabled={busy}
                  onClick={() => onRestore(entry.revision)}
                >
                  {t('editor.restore')}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
