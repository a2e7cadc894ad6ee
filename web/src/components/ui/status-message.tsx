import type { ReactNode } from 'react';

type Props = {
  kind: 'loading' | 'empty' | 'error';
  children: ReactNode;
  action?: ReactNode;
};

/** Loading, empty and error states of a page section, announced politely. */
export function StatusMessage({ kind, children, action }: Props) {
  return (
    <div className={`status status--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {kind === 'loading' && <span className="spinner" aria-hidden="true" />}
      <p className="status__text">{children}</p>
      {action}
    </div>
  );
}
