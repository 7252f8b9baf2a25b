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

/** What a {@link FieldGroup} shows around the controls it groups. */
export interface FieldGroupProps {
  /** The legend, already translated. */
  legend: string;
  /** Marks the legend with an asterisk. */
  required?: boolean;
  /** The errors to show under the group (announced, and tied to it). */
  errors?: readonly string[];
  /** The controls: usually {@link Checkbox}es. */
  children: ReactNode;
}

/**
 * A group of controls under one legend, with the group's errors, in the engine's look: a list of
 * checkboxes a person ticks one by one, or radios drawn by hand.
 *
 * @example
 * ```tsx
 * <FieldGroup legend={t('fields.acceptedTerms')} required errors={rawErrors}>
 *   {terms.map((term) => <Checkbox key={term} label={term} checked={accepted.includes(term)} onChange={(on) => toggle(term, on)} />)}
 * </FieldGroup>
 * ```
 */
export function FieldGroup({ legend, required, errors = [], children }: FieldGroupProps) {
  const errorId = useId();
  const shown = [...new Set(errors)];
  return (
    <fieldset className={`eng-fieldset eng-field-group${shown.length ? ' eng-field--invalid' : ''}`} aria-describedby={shown.length ? errorId : undefined}>
      <legend className="eng-label">
        {legend}
        {required && (
          <span className="eng-required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      {children}
      {shown.length > 0 && (
        <ul id={errorId} className="eng-field-errors">
          {shown.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** A {@link Checkbox}'s props. */
export interface CheckboxProps {
  /** What the box says; may hold a link. */
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  required?: boolean;
  /** Marks the box invalid (its group shows the message). */
  invalid?: boolean;
  /** The input's id, when a stable one is wanted (a link to it, a form's naming); otherwise one is made. */
  id?: string;
}

/**
 * One checkbox with its label beside it, in the engine's look.
 *
 * @example
 * ```tsx
 * <Checkbox label={<>I accept the <a href={url}>terms</a></>} checked={accepted} onChange={setAccepted} required />
 * ```
 */
export function Checkbox({ label, checked, onChange, disabled, required, invalid, id: givenId }: CheckboxProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
  return (
    <div className="eng-checkbox-row">
      <input
        type="checkbox"
        id={id}
        className="eng-checkbox"
        checked={checked}
        disabled={disabled}
        required={required}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * A line of help or notice under a control, in the engine's look; give it the `id` the control's
 * `aria-describedby` names, and `role="status"` when it appears in answer to what was typed.
 *
 * @example
 * ```tsx
 * <HelpText id={noticeId} role="status">{t('register.emailTaken')}</HelpText>
 * ```
 */
export function HelpText({ id, role, children }: { id?: string; role?: 'status'; children: ReactNode }) {
  return (
    <p id={id} className="eng-help" role={role}>
      {children}
    </p>
  );
}
