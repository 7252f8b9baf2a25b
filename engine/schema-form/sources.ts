import useSWR from 'swr';
import type { FormContextType } from '@rjsf/utils';
import { getPath } from '../data/paths';
import { useEngine } from '../provider/EngineProvider';
import type { FieldSource, OptionSource } from '../spec/types';

export type { FieldSource, OptionSource } from '../spec/types';

/**
 * The request of a source, its `":name"` params filled from the form data; `null` while one of those
 * fields is empty, so a dependent list is not asked for before the field it depends on is chosen, unless
 * the source lists the field as `optional`: then the param is left out.
 *
 * @example
 * ```ts
 * sourceParams({ method: 'states', params: { countryCode: ':country' } }, { country: 'US' }); // { countryCode: 'US' }
 * sourceParams({ method: 'states', params: { countryCode: ':country' } }, {}); // null
 * sourceParams({ method: 'sizes', params: { storeId: ':storeId', region: ':region' }, optional: ['region'] }, { storeId: 7 }); // { storeId: 7 }
 * ```
 */
export function sourceParams(source: FieldSource, formData: Record<string, unknown>): Record<string, unknown> | null {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(source.params ?? {})) {
    if (typeof value === 'string' && value.startsWith(':')) {
      const filled = getPath(formData, value.slice(1));
      if (filled === undefined || filled === null || filled === '') {
        if (source.optional?.includes(value.slice(1))) continue;
        return null;
      }
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
export function useSourceData(source: FieldSource | undefined, formData: Record<string, unknown>): { data: unknown; waiting: boolean; failed: boolean } {
  const { callMethod } = useEngine();
  const params = source ? sourceParams(source, formData) : null;
  const key = source && params ? ([source.method, params] as const) : null;
  const { data, error } = useSWR(key, ([method, request]: readonly [string, Record<string, unknown>]) => callMethod(method, request));
  return { data: data === undefined ? undefined : getPath(data, source?.path), waiting: key === null, failed: error !== undefined };
}

/** `ui:options.source` of a field, when it names one. */
export function optionSourceOf(options: Record<string, unknown>): OptionSource | undefined {
  const source = options.source;
  return typeof source === 'object' && source !== null && typeof (source as OptionSource).method === 'string' ? (source as OptionSource) : undefined;
}
