import type { InputHTMLAttributes } from 'react';

/** One labelled input of an onboarding screen, drawn like the engine's form fields. */
export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** The message shown under the field and announced with it. */
  error?: string | undefined;
  /** A line under the label that says what to type. */
  help?: string | undefined;
  type?: 'text' | 'email' | 'password' | 'date';
  required?: boolean;
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  autoFocus?: boolean;
}

/**
 * A text input with its label, help and error, with the same classes as the engine's generated forms
 * so custom onboarding screens look like the rest; the error is tied to the input with
 * aria-describedby and aria-invalid.
 *
 * @example
 * <TextField id="activate_code" label={t('onboarding.fields.code')} value={code} onChange={setCode} error={errors.activationCode} />
 */
export function TextField({ id, label, value, onChange, error, help, type = 'text', required = true, autoComplete, inputMode, autoFocus }: TextFieldProps) {
  const helpId = `${id}__help`;
  const errorId = `${id}__error`;
  const describedBy = [help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`eng-field${error ? ' eng-field--invalid' : ''}`}>
      <label className="eng-label" htmlFor={id}>
        {label}
        {required && (
          <span className="eng-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {help && (
        <p id={helpId} className="eng-help">
          {help}
        </p>
      )}
      <input
        id={id}
        name={id}
        className="eng-input"
        type={type}
        value={value}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- forwards the caller's choice (a code field shown after the user asked for the code).
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <ul id={errorId} className="eng-field-errors">
          <li>{error}</li>
        </ul>
      )}
    </div>
  );
}
