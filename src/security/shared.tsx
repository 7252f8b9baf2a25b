import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClassName, isMethodCallError, intlLocale } from '../../engine/index.ts';
import { useApp } from '../app/app-context.tsx';
import { Field } from '../app/Field.tsx';
import './security.css';

/**
 * Runs a call from a form: field errors of a refusal land on the fields (returned), any other
 * failure goes to the popup. Resolves true on success.
 */
export function useFormCall(): {
  pending: boolean;
  fieldErrors: Record<string, string>;
  run: (call: () => Promise<unknown>) => Promise<boolean>;
  clear: () => void;
} {
  const { feedback } = useApp();
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const run = useCallback(
    async (call: () => Promise<unknown>) => {
      setPending(true);
      setFieldErrors({});
      try {
        await call();
        return true;
      } catch (error) {
        if (isMethodCallError(error) && Object.keys(error.fieldErrors).length > 0) setFieldErrors(error.fieldErrors);
        else feedback.showError(error);
        return false;
      } finally {
        setPending(false);
      }
    },
    [feedback],
  );
  return { pending, fieldErrors, run, clear: () => setFieldErrors({}) };
}

/** A labelled text input with its error, in the engine's look. */
export function TextField(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  help?: string;
  required?: boolean;
  type?: 'text' | 'email';
  inputMode?: 'text' | 'email' | 'decimal';
  autoComplete?: string;
}) {
  return (
    <Field label={props.label} error={props.error} help={props.help} required={props.required}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={props.name}
          className={inputClassName}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete ?? 'off'}
          spellCheck={false}
          required={props.required}
          value={props.value}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A date and time in the reader's language. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso) => new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
