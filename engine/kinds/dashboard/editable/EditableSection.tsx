import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionParams } from '../../../actions/ActionBar';
import { useCall } from '../../../actions/useCall';
import { isAnswer } from '../../../errors/MethodCallError';
import { FormattedValue } from '../../../format/formatValue';
import { fieldLabel } from '../../../i18n/labels';
import { formSchema } from '../../../schema-form/formSchemas';
import { SchemaForm } from '../../../schema-form/SchemaForm';
import { matchesWhen } from '../../../spec/when';
import type { Column, EditableRows, JsonSchema, ScreenSpec } from '../../../spec/types';
import { changeCount, changeRequest, NO_CHANGES, placeRowErrors, shownRows, type PendingChanges, type PlacedErrors, type ShownRow } from './changes';
import { useRouteParams } from '../../../router/RouteValues';

type Row = Record<string, unknown>;

/** The row open in the editor: a server row or an added one by key, or a new one. */
type Editing = { key: string | null; data: Row } | null;

const NO_ERRORS: PlacedErrors = { rows: {}, other: [] };

export interface EditableSectionProps {
  spec: Pick<ScreenSpec, 'id' | 'source'>;
  editable: EditableRows;
  /** The section's rows as loaded. */
  rows: Row[];
  columns: readonly Column[];
  entity?: JsonSchema;
  /** The section's data: what `save.params` read. */
  values: Row;
  caption: string;
}

/**
 * A dashboard section of kind `editable`: the rows of its data in a table, each edited in an editor under
 * it (validated by the row's schema), removed, or restored when the server keeps it as removed; new rows
 * added at the end. Nothing is sent until "Save changes", which sends every change in one call; a refusal
 * is said on the row and field each of its errors is about, never in a popup, and the changes stay.
 *
 * @example
 * ```tsx
 * <EditableSection spec={spec} editable={section.editable} rows={rows} columns={columns} values={values} caption={title} />
 * ```
 */
