import { useRef, useState, type ReactNode, type RefObject } from 'react';
import type { JsonSchema } from '../spec/types';
import { Field } from './Field';

/** What {@link useCodeField} is asked for. */
export interface CodeFieldOptions {
  /** The label, already translated. */
  label: string;
  /** Said on the field when the code breaks the schema's rules. */
  invalidMessage: string;
  /**
   * The schema of the code as the method's request declares it (`pattern`, `minLength`, `maxLength`):
   * the rules `take()` checks, from the same JSON Schema the server checks with.
   */
  schema: JsonSchema;
  /** The input's `name` (default `code`). */
  name?: string;
}

/** What {@link useCodeField} gives: the field to draw and the calls that read, refuse and clear it. */
export interface CodeField {
  /** The input, for a dialog's `initialFocus`. */
  ref: RefObject<HTMLInputElement | null>;
  /** The labelled input with its error. */
  field: ReactNode;
  /** The code as typed, for a button enabled only once something is typed. */
  value: string;
  /** The trimmed code, or `undefined` after showing `invalidMessage` and focusing the field. */
  take: () => string | undefined;
  /** Shows the server's refusal on the field, empties it and focuses it. */
  refuse: (message: string) => void;
  /** Hides the error. */
  clearError: () => void;
  /** Empties the field and hides the error. */
  reset: () => void;
}

/** Whether `value` keeps the string rules of `schema` (length in characters, pattern). */
function keepsRules(value: string, schema: JsonSchema): boolean {
  const { minLength, maxLength, pattern } = schema as { minLength?: number; maxLength?: number; pattern?: string };
  if (minLength !== undefined && value.length < minLength) return false;
  if (maxLength !== undefined && value.length > maxLength) return false;
  return pattern === undefined || new RegExp(pattern, 'u').test(value);
}

/**
 * A one-time code field (an SMS code, an authenticator's code, an e-mail approval code): a numeric input
 * that offers the code the phone received (`autocomplete="one-time-code"`), checked with the rules of
 * the request's schema, its error on the field, and the focus back on it after a refusal.
 *
 * @example
 * ```tsx
 * const code = useCodeField({ label: t('fields.code'), invalidMessage: t('verify.codeFormat'), schema: request.properties.code });
 * const submit = () => { const value = code.take(); if (value !== undefined) void confirm(value).catch((e) => code.refuse(e.message)); };
 * return <Dialog title={t('verify.title')} initialFocus={code.ref}>{code.field}</Dialog>;
 * ```
 */
export function useCodeField({ label, invalidMessage, schema, name = 'code' }: CodeFieldOptions): CodeField {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const ref = useRef<HTMLInputElement>(null);
  const maxLength = (schema as { maxLength?: number }).maxLength;
  const take = () => {
    const value = code.trim();
    if (!keepsRules(value, schema)) {
      setError(invalidMessage);
      ref.current?.focus();
      return undefined;
    }
    setError(undefined);
    return value;
  };
  const refuse = (message: string) => {
    setError(message);
    setCode('');
    ref.current?.focus();
  };
  const reset = () => {
    setCode('');
    setError(undefined);
  };
  const field = (
    <Field label={label} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          ref={ref}
          id={id}
          name={name}
          className="eng-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={maxLength}
          value={code}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
        />
      )}
    </Field>
  );
  return { ref, field, value: code, take, refuse, clearError: () => setError(undefined), reset };
}
