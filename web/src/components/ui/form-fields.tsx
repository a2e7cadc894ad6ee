/**
 * Labelled form fields: the label names the control, a hint and the error
 * are read with it (`aria-describedby`), and an invalid control says so
 * (`aria-invalid`). The error shows beside its field. Forms are `noValidate`
 * and check themselves (react-hook-form + zod), so `required` only tells
 * assistive technology that the field is needed.
 */
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  ref?: Ref<HTMLInputElement>;
};

type FieldProps = InputProps & {
  label: string;
  error?: string;
  /** Read after the label, e.g. a password rule. */
  hint?: ReactNode;
};

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** A text input (text, e-mail, phone, password) with its label, hint and error. */
export function TextField({ label, error, hint, children, ...input }: FieldProps & { children?: ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'field form-field field--invalid' : 'field form-field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="form-field__row">
        <input
          id={id}
          className="field__control form-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint !== undefined && hintId, error && errorId)}
          {...input}
        />
        {children}
      </div>
      {hint !== undefined && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & {
  ref?: Ref<HTMLTextAreaElement>;
  label: string;
  error?: string;
};

/** A multi-line text (a message) with its label and error. */
export function TextAreaField({ label, error, ...textarea }: TextAreaProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'field form-field field--invalid' : 'field form-field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__control form-field__input form-field__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textarea}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A password input with a "show password" toggle (a pressed/unpressed
 * button after the input, so the typed text can be checked).
 */
export function PasswordField({ showLabel, ...props }: FieldProps & { showLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField {...props} type={visible ? 'text' : 'password'} autoCapitalize="none" spellCheck={false}>
      <button
        type="button"
        className="form-field__toggle"
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {showLabel}
      </button>
    </TextField>
  );
}

/** A checkbox with its label; `extra` follows the label (e.g. a link to the terms). */
export function CheckboxField({ label, error, extra, ...input }: Omit<FieldProps, 'hint'> & { extra?: ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'form-check field--invalid' : 'form-check'}>
      <div className="form-check__row">
        <input
          id={id}
          type="checkbox"
          className="form-check__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId)}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {extra}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form's submit button; while `busy` it says so and takes no second submit (it keeps focus). */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button type="submit" className="button button--primary form__submit" aria-disabled={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}

/** A failure of the form as a whole (not of one field), announced at once. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div className="form-alert" role="alert">
      {children}
    </div>
  );
}
