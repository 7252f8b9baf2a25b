import { flushSync } from 'react-dom';
import type { UiOptions } from '../spec/types';

/**
 * The top-level fields whose value one send uses up (`ui:options.singleUse`, a one-time token).
 *
 * @example
 * singleUseFields({ token: { 'ui:options': { singleUse: true } }, name: {} }); // ['token']
 */
export function singleUseFields(uiSchema: Record<string, unknown> | undefined): string[] {
  return Object.entries(uiSchema ?? {})
    .filter(([field, node]) => !field.startsWith('ui:') && (node as { 'ui:options'?: UiOptions } | undefined)?.['ui:options']?.singleUse === true)
    .map(([field]) => field);
}

/**
 * A form's values after the server refused them: without the single-use values the send used up, so their
 * fields ask for new ones before the next send; a single-use field the refusal names keeps its value beside
 * its error, which says what to do. The same object when nothing is dropped.
 *
 * @example
 * withoutSpentValues({ email: 'a@b.c', token: 't1' }, { token: { 'ui:options': { singleUse: true } } }, { email: 'Taken' }); // { email: 'a@b.c' }
 */
export function withoutSpentValues(
  data: Record<string, unknown>,
  uiSchema: Record<string, unknown> | undefined,
  refused: Record<string, unknown>,
): Record<string, unknown> {
  const spent = singleUseFields(uiSchema).filter((field) => data[field] !== undefined && !(field in refused));
  if (spent.length === 0) return data;
  const kept = { ...data };
  for (const field of spent) delete kept[field];
  return kept;
}

/**
 * After a refusal: empties the single-use values the send used up (see {@link withoutSpentValues}; every
 * uiSchema given counts, a wizard's steps each have one) through `setData`, in a render of its own, and
 * answers the values the refusal's errors are to be shown against. The errors must come in a later render:
 * rjsf with live validation drops the errors it was given when its data changes from outside.
 *
 * @example
 * serverErrors.show(fieldErrors, emptySpentValues(sent, [form.uiSchema], fieldErrors, setData));
 */
export function emptySpentValues(
  data: Record<string, unknown>,
  uiSchemas: readonly (Record<string, unknown> | undefined)[],
  refused: Record<string, unknown>,
  setData: (data: Record<string, unknown>) => void,
): Record<string, unknown> {
  const kept = uiSchemas.reduce<Record<string, unknown>>((answers, uiSchema) => withoutSpentValues(answers, uiSchema, refused), data);
  if (kept !== data) flushSync(() => setData(kept));
  return kept;
}
