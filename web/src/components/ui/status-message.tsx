import type { ReactNode } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';

type Props = {
  kind: 'loading' | 'empty' | 'error';
  children: ReactNode;
  action?: ReactNode;
  /** Offers "try again" (the one wording of every failed load), calling this. */
  onRetry?: () => void;
};

/** Loading, empty and error states of a page section, announced politely. */
export function StatusMessage({ kind, children, action, onRetry }: Props) {
  const { t } = useI18n();
  return (
    <div className={`status status--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {kind === 'loading' && <span className="spinner" aria-hidden="true" />}
      <p className="status__text">{children}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('errors.retry')}
        </button>
      )}
      {action}
    </div>
  );
}
