import { useTranslation } from 'react-i18next';
import { ActionList } from '../../actions/ActionBar';
import { formatText } from '../../format/formatValue';
import { useIntlLocale } from '../../i18n/labels';
import type { Action, Column, JsonSchema, ScreenSpec } from '../../spec/types';
import type { Row } from './rows';

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The buttons of one table row: the spec's `rowActions` whose `when` holds for the row, run with the row's
 * values. Screen readers hear the row's first column, as the table shows it, after each label ("Delete
 * ada@example.com"), and a question reads the columns as shown too (`{{amount}}` is "€5.00"); a column holding an
 * object is read by its parts (`{{file.fileName}}`).
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
  // A column holding an object (a file's { fileName, mediaType }) keeps it, so a label reads its parts
  // ("Download {{file.fileName}}"); the other columns are worded as the table shows them.
  const worded = columns.filter((column) => !isPlainObject(row[column.field]));
  const wording = { ...row, ...Object.fromEntries(worded.map((column) => [column.field, shown(column)])) };
  const subject = columns[0] ? shown(columns[0]) : '';
  return <ActionList spec={spec} actions={actions} values={row} wording={wording} subject={subject || undefined} />;
}
