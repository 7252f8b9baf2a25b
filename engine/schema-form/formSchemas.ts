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
  return conditionalSchema(narrowSchema(wizard.schema, step.fields), step.uiSchema);
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
  if (spec.wizard) for (const step of spec.wizard.steps) schemas.push(wizardStepSchema(spec.wizard, step));
  if (spec.table?.filters) schemas.push(filterSchema(spec.table.filters));
  for (const form of sectionForms(spec)) schemas.push(formSchema(form));
  return schemas;
}
