import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';

import { StatusMessage } from '@/components/ui/status-message';
import { editorFailure, type EditorFailure } from '@/features/content/api/editor-errors';
import { useBlock } from '@/features/content/api/get-block';
import { useRestoreBlock, useSaveBlock } from '@/features/content/api/save-block';
import { blockBytes, MAX_BLOCK_BYTES } from '@/features/content/utils/preview-document';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { toLanguageTag, type Locale } from '@/lib/i18n/locale';
import type { MessageKey } from '@/lib/i18n/messages';
import { useLocaleOrigins } from '@/lib/i18n/page-alternates';
import { notifications } from '@/lib/notifications';
import type { ContentBlock } from '@/types/api';

import '@/features/content/content.css';

import { BlockHtml } from './block-html';
import { DraftPreview } from './draft-preview';
import { RevisionList } from './revision-list';

/** The draft preview follows the typing once it pauses. */
const PREVIEW_DELAY_MS = 300;

type Props = {
  id: string;
  /** The language of the block being edited (`?locale=`). */
  blockLocale: Locale;
  /** Where a visitor who is not logged in logs in. */
  loginHref: string;
};

/**
 * The content editor (spec 6, `/backend/block/edit/{id}`): a block's HTML
 * in one language, its saved version and a preview of the draft, saving
 * with the revision it was loaded at, and its revisions to restore.
 * Editors and administrators only: the server says who may (401, 403).
 */
export function BlockEditor({ id, blockLocale, loginHref }: Props) {
  const { t } = useI18n();
  const query = useBlock(id, blockLocale);

  if (query.data) {
    return (
      <BlockEditorForm
        block={query.data}
        blockLocale={blockLocale}
        loginHref={loginHref}
        reload={async () => (await query.refetch()).data}
      />
    );
  }
  if (query.isPending || query.isFetching) {
    return <StatusMessage kind="loading">{t('editor.loading')}</StatusMessage>;
  }
  const failure = editorFailure(query.error);
  if (failure === 'other') {
    return (
      <StatusMessage
        kind="error"
        onRetry={() => void query.refetch()}
      >
        {t('editor.loadError')}
      </StatusMessage>
    );
  }
  return <FailureNotice failure={failure} loginHref={loginHref} />;
}

/** What a refused call means, in the editor's words; a login link where a login helps. */
function FailureNotice({ failure, loginHref, action }: { failure: EditorFailure; loginHref: string; action?: ReactNode }) {
  const { t } = useI18n();
  const text: Record<EditorFailure, MessageKey> = {
    login: 'editor.loginNeeded',
    forbidden: 'editor.forbidden',
    notFound: 'editor.notFound',
    conflict: 'editor.conflict',
    other: 'editor.saveError',
  };
  return (
    <div className="block-editor__notice block-editor__notice--error" role="alert" data-failure={failure}>
      <p>{t(text[failure])}</p>
      {failure === 'login' && (
        <Link className="button" to={loginHref}>
          {t('editor.login')}
        </Link>
      )}
      {action}
    </div>
  );
}

type Notice =
  | { kind: 'failure'; failure: EditorFailure; restoring: boolean }
  | { kind: 'info'; text: MessageKey };

type FormProps = {
  block: ContentBlock;
  blockLocale: Locale;
  loginHref: string;
  /** Asks for the block again; its latest version, or undefined when that failed. */
  reload: () => Promise<ContentBlock | undefined>;
};

