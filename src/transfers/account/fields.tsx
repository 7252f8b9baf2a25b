import { useId, type ReactNode } from 'react';

/** A labelled control with its help and error, in the engine's look; `children` gets the ids to wire. */
export function Field(props: {
  label: string;
  error?: string | undefined;
  help?: ReactNode;
  required?: boolean;
  children: (ids: { id: string; describedBy: string | undefined; invalid: true | undefined }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [props.help ? helpId : '', props.error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`eng-field${props.error ? ' eng-field--invalid' : ''}`}>
      <label className="eng-label" htmlFor={id}>
        {props.label}
        {props.required && <span className="eng-required" aria-hidden="true"> *</span>}
      </label>
      {props.children({ id, describedBy, invalid: props.error ? true : undefined })}
      {props.help && (
        <p id={helpId} className="eng-help">
          {props.help}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="eng-field-errors" role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** Whether a typed amount is a positive decimal the server would take (up to 8 decimals). */
export const isAmount = (value: string) => /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,8})?$/.test(value) && Number(value) > 0;

/**
 * Compares two decimal amounts exactly (no floats): negative when `a` is less than `b`, 0 when equal.
 *
 * @example
 * compareAmounts('50000.01', '50000.00'); // 1
 */
export function compareAmounts(a: string, b: string): number {
  const [aWhole = '0', aFraction = ''] = a.split('.');
  const [bWhole = '0', bFraction = ''] = b.split('.');
  const width = Math.max(aFraction.length, bFraction.length);
  const x = BigInt(aWhole + aFraction.padEnd(width, '0'));
  const y = BigInt(bWhole + bFraction.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}
