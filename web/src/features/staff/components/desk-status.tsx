import type { ReactNode } from 'react';

import { staffFailure, type StaffFailure } from '@/features/staff/api/staff-errors';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';

import { AccessNotice } from './access-notice';

/** What a back-office page needs of its query. */
type DeskQuery = { isPending: boolean; isError: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };

/** How the page's query failed, once it stopped asking ("try again" shows the wait, not the last failure). */
export const deskFailure = (query: DeskQuery): StaffFailure | null =>
  query.isError && !query.isFetching ? staffFailure(query.error) : null;

type Props = {
  query: DeskQuery;
  /** What the page says while it loads, and when it could not. */
  loading: MessageKey;
  loadError: MessageKey;
  /** Who may see the page, in its words. */
  words: { login: MessageKey; forbidden: MessageKey };
  loginHref: string;
  /** The page shows a refused field (400/422 naming it) itself. */
  showsInvalid?: boolean;
  /** More for the live region (a count found). */
  children?: ReactNode;
};

/**
 * A back-office page's state around its data: the wait (announced), who may
 * not see it (with a login where one helps), or a failure to try again. A
 * field the server refused is the page's own to show.
 */
export function DeskStatus({ query, loading, loadError, words, loginHref, showsInvalid = false, children }: Props) {
  const { t } = useI18n();
  const failure = deskFailure(query);
  const access = failure === 'login' || failure === 'forbidden' ? failure : null;
  return (
    <>
      <div className="staff-desk__status" role="status">
        {query.isPending && !failure && (
          <p className="status status--loading">
            <span className="spinner" aria-hidden="true" />
            <span className="status__text">{t(loading)}</span>
          </p>
        )}
        {children}
      </div>
      {access && <AccessNotice failure={access} loginHref={loginHref} words={words} />}
      {failure && !access && !(showsInvalid && failure === 'invalid') && (
        <div className="status status--error" role="alert">
          <p className="status__text">{t(loadError)}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </button>
        </div>
      )}
    </>
  );
}