function BlockEditorForm({ block, blockLocale, loginHref, reload }: FormProps) {
  const { t, locale } = useI18n();
  const origins = useLocaleOrigins();
  const fieldId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  // The version the draft was made from: its revision goes with the save.
  const [base, setBase] = useState(block);
  const [draft, setDraft] = useState(block.content);
  const [fieldError, setFieldError] = useState<MessageKey | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [reloading, setReloading] = useState(false);
  const preview = useDebouncedValue(draft, PREVIEW_DELAY_MS);
  const save = useSaveBlock(block.id, blockLocale);
  const restore = useRestoreBlock(block.id, blockLocale);
  const busy = save.isPending || restore.isPending || reloading;
  const dirty = draft !== base.content;

  /** A new latest version (saved, restored or reloaded): the draft starts from it. */
  const startFrom = (latest: ContentBlock) => {
    setBase(latest);
    setDraft(latest.content);
    setFieldError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error: MessageKey | null =
      draft.trim() === '' ? 'editor.required' : blockBytes(draft) > MAX_BLOCK_BYTES ? 'editor.tooLong' : null;
    setFieldError(error);
    if (error) {
      textarea.current?.focus();
      return;
    }
    if (!dirty) {
      setNotice({ kind: 'info', text: 'editor.unchanged' });
      return;
    }
    const sent = draft;
    setNotice(null);
    save.mutate(
      { content: sent, revision: base.revision },
      {
        onSuccess: (saved) => {
          startFrom(saved);
          notifications.notify('success', t('editor.saved', { revision: saved.revision }));
          if (saved.content !== sent) setNotice({ kind: 'info', text: 'editor.sanitized' });
        },
        onError: (failure) => setNotice({ kind: 'failure', failure: editorFailure(failure), restoring: false }),
      },
    );
  };

  const onRestore = (revision: number) => {
    setNotice(null);
    restore.mutate(revision, {
      onSuccess: (restored) => {
        startFrom(restored);
        notifications.notify('success', t('editor.restored', { revision, latest: restored.revision }));
      },
      onError: (failure) => setNotice({ kind: 'failure', failure: editorFailure(failure), restoring: true }),
    });
  };

  const onReload = async () => {
    setReloading(true);
    try {
      const latest = await reload();
      if (latest) {
        startFrom(latest);
        setNotice(null);
      }
    } finally {
      setReloading(false);
    }
  };

  // The page the block shows on, in the block's language (on that language's host).
  const pageHref =
    blockLocale === locale ? base.pageUrl : origins[blockLocale] ? `${origins[blockLocale]}${base.pageUrl}` : null;

  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;

  return (
    <div className="block-editor">
      {pageHref &&
        (blockLocale === locale ? (
          <Link className="block-editor__page-link" to={pageHref}>
            {t('editor.showPage')}
          </Link>
        ) : (
          <a className="block-editor__page-link" href={pageHref} hrefLang={toLanguageTag(blockLocale)}>
            {t('editor.showPage')}
          </a>
        ))}

      <form className="form block-editor__form" noValidate onSubmit={onSubmit}>
        <div className={fieldError ? 'field form-field field--invalid' : 'field form-field'}>
          <label className="field__label" htmlFor={fieldId}>
            {t('editor.html')}
          </label>
          <textarea
            ref={textarea}
            id={fieldId}
            className="field__control block-editor__source"
            rows={14}
            spellCheck={false}
            required
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <p id={hintId} className="form-field__hint">
            {t('editor.htmlHint')}
          </p>
          {fieldError && (
            <p id={errorId} className="field__error">
              {t(fieldError)}
            </p>
          )}
        </div>
        <div className="block-editor__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {save.isPending ? t('editor.saving') : t('editor.save')}
          </button>
          {dirty && <p className="block-editor__dirty">{t('editor.unsaved')}</p>}
        </div>
      </form>

      {notice?.kind === 'info' && (
        <p className="block-editor__notice" role="status">
          {t(notice.text)}
        </p>
      )}
      {notice?.kind === 'failure' &&
        (notice.failure === 'other' ? (
          <div className="block-editor__notice block-editor__notice--error" role="alert">
            <p>{t(notice.restoring ? 'editor.restoreError' : 'editor.saveError')}</p>
          </div>
        ) : (
          <FailureNotice
            failure={notice.failure}
            loginHref={loginHref}
            action={
              notice.failure === 'conflict' && (
                <button type="button" className="button" disabled={busy} onClick={() => void onReload()}>
                  {t('editor.reload')}
                </button>
              )
            }
          />
        ))}

      <div className="block-editor__previews">
        <section className="block-editor__preview" aria-labelledby={`${fieldId}-saved`}>
          <h2 id={`${fieldId}-saved`}>{t('editor.preview.saved')}</h2>
          <div className="content-block" data-testid="saved-preview">
            <BlockHtml html={base.content} />
          </div>
        </section>
        <section className="block-editor__preview" aria-labelledby={`${fieldId}-draft`}>
          <h2 id={`${fieldId}-draft`}>{t('editor.preview.draft')}</h2>
          <p className="form-field__hint">{t('editor.preview.draftHint')}</p>
          <DraftPreview html={preview} title={t('editor.preview.draft')} />
        </section>
      </div>

      <RevisionList revisions={base.revisions} current={base.revision} onRestore={onRestore} busy={busy} />
    </div>
  );
}
