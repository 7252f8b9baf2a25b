import { getPath } from '../../data/paths';

export type Row = Record<string, unknown>;

/**
 * The rows and total of an answer: `data.path` first (when the list sits deeper), then the spec's `rows`
 * and `total` fields. A missing total counts the rows, so a method that does not page still shows them.
 *
 * @example
 * ```ts
 * readPage({ orders: [{ id: 1 }], totalCount: 40 }, undefined, 'orders', 'totalCount');
 * // { rows: [{ id: 1 }], total: 40 }
 * ```
 */
export function readPage(
  answer: unknown,
  dataPath: string | undefined,
  rowsField: string | undefined,
  totalField: string | undefined,
): { rows: Row[]; total: number } {
  const base = getPath(answer, dataPath);
  const list = getPath(base, rowsField);
  const rows = Array.isArray(list) ? (list.filter((row) => typeof row === 'object' && row !== null) as Row[]) : [];
  const total = Number(totalField ? getPath(base, totalField) : undefined);
  return { rows, total: Number.isFinite(total) ? total : rows.length };
}
