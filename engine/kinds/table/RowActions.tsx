import { ActionList } from '../../actions/ActionBar';
import type { Action, Column, ScreenSpec } from '../../spec/types';
import type { Row } from './rows';

/**
 * The buttons of one table row: the spec's `rowActions` whose `when` holds for the row, run with the row's
 * values. Screen readers hear the row's first column after each label ("Delete ada@example.com").
 *
 * @example
 * ```tsx
 * <DataTable … renderRowActions={(row) => <RowActions spec={spec} actions={table.rowActions} row={row} columns={table.columns} />} />
 * ```
 */
export function RowActions({
  spec,
  actions,
  row,
  columns,
}: {
  spec: Pick<ScreenSpec, 'id' | 'source'>;
  actions: readonly Action[] | undefined;
  row: Row;
  columns: readonly Column[];
}) {
  const first = columns[0] ? row[columns[0].field] : undefined;
  return <ActionList spec={spec} actions={actions} values={row} subject={first === undefined || first === null ? undefined : String(first)} />;
}
