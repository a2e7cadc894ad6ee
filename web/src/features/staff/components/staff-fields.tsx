import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';

/** A select with its label, hint and error, as the form kit's text field has them. */
export function SelectField({ label, error, hint, children, ...select }: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  const described = [hint !== undefined && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field form-field field--invalid' : 'field form-field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__control form-field__input" aria-invalid={error ? true : undefined} aria-describedby={described} {...select}>
        {children}
      </select>
      {hint !== undefined && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * What a form's own list (categories, offers) says when it could not be
 * loaded, with a way to ask again; nothing while it loads or loaded.
 */
export function LoadFailed({ query, text }: { query: { isError: boolean; isFetching: boolean; refetch: () => Promise<unknown> }; text: ReactNode }) {
  const { t } = useI18n();
  if (!query.isError || query.isFetching) return null;
  return (
    <div className="staff-notice staff-notice--error" role="alert">
      <p>{text}</p>
      <button type="button" className="button" onClick={() => void query.refetch()}>
        {t('errors.retry')}
      </button>
    </div>
  );
}

/** A group's error, named by the group (`aria-describedby`) and its first control (`aria-invalid`, where the keyboard goes). */
export function GroupError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="field__error">
      {error}
    </p>
  ) : null;
}
