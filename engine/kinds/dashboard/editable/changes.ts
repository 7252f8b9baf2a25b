import type { EditableRows } from '../../../spec/types';

type Row = Record<string, unknown>;

/**
 * What the person changed in an editable list and has not sent yet. Rows of the server are named by
 * their key; rows added here by a key of their own (`new:1`), never sent.
 */
export interface PendingChanges {
  /** Rows added here, in order, each with the key the editor names it by. */
  added: { key: string; row: Row }[];
  /** Server rows edited here: key -> the row as edited. */
  updated: Record<string, Row>;
  /** Server rows removed here. */
  removed: string[];
  /** Server rows the server kept as removed, restored here. */
  restored: string[];
}

export const NO_CHANGES: PendingChanges = { added: [], updated: {}, removed: [], restored: [] };

/** How many changes wait to be sent. */
export function changeCount(changes: PendingChanges): number {
  return changes.added.length + Object.keys(changes.updated).length + changes.removed.length + changes.restored.length;
}

/** The state of one row as drawn: as loaded, added, edited, removed (here or before) or restored. */
export type RowState = 'kept' | 'added' | 'updated' | 'removed' | 'restored';

/** One line of the list as drawn: the row with the pending edit applied, and its state. */
export interface ShownRow {
  key: string;
  row: Row;
  state: RowState;
  /** Whether the server holds it as removed (Restore takes it back) rather than it being removed here. */
  removedBefore: boolean;
}

/**
 * The rows to draw: the server's, each with its pending edit or removal, then the rows added here.
 *
 * @example
 * ```ts
 * shownRows([{ id: 1, name: 'A' }], 'id', { ...NO_CHANGES, updated: { '1': { id: 1, name: 'B' } } }, () => false);
 * // [{ key: '1', row: { id: 1, name: 'B' }, state: 'updated', removedBefore: false }]
 * ```
 */
export function shownRows(rows: readonly Row[], key: string, changes: PendingChanges, isRemoved: (row: Row) => boolean): ShownRow[] {
  const shown: ShownRow[] = rows.map((row) => {
    const rowKey = String(row[key]);
    const removedBefore = isRemoved(row);
    const state: RowState = removedBefore
      ? changes.restored.includes(rowKey)
        ? 'restored'
        : 'removed'
      : changes.removed.includes(rowKey)
        ? 'removed'
        : rowKey in changes.updated
          ? 'updated'
          : 'kept';
    return { key: rowKey, row: changes.updated[rowKey] ?? row, state, removedBefore };
  });
  return [...shown, ...changes.added.map(({ key: addedKey, row }) => ({ key: addedKey, row, state: 'added' as const, removedBefore: false }))];
}

/**
 * The one request that sends every change: each list under the request field `save.changes` names (added
 * rows with the editor's fields, updated rows with their key and the editor's fields, the keys removed and
 * restored), and, for mapping the server's refusals back, which row each entry of each list is.
 *
 * @example
 * ```ts
 * changeRequest({ ...NO_CHANGES, removed: ['7'] }, { key: 'id', fields: ['name'], changes: { remove: 'deletes' } }, [{ id: 7 }]);
 * // { request: { deletes: [7] }, rowsOf: { deletes: ['7'] } }
 * ```
 */
export function changeRequest(
  changes: PendingChanges,
  { key, fields, changes: names }: { key: string; fields: readonly string[]; changes: EditableRows['save']['changes'] },
  rows: readonly Row[],
): { request: Row; rowsOf: Record<string, string[]> } {
  const pick = (row: Row) => Object.fromEntries(fields.filter((field) => row[field] !== undefined).map((field) => [field, row[field]]));
  // Keys go back as the server wrote them (a number stays a number).
  const serverKey = (rowKey: string) => rows.find((row) => String(row[key]) === rowKey)?.[key] ?? rowKey;
  const request: Row = {};
  const rowsOf: Record<string, string[]> = {};
  const put = (name: string | undefined, entries: unknown[], rowKeys: string[]) => {
    if (!name) return;
    request[name] = entries;
    rowsOf[name] = rowKeys;
  };
  put(
    names.add,
    changes.added.map(({ row }) => pick(row)),
    changes.added.map(({ key: addedKey }) => addedKey),
  );
  const updated = Object.entries(changes.updated).filter(([rowKey]) => !changes.removed.includes(rowKey));
  put(
    names.update,
    updated.map(([rowKey, row]) => ({ [key]: serverKey(rowKey), ...pick(row) })),
    updated.map(([rowKey]) => rowKey),
  );
  put(names.remove, changes.removed.map(serverKey), changes.removed);
  put(names.restore, changes.restored.map(serverKey), changes.restored);
  return { request, rowsOf };
}

/** A refusal's messages placed on the rows they are about. */
export interface PlacedErrors {
  /** Row key -> field -> message; a message about the whole row under the field ''. */
  rows: Record<string, Record<string, string>>;
  /** Messages about no row (the call's own fields, or a path it cannot place). */
  other: string[];
}

/**
 * Places a refusal's field errors on rows: a path `<list>.<index>.<field>` (or `<list>.<index>`) of a list
 * the request sent is about the row that entry stood for, and, with `errorsByKey`, `<errorsByKey>.<key>.<field>`
 * about the row of that key, so the person sees it on that row and field.
 *
 * @example
 * ```ts
 * placeRowErrors({ 'updates.0.amount': 'Too much', listId: 'Unknown' }, { updates: ['7'] });
 * // { rows: { '7': { amount: 'Too much' } }, other: ['Unknown'] }
 * placeRowErrors({ 'items.7.amount': 'Too much' }, { updates: ['7'] }, 'items'); // { rows: { '7': { amount: 'Too much' } }, other: [] }
 * ```
 */
export function placeRowErrors(fieldErrors: Record<string, string>, rowsOf: Record<string, string[]>, errorsByKey?: string): PlacedErrors {
  const placed: PlacedErrors = { rows: {}, other: [] };
  const sentKeys = new Set(Object.values(rowsOf).flat());
  for (const [path, message] of Object.entries(fieldErrors)) {
    const [list = '', index = '', ...rest] = path.split('.');
    // `<errorsByKey>.<key>.<field>` names the row by its key; `<list>.<index>.<field>` by its entry in a list sent.
    const byKey = errorsByKey !== undefined && list === errorsByKey && sentKeys.has(index) ? index : undefined;
    const rowKey = byKey ?? (/^\d+$/.test(index) ? rowsOf[list]?.[Number(index)] : undefined);
    if (rowKey === undefined) {
      placed.other.push(message);
      continue;
    }
    placed.rows[rowKey] = { ...placed.rows[rowKey], [rest.join('.')]: message };
  }
  return placed;
}
