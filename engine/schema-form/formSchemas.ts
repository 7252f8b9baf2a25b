import type { FormSpec, JsonSchema, ScreenSpec, TableSpec, WizardSpec, WizardStep } from '../spec/types';
import { conditionalSchema } from './conditions';
import { narrowSchema } from './narrowSchema';

/**
 * The schema a `kind: form` screen validates with: the listed fields, in order, with the conditions of
 * its uiSchema (`ui:options.when`) and `dependentSchemas` applied (see `conditionalSchema`).
 *
 * @example
 * ```ts
 * formSchema({ schema: personSchema, fields: ['firstName'], submit: {} }); // properties { firstName }
 * ```
 */
export function formSchema(form: Pick<FormSpec, 'schema' | 'fields' | 'uiSchema'>): JsonSchema {
  return conditionalSchema(settleFieldChoice(narrowSchema(form.schema, form.fields)), form.uiSchema);
}

/** Whether a `oneOf`/`anyOf` branch only names required fields: `{ required: ['mode'] }`. */
const onlyRequires = (branch: unknown): branch is { required: string[] } =>
  typeof branch === 'object' && branch !== null && Object.keys(branch).length === 1 && Array.isArray((branch as { required?: unknown }).required);

/**
 * A form's schema with a choice between fields (`oneOf: [{ required: [mode] }, { required: [typeMode] }]`,
 * "exactly one of these") settled by the fields the form shows: a form sends only its fields, so a branch
 * naming a field it does not show can never hold. With one branch left its fields become required; with
 * several the choice stays. Without this a one-field form of such a schema would draw rjsf's choice
 * selector, and refuse every answer that leaves the other field out.
 *
 * @example
 * ```ts
 * settleFieldChoice({ properties: { mode: {} }, oneOf: [{ required: ['mode'] }, { required: ['typeMode'] }] });
 * // { properties: { mode: {} }, required: ['mode'] }
 * ```
 */
function settleFieldChoice(schema: JsonSchema): JsonSchema {
  const settled: JsonSchema = { ...schema };
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = settled[keyword];
    if (!Array.isArray(branches) || !branches.every(onlyRequires)) continue;
    const shown = Object.keys(settled.properties ?? {});
    const possible = branches.filter((branch) => branch.required.every((field) => shown.includes(field)));
    if (possible.length > 1) {
      settled[keyword] = possible;
      continue;
    }
    delete settled[keyword];
    const required = [...(settled.required ?? []), ...(possible[0]?.required ?? [])];
    if (required.length > 0) settled.required = [...new Set(required)];
  }
  return settled;
}

/**
 * The schema one wizard step validates with: only that step's fields, so Next checks nothing further on.
 *
 * @example
 * ```ts
 * wizardStepSchema(wizard, wizard.steps[0]); // the first step's fields
 * ```
 */
export function wizardStepSchema(wizard: WizardSpec, step: WizardStep): JsonSchema {
  // A summary asking for fields sent beside the submit's wrap carries their schema (codegen sets it).
  return conditionalSchema(narrowSchema(step.schema ?? wizard.schema, step.fields ?? []), step.uiSchema);
}

/**
 * The schema one item of a hub step validates with: the item schema of the step's list, narrowed to the
 * hub's fields. Null when the step is no hub or its field is no list of objects (codegen refuses both).
 *
 * @example
 * ```ts
 * wizardHubItemSchema(wizard, { id: 'people', title: 't', kind: 'hub', fields: ['people'], hub: { fields: ['name'], itemTitle: 'p' } });
 * // the schema of one person, with name only
 * ```
 */
export function wizardHubItemSchema(wizard: WizardSpec, step: WizardStep): JsonSchema | null {
  const list = step.kind === 'hub' && step.fields?.[0] ? wizard.schema.properties?.[step.fields[0]] : undefined;
  if (!step.hub || !list?.items) return null;
  return narrowSchema(list.items, step.hub.fields);
}

/**
 * The schemas a wizard validates with, step by step: a fields step's form (and a summary's asking for
 * fields), a hub's item, the forms of a sections step, and each `showIf` condition.
 *
 * @example
 * ```ts
 * wizardSchemas(wizard); // [step 1's form, the item of step 2's list, ...]
 * ```
 */
