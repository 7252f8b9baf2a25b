import { useCallback, useState } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import { getPath } from '../data/paths';
import type { JsonSchema } from '../spec/types';

/**
 * Whether a dot path names a property the form shows: a property of the form, of a nested object, or of
 * an item of a list of objects (`documents.0.back`, drawn by a field that shows its entries' errors), or a
 * key of a map (`notes.4`, an object whose `additionalProperties` its field draws one by one). A
 * path ending at an item itself (`scans.0`) is not placed: a list's widget shows only the list's errors.
 */
function isShown(schema: JsonSchema, path: string): boolean {
  let current: JsonSchema | undefined = schema;
  const segments = path.split('.');
  for (const [index, segment] of segments.entries()) {
    const item: boolean = /^\d+$/.test(segment) && current?.type === 'array' && index < segments.length - 1;
    // A map's key (`notes.4` of an object keyed by value) is shown by the field that draws its entries.
    const keyed: JsonSchema | undefined = typeof current?.additionalProperties === 'object' ? (current.additionalProperties as JsonSchema) : undefined;
    current = item ? current?.items : (current?.properties?.[segment] ?? keyed);
    if (!current) return false;
  }
  return true;
}

/**
 * Splits server field errors into those the form can show on a field (as an rjsf error schema) and those
 * about fields it does not show, which the form lists above its buttons so that none is lost.
 *
 * @example
 * ```ts
 * placeServerErrors({ firstName: 'Too long', taxId: 'Unknown' }, schemaWithFirstNameOnly);
 * // { errorSchema: { firstName: { __errors: ['Too long'] } }, unplaced: ['Unknown'] }
 * ```
 */
export function placeServerErrors(messages: Record<string, string>, schema: JsonSchema): { errorSchema: ErrorSchema | undefined; unplaced: string[] } {
  const errorSchema: Record<string, unknown> = {};
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(messages)) {
    if (!path || !isShown(schema, path)) {
      unplaced.push(message);
      continue;
    }
    let node = errorSchema;
    for (const segment of path.split('.')) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), message];
  }
  return { errorSchema: Object.keys(errorSchema).length > 0 ? (errorSchema as ErrorSchema) : undefined, unplaced };
}

interface ServerErrorState {
  messages: Record<string, string>;
  /** The value of each field when the server refused it, serialised so objects compare by content. */
  refusedValues: Record<string, string>;
}

const EMPTY: ServerErrorState = { messages: {}, refusedValues: {} };

function snapshot(data: unknown, path: string): string {
  return JSON.stringify(getPath(data, path) ?? null);
}

/**
 * The server's field errors of a form, kept until the user changes the field they are about: the form
 * refuses to submit while any is shown (sending the same refused value again would fail the same way), and
 * an error disappears as soon as its field holds another value.
 *
 * @example
 * ```ts
 * const serverErrors = useServerErrors();
 * serverErrors.show(outcome.fieldErrors, data);   // after a refused submit
 * serverErrors.track(nextData);                    // on every change
 * <SchemaForm serverErrors={serverErrors.messages} ... />
 * ```
 */
export function useServerErrors() {
  const [state, setState] = useState<ServerErrorState>(EMPTY);

  const show = useCallback((messages: Record<string, string>, data: unknown) => {
    const refusedValues: Record<string, string> = {};
    for (const path of Object.keys(messages)) refusedValues[path] = snapshot(data, path);
    setState({ messages, refusedValues });
  }, []);

  const track = useCallback((data: unknown) => {
    setState((previous) => {
      const stillRefused = Object.keys(previous.messages).filter((path) => snapshot(data, path) === previous.refusedValues[path]);
      if (stillRefused.length === Object.keys(previous.messages).length) return previous;
      const messages: Record<string, string> = {};
      for (const path of stillRefused) messages[path] = previous.messages[path] ?? '';
      return { messages, refusedValues: previous.refusedValues };
    });
  }, []);

  const clear = useCallback(() => setState(EMPTY), []);

  return { messages: state.messages, show, track, clear };
}
