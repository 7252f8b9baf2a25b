import { useId, type ReactNode } from 'react';

/**
 * A labelled control with its help and error, in the engine's look, for custom screens; `children`
 * draws the control with the ids to wire (the error is announced and tied to it).
 *
 * @example
 * <Field label={t('p2p.reference')} error={errors.reference}>
 *   {({ id, describedBy, invalid }) => <input id={id} className="eng-input" aria-invalid={invalid} aria-describedby={describedBy} />}
 * </Field>
 */
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
