import useSWR from 'swr';
import type { FormContextType } from '@rjsf/utils';
import { getPath } from '../data/paths';
import { useEngine } from '../provider/EngineProvider';

/**
 * Where a field's options or label come from: a declared method (a dictionary), called with `params`.
 * A param written `":name"` takes the form's value `name`, so the options follow another field (country
 * to states); while that field is empty nothing is asked and the field waits for it.
 */
export interface FieldSource {
  method: string;
  /** Request fields; `":name"` is the form's value `name`. */
  params?: Record<string, unknown>;
  /** Dot path of the list (options) or the object (a label) in the answer. */
  path?: string;
}

/** A dictionary whose items become a select's options. */
export interface OptionSource extends FieldSource {
  /** The item's field that is the option's value (default `code`). */
  value?: string;
  /** The item's field that words the option when no translation does (default `name`). */
  label?: string;
  /** Words option `v` with `enums.<labelKey>.<v>` when translated, else the item's `label`. */
  labelKey?: string;
  /** Only the items meeting this test on one of their fields: `{ field, equals }` or `{ field, in }`. */
  where?: { field: string; equals?: unknown; in?: unknown[] };
}

/**
 * The request of a source, its `":name"` params filled from the form data; `null` while one of those
 * fields is empty, so a dependent list is not asked for before the field it depends on is chosen.
 *
 * @example
 * ```ts
 * sourceParams({ method: 'states', params: { countryCode: ':country' } }, { country: 'US' }); // { countryCode: 'US' }
 * sourceParams({ method: 'states', params: { countryCode: ':country' } }, {}); // null
 * ```
 */
export function sourceParams(source: FieldSource, formData: Record<string, unknown>): Record<string, unknown> | null {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(source.params ?? {})) {
    if (typeof value === 'string' && value.startsWith(':')) {
      const filled = getPath(formData, value.slice(1));
      if (filled === undefined || filled === null || filled === '') return null;
      params[name] = filled;
    } else params[name] = value;
  }
  return params;
}

/** The form's data as the engine's forms hand it to widgets and templates through rjsf's formContext. */
export function formDataOf(formContext: FormContextType | undefined): Record<string, unknown> {
  return ((formContext as { formData?: Record<string, unknown> } | undefined)?.formData ?? {}) as Record<string, unknown>;
}

/**
 * The part of a source's answer at its `path`, loaded through the same cache as the screens' data (a
 * dictionary asked for by two fields is asked once). `undefined` while loading, while a field it depends
 * on is empty, or after a failure (`failed` then says so).
 *
 * @example
 * ```ts
 * const { data } = useSourceData({ method: 'states', params: { countryCode: ':country' }, path: 'states' }, formData);
 * ```
 */
export function useSourceData(
  source: FieldSource | undefined,
  formData: Record<string, unknown>,
): { data: unknown; waiting: boolean; failed: boolean } {
  const { callMethod } = useEngine();
  const params = source ? sourceParams(source, formData) : null;
  const key = source && params ? ([source.method, params] as const) : null;
  const { data, error } = useSWR(key, ([method, request]: readonly [string, Record<string, unknown>]) => callMethod(method, request));
  return { data: data === undefined ? undefined : getPath(data, source?.path), waiting: key === null, failed: error !== undefined };
}
