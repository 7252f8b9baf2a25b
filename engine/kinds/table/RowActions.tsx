import { useTranslation } from 'react-i18next';
import { ActionList } from '../../actions/ActionBar';
import { formatText } from '../../format/formatValue';
import { useIntlLocale } from '../../i18n/labels';
import type { Action, Column, JsonSchema, ScreenSpec } from '../../spec/types';
import type { Row } from './rows';

/**
 * The buttons of one table row: the spec's `rowActions` whose `when` holds for the row, run with the row's
 * values. Screen readers hear the row's first column, as the table shows it, after each label ("Delete
 * ada@example.com"), and a question reads the columns as shown too (`{{amount}}` is "€5.00").
 *
 * @example
 * ```tsx
 * <DataTable … renderRowActions={(row) => <RowActions spec={spec} actions={table.rowActions} row={row} columns={table.columns} entity={table.entity} />} />
 * ```
 */
export function RowActions({
  spec,
  actions,
  row,
  columns,
  entity,
}: {
  spec: Pick<ScreenSpec, 'id' | 'source'>;
  actions: readonly Action[] | undefined;
  row: Row;
  columns: readonly Column[];
  entity?: JsonSchema;
}) {
  const { t } = useTranslation();
  const locale = useIntlLocale();
  const shown = (column: Column) => formatText(row[column.field], column, row, { locale, t }, entity?.properties?.[column.field]);
  const wording = { ...row, ...Object.fromEntries(columns.map((column) => [column.field, shown(column)])) };
  const subject = columns[0] ? shown(columns[0]) : '';
  return <ActionList spec={spec} actions={actions} values={row} wording={wording} subject={subject || undefined} />;
}
