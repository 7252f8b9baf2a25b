import { useRef, useState, type ReactNode } from 'react';
import { Field } from './Field.tsx';

/** A one-time code: 4 to 8 digits (sms, e-mail approval code, authenticator app). */
const CODE = /^[0-9]{4,8}$/;

/**
 * The code field of a second-factor popup (a transfer's approval, a card secret): a numeric
 * one-time-code input named `approvalCode` under `label`, its error, and the focus going back to it.
 * `take()` answers the trimmed code, or shows `invalidMessage` and answers undefined; `refuse(message)`
 * shows the server's refusal and empties the field; `clearError()` hides the error; `reset()` empties field and error.
 *
 * @example
 * const code = useCodeField(t('money.approval.codeLabel'), t('money.approval.codeInvalid'));
 * const value = code.take(); if (value === undefined) return;
 * return <Dialog initialFocus={code.ref}>{code.field}</Dialog>;
 */
export function useCodeField(label: string, invalidMessage: string): {
  ref: React.RefObject<HTMLInputElement | null>;
  field: ReactNode;
  take: () => string | undefined;
  refuse: (message: string) => void;
  clearError: () => void;
  reset: () => void;
} {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const ref = useRef<HTMLInputElement>(null);
  const take = () => {
    const value = code.trim();
    if (!CODE.test(value)) {
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
          name="approvalCode"
          className="eng-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
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
  return { ref, field, take, refuse, clearError: () => setError(undefined), reset };
}
