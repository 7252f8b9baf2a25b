import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorId, type ErrorSchema, type FieldProps, type UiSchema, type WidgetProps } from '@rjsf/utils';
import { fieldLabel } from '../i18n/labels';
import type { FileSetFile, JsonSchema, UiOptions } from '../spec/types';
import { matchesWhen } from '../spec/when';
import { FieldErrorList } from './FieldErrorList';
import { useVisibleErrors } from './fieldVisibility';
import { optionSourceOf, sourceItems } from './optionWidgets';
import { formDataOf, useSourceData } from './sources';

type Entry = Record<string, unknown>;

/**
 * The entries a `fileSet` holds for its source's items: one per item, in the items' order, carrying the
 * item's `key` and the files already chosen for that item's pickers that are shown; an empty list when
 * there are no items.
 *
 * @example
 * ```ts
 * fileSetEntries([{ type: 4, twoSided: true }], [{ type: 4, front: 'data:…', back: 'data:…' }, { type: 9, front: 'data:…' }], 'type',
 *   [{ field: 'front' }, { field: 'back', when: { field: 'twoSided', equals: true } }]);
 * // [{ type: 4, front: 'data:…', back: 'data:…' }]
 * ```
 */
export function fileSetEntries(items: readonly Entry[], entries: readonly Entry[], key: string, files: readonly FileSetFile[]): Entry[] {
  return items.map((item) => {
    const kept = entries.find((entry) => entry[key] === item[key]) ?? {};
    const entry: Entry = { [key]: item[key] };
    for (const file of files) if (matchesWhen(file.when, item) && kept[file.field] !== undefined) entry[file.field] = kept[file.field];
    return entry;
  });
}

/** One picker of an entry: a labelled engine file widget, its errors under it. */
function FilePicker({
  id,
  label,
  required,
  errors,
  props,
  schema,
  value,
  onPick,
}: {
  id: string;
  label: string;
  required: boolean;
  errors: string[] | undefined;
  props: FieldProps;
  schema: JsonSchema;
  value: unknown;
  onPick: (value: unknown) => void;
}) {
  const shown = useVisibleErrors(id, errors);
  const FileWidget = props.registry.widgets.FileWidget!;
  const options = (props.uiSchema?.['ui:options'] ?? {}) as UiOptions;
  const widgetProps = {
    id,
    name: id,
    htmlName: id,
    label,
    value,
    required,
    disabled: props.disabled,
    readonly: props.readonly,
    autofocus: false,
    multiple: false,
    schema,
    uiSchema: {} as UiSchema,
    options: { accept: options.accept, emptyValue: undefined },
    rawErrors: errors,
    registry: props.registry,
    onChange: onPick,
    onBlur: props.onBlur,
    onFocus: props.onFocus,
  } as unknown as WidgetProps;
  return (
    <div className={`eng-field${shown.length ? ' eng-field--invalid' : ''}`}>
      <label className="eng-label" htmlFor={id}>
        {label}
        {required && (
          <span className="eng-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <FileWidget {...widgetProps} />
      {shown.length > 0 && (
        <ul id={errorId(id)} className="eng-field-errors">
          {shown.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * `ui:widget: fileSet` on a list of objects: the files asked for each item of a source (the documents
 * a chosen product needs), one group per item titled by `itemTitle` (interpolating the item). Each
 * entry carries the item's `key` and a data URL per picker of `files`; a picker with `when` is shown,
 * and marked required, only for the items meeting it. The list follows the source: a new item adds a
 * group, an item gone takes its files with it. Errors of an entry's file (the schema's, the server's)
 * show under its picker; errors of the whole list above the groups.
 *
 * @example
 * ```yaml
 * scans:
 *   ui:widget: fileSet
 *   ui:options:
 *     source: { method: planInfo, params: { planId: ':planId' }, path: plan.scans }   # [{ kind: 4, twoSided: true }]
 *     key: kind
 *     itemTitle: plans.scan                     # "Scan: $t(scanKinds.{{kind}})"
 *     accept: 'application/pdf,image/jpeg,image/png'
 *     files:
 *       - { field: front, label: plans.front }
 *       - { field: back, label: plans.back, when: { field: twoSided, equals: true } }
 * ```
 */
export function FileSetField(props: FieldProps) {
  const { fieldPathId, formData, errorSchema, onChange, registry, schema, uiSchema, rawErrors } = props;
  const { t } = useTranslation();
  const options = (uiSchema?.['ui:options'] ?? {}) as UiOptions;
  const source = optionSourceOf(options);
  const values = formDataOf(registry.formContext);
  const { data, waiting, failed } = useSourceData(source, values);
  const key = options.key ?? 'id';
  const files = options.files ?? [];
  const items = !source || waiting || failed ? [] : data === undefined ? null : sourceItems(data, source, values);
  const entries = Array.isArray(formData) ? (formData as Entry[]) : [];
  const settled = items === null ? null : fileSetEntries(items, entries, key, files);
  const changed = settled !== null && JSON.stringify(settled) !== JSON.stringify(entries);
  useEffect(() => {
    if (changed) onChange(settled, fieldPathId.path);
  }, [changed, settled, onChange, fieldPathId.path]);
  const listErrors = useVisibleErrors(fieldPathId.$id, rawErrors ?? errorSchema?.__errors);
  const itemSchema = (schema.items ?? {}) as JsonSchema;

  if (items === null) {
    return (
      <p className="eng-help" role="status">
        {t('engine.loading')}
      </p>
    );
  }
  const shownEntries = settled ?? [];
  return (
    <div className="eng-fields" id={fieldPathId.$id}>
      <FieldErrorList fieldId={fieldPathId.$id} errors={listErrors} />
      {items.map((item, index) => {
        const entry = shownEntries[index] ?? {};
        const entryErrors = (errorSchema as Record<number, ErrorSchema> | undefined)?.[index] as Record<string, { __errors?: string[] }> | undefined;
        return (
          <fieldset key={String(item[key])} className="eng-fieldset">
            <legend className="eng-legend">{options.itemTitle ? t(options.itemTitle, item) : String(item[key])}</legend>
            <div className="eng-fields">
              {files
                .filter((file) => matchesWhen(file.when, item))
                .map((file) => {
                  const property = itemSchema.properties?.[file.field] ?? {};
                  return (
                    <FilePicker
                      key={file.field}
                      id={`${fieldPathId.$id}_${index}_${file.field}`}
                      label={file.label ? t(file.label) : fieldLabel(t, file.field, property)}
                      required
                      errors={entryErrors?.[file.field]?.__errors}
                      props={props}
                      schema={property}
                      value={entry[file.field]}
                      onPick={(picked) =>
                        onChange(
                          shownEntries.map((other, at) => (at === index ? { ...other, [file.field]: picked } : other)),
                          fieldPathId.path,
                        )
                      }
                    />
                  );
                })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