function wizardSchemas(wizard: WizardSpec): JsonSchema[] {
  return wizard.steps.flatMap((step) => {
    const kind = step.kind ?? 'fields';
    const own: JsonSchema[] = [];
    // A summary asking for fields (sent beside the submit's wrap) validates them as a form too.
    if (kind === 'fields' || (kind === 'summary' && step.fields?.length)) own.push(wizardStepSchema(wizard, step));
    const item = wizardHubItemSchema(wizard, step);
    if (item) own.push(item);
    for (const section of step.sections ?? []) if (section.form) own.push(formSchema(section.form));
    if (step.showIf) own.push(step.showIf);
    return own;
  });
}

/**
 * The schema a table's filter form validates with: its rules apply except `required`, because an empty
 * filter means "all".
 *
 * @example
 * ```ts
 * filterSchema(table.filters); // no `required`
 * ```
 */
export function filterSchema(filters: NonNullable<TableSpec['filters']>): JsonSchema {
  const narrowed = narrowSchema(filters.schema, filters.fields);
  delete narrowed.required;
  return narrowed;
}

/**
 * The forms of a dashboard's `form` sections, the form on each tile of its `cards` sections, and the row
 * editor of its `editable` sections.
 *
 * @example
 * ```ts
 * sectionForms(ipListSpec); // [the add-an-address form]
 * ```
 */
function sectionForms(spec: ScreenSpec): Pick<FormSpec, 'schema' | 'fields' | 'uiSchema'>[] {
  return (spec.dashboard?.sections ?? []).flatMap((section) => [
    ...(section.form ? [section.form] : []),
    ...(section.card?.form ? [section.card.form] : []),
    ...(section.editable ? [section.editable.form] : []),
  ]);
}

/**
 * Whether a screen has forms: a form, a wizard, table filters, a dashboard's form sections or a custom
 * screen's `custom.forms`.
 *
 * @example
 * ```ts
 * hasFormSchemas(homeSpec); // false: a dashboard
 * ```
 */
export function hasFormSchemas(spec: ScreenSpec): boolean {
  return Boolean(spec.form || spec.wizard || spec.table?.filters || sectionForms(spec).length > 0 || Object.keys(spec.custom?.forms ?? {}).length > 0);
}

/**
 * Every schema the forms of a screen validate with: the form, each wizard step, the table filters, each
 * dashboard form section, each form a custom screen names in `custom.forms`.
 * Codegen precompiles a validator for each (`generated/validators/<id>.ts`), which `useSchemaValidator`
 * finds by the schema's hash. Other kinds have none.
 *
 * @example
 * ```ts
 * screenFormSchemas(loginSpec); // [the login form's schema]
 * ```
 */
export function screenFormSchemas(spec: ScreenSpec): JsonSchema[] {
  const schemas: JsonSchema[] = [];
  if (spec.form) schemas.push(formSchema(spec.form));
  if (spec.wizard) schemas.push(...wizardSchemas(spec.wizard));
  if (spec.table?.filters) schemas.push(filterSchema(spec.table.filters));
  for (const form of sectionForms(spec)) schemas.push(formSchema(form));
  for (const form of Object.values(spec.custom?.forms ?? {})) schemas.push(formSchema(form));
  return schemas;
}

/**
 * The form a custom screen names in its spec's `custom.forms`, with its schema narrowed to its fields,
 * for `SchemaForm`: the custom code validates with the same precompiled schema as a spec form.
 *
 * @example
 * ```tsx
 * const form = customForm(spec, 'confirm'); // custom.forms.confirm: { schema: api/methods/x.json#/request, fields: [code] }
 * <SchemaForm idPrefix="confirm" schema={form.schema} uiSchema={form.uiSchema} … />
 * ```
 */
export function customForm(spec: ScreenSpec, name: string): { schema: JsonSchema; uiSchema?: Record<string, unknown> } {
  const form = spec.custom?.forms?.[name];
  if (!form) {
    throw new Error(
      `Screen spec ${spec.source ?? `screens/${spec.id}.yaml`} has no form '${name}' under custom.forms, which its component draws. Add it to the spec (schema and fields), or fix the name in the component.`,
    );
  }
  return { schema: formSchema(form), uiSchema: form.uiSchema };
}
