/**
 * The checkout forms' fields, bound to the surrounding react-hook-form form
 * (`FormProvider`): each has its label, marks a required field (the mark is
 * explained once above the form, and the control says `aria-required`),
 * and shows its error beside it, tied to the control with
 * `aria-describedby` (with its hint) and `aria-invalid`.
 */
import { useId, type ReactNode } from 'react';
import { get, useFormContext, type FieldErrors } from 'react-hook-form';

const errorOf = (errors: FieldErrors, name: string): string | undefined => {
  const entry: { message?: unknown } | undefined = get(errors, name);
  const message = entry?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
};

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

function Label({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="field__label">
      {label}
      {required && (
        <span className="checkout-field__mark" aria-hidden="true">
          {' *'}
        </span>
      )}
    </label>
  );
}

type TextFieldProps = {
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

export function TextField({ name, label, required, hint, type = 'text', autoComplete, inputMode, multiline, className }: TextFieldProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const id = useId();
  const error = errorOf(errors, name);
  const control = {
    id,
    className: 'field__control checkout-field__control',
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`),
    autoComplete,
    ...register(name),
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
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type SelectFieldProps = {
  name: string;
  label: ReactNode;
  required?: boolean;
  options: { value: string; label: string }[];
  autoComplete?: string;
};

export function SelectField({ name, label, required, options, autoComplete }: SelectFieldProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const id = useId();
  const error = errorOf(errors, name);
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
        {...register(name)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export function CheckboxField({ name, label, required, after }: { name: string; label: ReactNode; required?: boolean; after?: ReactNode }) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const id = useId();
  const error = errorOf(errors, name);
  return (
    <div className={`field checkout-field--check${error ? ' field--invalid' : ''}`}>
      <div className="checkout-field__check">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(error && `${id}-error`)}
          {...register(name)}
        />
        <Label htmlFor={id} label={label} required={required} />
      </div>
      {after}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type RadioGroupProps = {
  name: string;
  legend: ReactNode;
  required?: boolean;
  options: { value: string; label: ReactNode; description?: ReactNode }[];
  className?: string;
};

/** A group of radio buttons in a fieldset; its error is read with each option. */
export function RadioGroupField({ name, legend, required, options, className }: RadioGroupProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const id = useId();
  const error = errorOf(errors, name);
  return (
    <fieldset className={`checkout-radios${error ? ' checkout-radios--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <legend className="field__label">
        {legend}
        {required && (
          <span className="checkout-field__mark" aria-hidden="true">
            {' *'}
          </span>
        )}
      </legend>
      {options.map((option, index) => (
        <div key={option.value} className="checkout-radios__option">
          <input
            id={`${id}-${index}`}
            type="radio"
            value={option.value}
            aria-describedby={describedBy(option.description !== undefined && `${id}-${index}-description`, error && `${id}-error`)}
            {...register(name)}
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
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
