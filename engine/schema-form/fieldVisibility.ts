import { createContext, use, useReducer, useRef } from 'react';
import { descriptionId, errorId, helpId, type UiSchema } from '@rjsf/utils';
import { NO_PRESS, type Press } from './steadyBlur';

/**
 * Which fields may show their errors. rjsf validates the whole form on every blur, which would flag fields
 * the user has not reached yet; a field shows its errors once it has been left, or once a submit was
 * attempted.
 */
export interface FieldVisibility {
  submitted: boolean;
  touched: ReadonlySet<string>;
  /** The pointer press under way, if any (see `useSteadyBlur`). */
  press?: Press;
}

export const FieldVisibilityContext = createContext<FieldVisibility>({ submitted: true, touched: new Set() });

const NONE: string[] = [];

/**
 * The errors a field shows now, each message once.
 *
 * @example
 * ```ts
 * const errors = useVisibleErrors(id, rawErrors);
 * ```
 */
export function useVisibleErrors(id: string, rawErrors: string[] | undefined): string[] {
  const { submitted, touched, press = NO_PRESS } = use(FieldVisibilityContext);
  // Two rules may say the same thing (a required field and its minimum length): said once.
  const visible = !rawErrors?.length || !(submitted || touched.has(id)) ? NONE : [...new Set(rawErrors)];
  const shown = useRef(visible);
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  // Fixed by the blur of a press on a button below: the errors stay until the click has run, so that
  // the button does not move up from under the pointer (the click would miss, and nothing be sent).
  if (visible.length === 0 && shown.current.length > 0 && press.isPressed()) {
    press.afterRelease(redraw);
    return shown.current;
  }
  shown.current = visible;
  return visible;
}

/**
 * `aria-invalid` and `aria-describedby` of an input, naming only the help, description and error elements
 * its field template actually renders.
 *
 * @example
 * ```tsx
 * <input id={id} {...useFieldAria(id, rawErrors, uiSchema)} />
 * ```
 */
export function useFieldAria(
  id: string,
  rawErrors: string[] | undefined,
  uiSchema: UiSchema | undefined,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const invalid = useVisibleErrors(id, rawErrors).length > 0;
  const described = [
    uiSchema?.['ui:description'] ? descriptionId(id) : null,
    uiSchema?.['ui:help'] || (uiSchema?.['ui:options'] as { labelFrom?: { help?: string } } | undefined)?.labelFrom?.help ? helpId(id) : null,
    invalid ? errorId(id) : null,
  ].filter((part): part is string => part !== null);
  return {
    ...(invalid ? { 'aria-invalid': true as const } : {}),
    ...(described.length > 0 ? { 'aria-describedby': described.join(' ') } : {}),
  };
}
