import { createContext, use } from 'react';

/**
 * The values of the list row a field sits in (an object that is an item of an array), or null outside
 * one. A choice list's `when` and `except` read the row there: in a list of holders, each row's "kind"
 * says which list its "holder" select offers.
 */
export const ListRowContext = createContext<Record<string, unknown> | null>(null);

/**
 * What a field's conditions read: its list row's values inside one, else the form's.
 *
 * @example
 * ```ts
 * const values = useRowValues(formDataOf(registry.formContext));
 * ```
 */
export function useRowValues(formValues: Record<string, unknown>): Record<string, unknown> {
  return use(ListRowContext) ?? formValues;
}
