/**
 * The form kit. Labelled form fields: the label names the control, a hint
 * and the error are read with it (`aria-describedby`), and an invalid
 * control says so (`aria-invalid`). The error shows beside its field. Forms
 * are `noValidate` and check themselves (react-hook-form + zod), so
 * `required` only tells assistive technology that the field is needed.
 *
 * Two kinds of field: the plain ones (`TextField`, `PasswordField`,
 * `CheckboxField`, ...) take their value and error as props; the `Form…`
 * ones (`FormTextField`, `FormSelectField`, `FormCheckboxField`,
 * `FormRadioGroup`) are bound by `name` to the surrounding react-hook-form
 * form (`FormProvider`), read their error from it, and mark a required
 * field (the mark is explained once above the form, and the control says
 * `aria-required`).
 */
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { get, useFormContext, type FieldErrors } from 'react-hook-form';

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

/** A field's error, read with its control (`aria-describedby` names `id`). */
function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="field__error">
      {children}
    </p>
  );
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
      {error && <FieldError id={errorId}>{error}</FieldError>}
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
      {error && <FieldError id={errorId}>{error}</FieldError>}
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
      {error && <FieldError id={errorId}>{error}</FieldError>}
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

/* Fields bound to the surrounding react-hook-form form (`FormProvider`). */

/** The form's error message of field `name`, if any. */
const errorOf = (errors: FieldErrors, name: string): string | undefined => {
  const entry: { message?: unknown } | undefined = get(errors, name);
  const message = entry?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
};

/** Field `name`'s registration and its error in the surrounding form. */
function useBoundField(name: string) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  return { registered: register(name), error: errorOf(errors, name) };
}

/** The required mark after a label or legend: seen, not read (the control says `aria-required`). */
function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span className="checkout-field__mark" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="field__label">
      {label}
      <RequiredMark required={required} />
    </label>
  );
}

type FormTextFieldProps = {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  multiline?: boolean;
  className?: string;
};

/** A text input (or, `multiline`, a text area) of the surrounding form, with its label, hint and error. */
export function FormTextField({
  name,
  label,
  required,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  multiline,
  className,
}: FormTextFieldProps) {
  const { registered, error } = useBoundField(name);
  const id = useId();
  const control = {
    id,
    className: 'field__control checkout-field__control',
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`),
    autoComplete,
    ...registered,
  };
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <Label htmlFor={id} label={label} required={required} />
      {multiline ? <textarea rows={4} {...control} /> : <input type={type} inputMode={inputMode} {...control} />}
      {hint !== undefined && (
        <p id={`${id}-hint`} className="checkout-field__hint">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

type FormSelectFieldProps = {
  name: string;
  label: ReactNode;
  required?: boolean;
  options: { value: string; label: string }[];
  autoComplete?: string;
};

/** A select of the surrounding form, with its label and error. */
export function FormSelectField({ name, label, required, options, autoComplete }: FormSelectFieldProps) {
  const { registered, error } = useBoundField(name);
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <Label htmlFor={id} label={label} required={required} />
      <select
        id={id}
        className="field__control checkout-field__control"
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
        autoComplete={autoComplete}
        {...registered}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/** A checkbox of the surrounding form with its label; `after` follows it (e.g. a link to the terms). */
export function FormCheckboxField({
  name,
  label,
  required,
  after,
}: {
  name: string;
  label: ReactNode;
  required?: boolean;
  after?: ReactNode;
}) {
  const { registered, error } = useBoundField(name);
  const id = useId();
  return (
    <div className={`field checkout-field--check${error ? ' field--invalid' : ''}`}>
      <div className="checkout-field__check">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(error && `${id}-error`)}
          {...registered}
        />
        <Label htmlFor={id} label={label} required={required} />
      </div>
      {after}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

type FormRadioGroupProps = {
  name: string;
  legend: ReactNode;
  required?: boolean;
  options: { value: string; label: ReactNode; description?: ReactNode }[];
  className?: string;
};

/** A group of radio buttons of the surrounding form in a fieldset; its error is read with each option. */
export function FormRadioGroup({ name, legend, required, options, className }: FormRadioGroupProps) {
  const { registered, error } = useBoundField(name);
  const id = useId();
  return (
    <fieldset className={`checkout-radios${error ? ' checkout-radios--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <legend className="field__label">
        {legend}
        <RequiredMark required={required} />
      </legend>
      {options.map((option, index) => (
        <div key={option.value} className="checkout-radios__option">
          <input
            id={`${id}-${index}`}
            type="radio"
            value={option.value}
            aria-describedby={describedBy(option.description !== undefined && `${id}-${index}-description`, error && `${id}-error`)}
            {...registered}
          />
          <span className="checkout-radios__text">
            <label className="checkout-radios__label" htmlFor={`${id}-${index}`}>
              {option.label}
            </label>
            {option.description !== undefined && (
              <span id={`${id}-${index}-description`} className="checkout-radios__description">
                {option.description}
              </span>
            )}
          </span>
        </div>
      ))}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}
