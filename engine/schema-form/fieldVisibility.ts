import { createContext, use } from 'react';
import { descriptionId, errorId, helpId, type UiSchema } from '@rjsf/utils';

/**
 * Which fields may show their errors. rjsf validates the whole form on every blur, which would flag fields
 * the user has not reached yet; a field shows its errors once it has been left, or once a submit was
 * attempted.
 */
export interface FieldVisibility {
  submitted: boolean;
  touched: ReadonlySet<string>;
}

export const FieldVisibilityContext = createContext<FieldVisibility>({ submitted: true, touched: new Set() });

/**
 * The errors a field shows now, each message once.
 *
 * @example
 * ```ts
 * const errors = useVisibleErrors(id, rawErrors);
 * ```
 */
export function useVisibleErrors(id: string, rawErrors: string[] | undefined): string[] {
  const { submitted, touched } = use(FieldVisibilityContext);
  if (!rawErrors?.length || !(submitted || touched.has(id))) return [];
  // Two rules may say the same thing (a required field and its minimum length): said once.
  return [...new Set(rawErrors)];
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