export function EditableSection({ spec, editable, rows, columns, entity, values, caption }: EditableSectionProps) {
  const { t } = useTranslation();
  const routeParams = useRouteParams();
  const { call, succeed, fail } = useCall(spec);
  const idPrefix = `${spec.id}-${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const schema = useMemo(() => formSchema(editable.form), [editable.form]);
  const [changes, setChanges] = useState<PendingChanges>(NO_CHANGES);
  const [editing, setEditing] = useState<Editing>(null);
  const [errors, setErrors] = useState<PlacedErrors>(NO_ERRORS);
  const [sending, setSending] = useState(false);
  const nextKey = useRef(1);
  const names = editable.save.changes;
  const isRemoved = (row: Row) => Boolean(editable.removedWhen && matchesWhen(editable.removedWhen, row));
  const shown = shownRows(rows, editable.key, changes, isRemoved);
  const count = changeCount(changes);

  const forget = (key: string) => {
    setErrors((previous) => {
      if (!(key in previous.rows)) return previous;
      const { [key]: _dropped, ...rest } = previous.rows;
      return { ...previous, rows: rest };
    });
  };
  const change = (next: (previous: PendingChanges) => PendingChanges) => setChanges((previous) => next(previous));

  const keep = (data: Row) => {
    if (!editing) return;
    if (editing.key === null) {
      const key = `new:${nextKey.current++}`;
      change((previous) => ({ ...previous, added: [...previous.added, { key, row: data }] }));
    } else if (editing.key.startsWith('new:')) {
      const key = editing.key;
      change((previous) => ({ ...previous, added: previous.added.map((entry) => (entry.key === key ? { key, row: data } : entry)) }));
      forget(key);
    } else {
      const key = editing.key;
      const original = rows.find((row) => String(row[editable.key]) === key) ?? {};
      change((previous) => ({ ...previous, updated: { ...previous.updated, [key]: { ...original, ...data } } }));
      forget(key);
    }
    setEditing(null);
  };

  const remove = (line: ShownRow) => {
    forget(line.key);
    if (line.state === 'added') change((previous) => ({ ...previous, added: previous.added.filter((entry) => entry.key !== line.key) }));
    else change((previous) => ({ ...previous, removed: [...previous.removed, line.key] }));
  };

  const restore = (line: ShownRow) => {
    forget(line.key);
    if (line.removedBefore) change((previous) => ({ ...previous, restored: [...previous.restored, line.key] }));
    else change((previous) => ({ ...previous, removed: previous.removed.filter((key) => key !== line.key) }));
  };

  /** Takes back a restore of a row the server keeps removed: it stays removed. */
  const unrestore = (line: ShownRow) => {
    forget(line.key);
    change((previous) => ({ ...previous, restored: previous.restored.filter((key) => key !== line.key) }));
  };

  const send = async () => {
    const { request, rowsOf } = changeRequest(changes, { key: editable.key, fields: editable.form.fields, changes: names }, rows);
    setSending(true);
    setErrors(NO_ERRORS);
    try {
      const outcome = await call({ method: editable.save.method }, { ...actionParams(editable.save.params, routeParams, values), ...request });
      setChanges(NO_CHANGES);
      await succeed(editable.save.success ?? { refresh: true }, outcome);
    } catch (error) {
      // A refusal is said where it belongs, on its rows and fields; a call that got no answer is the application's to say.
      if (isAnswer(error)) {
        const placed = placeRowErrors(error.fieldErrors, rowsOf, editable.save.errorsByKey);
        setErrors(Object.keys(error.fieldErrors).length > 0 ? placed : { rows: {}, other: [error.description] });
      } else fail(error);
    } finally {
      setSending(false);
    }
  };

  const title = (line: { row: Row }, index: number) => t(editable.itemTitle, { ...line.row, number: index + 1 });
  const may = (line: ShownRow) => line.state === 'added' || !editable.editableWhen || matchesWhen(editable.editableWhen, line.row);

  const editor = (key: string | null, heading: string) =>
    editing && editing.key === key ? (
      <section className="eng-editable__editor" aria-labelledby={`${idPrefix}-editor`}>
        <h3 id={`${idPrefix}-editor`} className="eng-editable__editor-title">
          {heading}
        </h3>
        <SchemaForm
          idPrefix={`${idPrefix}-row`}
          schema={schema}
          uiSchema={editable.form.uiSchema}
          formData={editing.data}
          onChange={(data) => setEditing({ key, data })}
          onSubmit={keep}
          serverErrors={key ? rowFieldErrors(errors.rows[key]) : undefined}
        >
          <div className="eng-form__buttons">
            <button type="submit" className="eng-button eng-button--primary">
              {t('engine.editable.keep')}
            </button>
            <button type="button" className="eng-button eng-button--secondary" onClick={() => setEditing(null)}>
              {t('engine.editable.cancel')}
            </button>
          </div>
        </SchemaForm>
      </section>
    ) : null;

  const actionsLabel = t('engine.table.actions');
  const span = columns.length + 2;
  return (
    <div className="eng-editable">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (axe scrollable-region-focusable). */}
      <div className="eng-table-wrap" role="group" aria-labelledby={`${idPrefix}-caption`} tabIndex={0}>
        <table className="eng-table eng-table--compact">
          <caption id={`${idPrefix}-caption`} className="eng-visually-hidden">
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.field} scope="col">
                  {fieldLabel(t, column.field, entity?.properties?.[column.field], column.label)}
                </th>
              ))}
              <th scope="col">{t('engine.editable.state')}</th>
              <th scope="col" className="eng-cell--actions">
                {actionsLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 && (
              <tr>
                <td colSpan={span} className="eng-table__empty">
                  {t('engine.table.empty')}
                </td>
              </tr>
            )}
            {shown.flatMap((line, index) => {
              const name = title(line, index);
              const rowErrors = errors.rows[line.key];
              const struck = line.state === 'removed';
              const lines = [
                <tr key={line.key} className={`eng-editable__row eng-editable__row--${line.state}`} data-key={line.key} data-state={line.state}>
                  {columns.map((column) => (
                    <td key={column.field} data-label={fieldLabel(t, column.field, entity?.properties?.[column.field], column.label)}>
                      {struck ? (
                        <s>
                          <FormattedValue row={line.row} column={column} property={entity?.properties?.[column.field]} />
                        </s>
                      ) : (
                        <FormattedValue row={line.row} column={column} property={entity?.properties?.[column.field]} />
                      )}
                    </td>
                  ))}
                  <td data-label={t('engine.editable.state')}>
                    {line.state !== 'kept' && (
                      <span className="eng-badge" data-value={line.state}>
                        {t(`engine.editable.states.${line.state}`)}
                      </span>
                    )}
                  </td>
                  <td className="eng-cell--actions" data-label={actionsLabel}>
                    <span className="eng-actions eng-actions--inline">
                      {rowButtons(line).map(({ id, label, run }) => (
                        <button
                          key={id}
                          type="button"
                          className="eng-button eng-button--secondary"
                          data-action={id}
                          aria-label={`${t(label)}: ${name}`}
                          disabled={editing !== null || sending}
                          onClick={run}
                        >
                          {t(label)}
                        </button>
                      ))}
                    </span>
                  </td>
                </tr>,
              ];
              if (rowErrors && editing?.key !== line.key) {
                lines.push(
                  <tr key={`${line.key}-errors`} className="eng-editable__errors">
                    <td colSpan={span}>
                      <ul className="eng-field-errors" role="alert" aria-label={name}>
                        {Object.entries(rowErrors).map(([field, message]) => (
                          <li key={field}>{field ? `${fieldLabel(t, field, entity?.properties?.[field])}: ${message}` : message}</li>
                        ))}
                      </ul>
                    </td>
                  </tr>,
                );
              }
              const open = editor(line.key, name);
              if (open) {
                lines.push(
                  <tr key={`${line.key}-editor`} className="eng-editable__editing">
                    <td colSpan={span}>{open}</td>
                  </tr>,
                );
              }
              return lines;
            })}
          </tbody>
        </table>
      </div>
      {editor(null, t(editable.addLabel ?? 'engine.editable.add'))}
      {errors.other.length > 0 && (
        <ul className="eng-field-errors" role="alert">
          {errors.other.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <p className="eng-editable__pending" aria-live="polite">
        {count > 0 ? t('engine.editable.pending', { count }) : ''}
      </p>
      <div className="eng-form__buttons">
        {names.add && (
          <button
            type="button"
            className="eng-button eng-button--secondary"
            data-action="add"
            disabled={editing !== null || sending}
            onClick={() => setEditing({ key: null, data: {} })}
          >
            {t(editable.addLabel ?? 'engine.editable.add')}
          </button>
        )}
        <button
          type="button"
          className="eng-button eng-button--primary"
          data-action="save"
          disabled={count === 0 || editing !== null || sending}
          onClick={() => void send()}
        >
          {t(editable.save.label ?? 'engine.editable.save')}
        </button>
        {count > 0 && (
          <button
            type="button"
            className="eng-button eng-button--secondary"
            data-action="discard"
            disabled={sending}
            onClick={() => {
              setChanges(NO_CHANGES);
              setErrors(NO_ERRORS);
              setEditing(null);
            }}
          >
            {t('engine.editable.discard')}
          </button>
        )}
      </div>
    </div>
  );

  function rowButtons(line: ShownRow): { id: string; label: string; run: () => void }[] {
    if (!may(line)) return [];
    const edit = { id: 'edit', label: 'engine.editable.edit', run: () => setEditing({ key: line.key, data: pickEdited(line.row, editable.form.fields) }) };
    switch (line.state) {
      case 'removed':
        return (line.removedBefore ? names.restore : names.remove) ? [{ id: 'restore', label: 'engine.editable.restore', run: () => restore(line) }] : [];
      case 'restored':
        return [{ id: 'unrestore', label: 'engine.editable.remove', run: () => unrestore(line) }];
      case 'added':
        return [edit, { id: 'remove', label: 'engine.editable.remove', run: () => remove(line) }];
      default:
        return [...(names.update ? [edit] : []), ...(names.remove ? [{ id: 'remove', label: 'engine.editable.remove', run: () => remove(line) }] : [])];
    }
  }
}

/** The editor's fields of a row, as the form starts from them. */
function pickEdited(row: Row, fields: readonly string[]): Row {
  return Object.fromEntries(fields.filter((field) => row[field] !== undefined).map((field) => [field, row[field]]));
}

/** A row's placed errors as the editor's server errors (a message about the whole row is said above it). */
function rowFieldErrors(rowErrors: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!rowErrors) return undefined;
  const fields = Object.entries(rowErrors).filter(([field]) => field !== '');
  return fields.length > 0 ? Object.fromEntries(fields) : undefined;
}
