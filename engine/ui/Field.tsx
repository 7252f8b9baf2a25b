import { useId, type ReactNode } from 'react';

/** The ids a {@link Field} hands to the control it labels. */
export interface FieldIds {
  /** The control's `id`, which the label points at. */
  id: string;
  /** The control's `aria-describedby`: the help and the error, when shown. */
  describedBy: string | undefined;
  /** The control's `aria-invalid`. */
  invalid: true | undefined;
}

/** What a {@link Field} shows around its control. */
export interface FieldProps {
  /** The label, already translated. */
  label: string;
  /** The error to show under the control (announced, and tied to it). */
  error?: string | undefined;
  /** Help under the control, tied to it. */
  help?: ReactNode;
  /** Marks the label with an asterisk (the control says `required` itself). */
  required?: boolean;
  /** Draws the control with the ids to wire. */
  children: (ids: FieldIds) => ReactNode;
}

/**
 * A labelled control with its help and error, in the engine's look, for custom screens; `children`
 * draws the control with the ids to wire (the error is announced and tied to it). The control itself
 * takes the engine's look from {@link inputClassName}.
 *
 * @example
 * ```tsx
 * <Field label={t('p2p.reference')} error={errors.reference}>
 *   {({ id, describedBy, invalid }) => <input id={id} className={inputClassName} aria-invalid={invalid} aria-describedby={describedBy} />}
 * </Field>
 * ```
 */
export function Field(props: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [props.help ? helpId : '', props.error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`eng-field${props.error ? ' eng-field--invalid' : ''}`}>
      <label className="eng-label" htmlFor={id}>
        {props.label}
        {props.required && (
          <span className="eng-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
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

/**
 * The class of a text input, select or textarea drawn inside a {@link Field}, so a custom screen's
 * control looks like the engine's own without naming the engine's CSS.
 *
 * @example
 * ```tsx
 * <select id={id} className={inputClassName}>…</select>
 * ```
 */
export const inputClassName = 'eng-input';
