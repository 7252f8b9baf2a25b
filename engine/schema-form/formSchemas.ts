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
  return conditionalSchema(narrowSchema(form.schema, form.fields), form.uiSchema);
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
  return conditionalSchema(narrowSchema(wizard.schema, step.fields ?? []), step.uiSchema);
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
 * The schemas a wizard validates with, step by step: a fields step's form, a hub's item, the forms of a
 * sections step, and each `showIf` condition.
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
    if (kind === 'fields') own.push(wizardStepSchema(wizard, step));
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
 * The forms of a dashboard's `form` sections.
 *
 * @example
 * ```ts
 * sectionForms(ipListSpec); // [the add-an-address form]
 * ```
 */
function sectionForms(spec: ScreenSpec): Pick<FormSpec, 'schema' | 'fields' | 'uiSchema'>[] {
  return (spec.dashboard?.sections ?? []).flatMap((section) => (section.form ? [section.form] : []));
}

/**
 * Whether a screen has forms: a form, a wizard, table filters or a dashboard's form sections.
 *
 * @example
 * ```ts
 * hasFormSchemas(homeSpec); // false: a dashboard
 * ```
 */
export function hasFormSchemas(spec: ScreenSpec): boolean {
  return Boolean(spec.form || spec.wizard || spec.table?.filters || sectionForms(spec).length > 0);
}

/**
 * Every schema the forms of a screen validate with: the form, each wizard step, the table filters, each
 * dashboard form section.
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
  return schemas;
}
