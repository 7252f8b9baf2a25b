import { getPath } from '../../data/paths';
import type { DashboardSection } from '../../spec/types';
import { matchesWhen } from '../../spec/when';
import type { Row } from '../table/rows';

/**
 * The rows of a dashboard section: the list at `data.path` then `rows`, only those meeting `rowsWhere`; a
 * single object counts as one row, so a single summary and a list of items are drawn by the same cards.
 *
 * @example
 * ```ts
 * sectionRows({ stores: [{ id: 1 }] }, { id: 'a', kind: 'cards', rows: 'stores' }); // [{ id: 1 }]
 * ```
 */
export function sectionRows(answer: unknown, section: Pick<DashboardSection, 'data' | 'rows' | 'rowsWhere'>): Row[] {
  const list = getPath(getPath(answer, section.data?.path), section.rows);
  if (Array.isArray(list)) {
    return list.filter((row): row is Row => typeof row === 'object' && row !== null && matchesWhen(section.rowsWhere, row as Row));
  }
  return typeof list === 'object' && list !== null ? [list as Row] : [];
}

/**
 * The total count of a section's list (`total` field), or its length when the answer has none.
 *
 * @example
 * ```ts
 * sectionTotal({ items: [1, 2], count: 9 }, { id: 'a', kind: 'table', total: 'count' }, 2); // 9
 * ```
 */
export function sectionTotal(answer: unknown, section: Pick<DashboardSection, 'data' | 'total'>, shown: number): number {
  if (!section.total) return shown;
  const total = Number(getPath(getPath(answer, section.data?.path), section.total));
  return Number.isFinite(total) ? total : shown;
}
