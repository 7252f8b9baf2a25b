import { Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema, ValidatorType, WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useIntlLocale } from '../i18n/labels';
import { useEngine } from '../provider/EngineProvider';
import type { JsonSchema, ScreenSpec } from '../spec/types';
import { LoadingIndicator } from '../ui/Progress';
import { useAnsweredFields, withAnsweredChecks, withoutUnaskedFields } from './answeredFields';
import { fieldConditions, unsentFields, withoutHiddenFields, withoutUnsentFields } from './conditions';
import { CheckboxesField, FileSetField, FlagListField, preloadRichWidgets, QuestionSetField, TextPerChoiceField } from './deferredWidgets';
import { withHiddenConsts } from './hiddenConsts';
import { withoutEmptyOptionalObjects } from './optionalObjects';
import { screenFormSchemas } from './formSchemas';
import { loadArrayField, loadMultiSchemaField } from './standIns/deferredFields';
import { FieldVisibilityContext, useVisibleErrors } from './fieldVisibility';
import { placeServerErrors } from './serverErrors';
import { templates } from './templates';
import { translateErrors } from './translateErrors';
import { useSchemaValidator } from './schemaValidators';
import { useSteadyBlur } from './steadyBlur';
import { widgets as engineWidgets } from './widgets';

// Re-exported so that the route fetches it through this module's chunk, which holds the rjsf code it shares.
export { loadCompilingValidator } from './schemaValidators';

/** Whether `node`, at any depth, has one of `keywords` (a schema's `items`, `oneOf`, …). */
function usesKeyword(node: unknown, keywords: readonly string[]): boolean {
  if (typeof node !== 'object' || node === null) return false;
  return Object.entries(node).some(([key, value]) => keywords.includes(key) || usesKeyword(value, keywords));
}

/**
 * Fetches the rjsf fields a screen's forms draw beyond plain ones, which the build leaves out of the form
 * code (see standIns/deferredFields.tsx): the list field where a schema has a list (`items`), the choice
 * field where it has `oneOf` or `anyOf`; and the engine's widgets of choices from data its spec names (see
 * deferredWidgets.tsx). The route awaits it with the screen's spec, so such a form draws
 * at once rather than after a loading indicator. Resolves at once for a form of plain fields.
 *
 * @example
 * ```ts
 * await preloadFormParts(spec);
 * ```
 */
export function preloadFormParts(spec: ScreenSpec): Promise<unknown> {
  const schemas = screenFormSchemas(spec);
  return Promise.all([
    schemas.some((schema) => usesKeyword(schema, ['items', 'prefixItems'])) ? loadArrayField() : undefined,
    schemas.some((schema) => usesKeyword(schema, ['oneOf', 'anyOf'])) ? loadMultiSchemaField() : undefined,
    preloadRichWidgets(spec),
  ]);
}

/** What a {@link SchemaForm} shows, validates with and reports. */
export interface SchemaFormProps {
  /** Prefix of the field ids (`<idPrefix>_<field>`); unique on the page, so two forms never share an id. */
  idPrefix: string;
  /** The schema of exactly the fields shown: one of the screen's form schemas (see `formSchemas.ts`). */
  schema: JsonSchema;
  uiSchema?: Record<string, unknown>;
  formData: Record<string, unknown>;
  onChange: (data: Record<string, unknown>) => void;
  /** Called with valid data only. */
  onSubmit: (data: Record<string, unknown>) => void;
  /** Server field errors by path inside the form data; they block submitting while shown. */
  serverErrors?: Record<string, string>;
  /**
   * The form's own messages on fields (a spec's `ui:options.checks`), by field, already translated: shown
   * as validation errors are (once the field is left, or after a submit attempt), and they block submitting.
   */
  fieldMessages?: Record<string, string>;
  /** The buttons; a `type="submit"` one submits. */
  children: ReactNode;
  className?: string;
  /**
   * Told, whenever it changes, which top-level fields the data fails the schema on (a form's live values
   * wait for valid input); the form validates on every change only when this is given.
   */
  onInvalidFields?: (fields: ReadonlySet<string>) => void;
  /**
   * Data the form sits beside (a dashboard section's), which application widgets read as
   * `formContext.data` (an account select choosing first an account in the currency of the item paid).
   */
  context?: Record<string, unknown>;
}

/**
 * The top-level fields whose value fails `schema`, checked with the form's validator.
 *
 * @example
 * ```ts
 * invalidFields(validator, schema, { email: 'ab@c' }); // Set { 'email' }
 * ```
 */
export function invalidFields(validator: ValidatorType, schema: JsonSchema, data: Record<string, unknown>): Set<string> {
  const { errors } = validator.validateFormData(data, schema as RJSFSchema);
  return new Set(errors.map((error) => /^\.?([^.[]+)/.exec(error.property ?? '')?.[1] ?? '').filter(Boolean));
}

/**
 * An rjsf form with the engine's templates, widgets and ajv 2020-12 validator (precompiled by codegen, see
 * `useSchemaValidator`). Validation runs on blur and on submit with the same JSON Schema the server uses;
 * messages are translated; each field shows its own errors, each message once, under it and named by its
 * input's `aria-describedby`, once left or after a submit attempt (not while a pointer is pressed: the
 * click that left the field lands where it was aimed, see `useSteadyBlur`), and the first invalid field
 * gets the focus. Server field errors show on their fields and block submitting until the
 * field changes (see `useServerErrors`); those about fields the form does not show are listed above the
 * buttons.
 *
 * @example
 * ```tsx
 * <SchemaForm idPrefix="profile" schema={formSchema(form)} formData={data}
 *   onChange={setData} onSubmit={save} serverErrors={serverErrors.messages}>
 *   <button type="submit">Save</button>
 * </SchemaForm>
 * ```
 */
export function SchemaForm(props: SchemaFormProps) {
  // Only a form without a precompiled validator waits, once, for ajv's compiler (see useSchemaValidator).
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <ValidatedForm {...props} />
    </Suspense>
  );
}

/**
 * Whether a form may have a widget of the application, which may read the rest of the form's data from
 * rjsf's `formContext` (e.g. a store select leaving out the store another field chose): the uiSchema,
 * at any depth, names one as `ui:widget`, or the application replaces one of rjsf's widgets by its
 * component name (`SelectWidget`), which any field may then use.
 *
 * @example
 * ```ts
 * readsFormData({ toStore: { 'ui:widget': 'storeSelect' } }, ['storeSelect']); // true
 * readsFormData({ email: { 'ui:widget': 'email' } }, ['storeSelect']); // false
 * ```
 */
export function readsFormData(uiSchema: unknown, appWidgetNames: readonly string[]): boolean {
  if (readsOtherFields(uiSchema)) return true;
  if (appWidgetNames.length === 0) return false;
  if (appWidgetNames.some((name) => name.endsWith('Widget'))) return true;
  const names = new Set(appWidgetNames);
  const visit = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null) return false;
    return Object.entries(node).some(([key, value]) => (key === 'ui:widget' ? typeof value === 'string' && names.has(value) : visit(value)));
  };
  return visit(uiSchema);
}

/** The engine's rjsf fields, drawn where a field's `ui:widget` names them (see {@link withEngineFields}). */
const engineFields = {
  fileSet: FileSetField,
  flagList: FlagListField,
  checkboxes: CheckboxesField,
  questionSet: QuestionSetField,
  textPerChoice: TextPerChoiceField,
};

/**
 * The uiSchema with `ui:field` set on the fields, at any depth, whose `ui:widget` is one of the engine's
 * fields rather than widgets (`fileSet`, a list of objects; `checkboxes`, a list of values): an analyst
 * names every control as a widget, and rjsf hands a field the errors of the entries it draws, which a
 * widget never sees.
 *
 * @example
 * ```ts
 * withEngineFields({ scans: { 'ui:widget': 'fileSet' } }); // { scans: { 'ui:widget': 'fileSet', 'ui:field': 'fileSet' } }
 * withEngineFields({ order: { fruitIds: { 'ui:widget': 'checkboxes' } } }); // { order: { fruitIds: { 'ui:widget': 'checkboxes', 'ui:field': 'checkboxes' } } }
 * ```
 */
export function withEngineFields(uiSchema: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!uiSchema) return uiSchema;
  const names = Object.keys(engineFields);
  const holdsOne = (node: unknown): boolean =>
    typeof node === 'object' &&
    node !== null &&
    Object.entries(node).some(([key, value]) => (key === 'ui:widget' ? names.includes(value as string) : !key.startsWith('ui:') && holdsOne(value)));
  if (!holdsOne(uiSchema)) return uiSchema;
  const mark = (node: Record<string, unknown>): Record<string, unknown> => {
    const widget = node['ui:widget'];
    const marked = Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        !key.startsWith('ui:') && typeof value === 'object' && value !== null && !Array.isArray(value) ? mark(value as Record<string, unknown>) : value,
      ]),
    );
    return typeof widget === 'string' && names.includes(widget) ? { ...marked, 'ui:field': widget } : marked;
  };
  return mark(uiSchema);
}

/** The `ui:options` that make a field read other fields: a condition, a source or a currency field. */
const READING_OPTIONS = ['when', 'source', 'labelFrom', 'currencyField', 'fieldsFrom', 'fromContext'];

/**
 * Whether a uiSchema, at any depth, gives a field `ui:options` that read the rest of the form (`when`,
 * `source`, `labelFrom`, `currencyField`), so that every field redraws when another changes.
 *
 * @example
 * ```ts
 * readsOtherFields({ state: { 'ui:options': { source: { method: 'states', params: { country: ':country' } } } } }); // true
 * ```
 */
export function readsOtherFields(uiSchema: unknown): boolean {
  if (typeof uiSchema !== 'object' || uiSchema === null) return false;
  return Object.entries(uiSchema).some(([key, value]) =>
    key === 'ui:options' && typeof value === 'object' && value !== null ? READING_OPTIONS.some((name) => name in value) : readsOtherFields(value),
  );
}

/** The application's widgets, each handed only the errors its field shows now (see {@link withVisibleErrors}). */
const shownErrorWidgets = new WeakMap<ComponentType<WidgetProps>, ComponentType<WidgetProps>>();

/**
 * The application's widgets, handed as `rawErrors` only the errors their field shows now, each once: rjsf
 * validates the whole form on every blur, and a widget drawing its own errors (a list of checkboxes) would
 * otherwise flag fields not reached yet, and move the page under the pointer.
 *
 * @example
 * ```ts
 * const widgets = { ...engineWidgets, ...withVisibleErrors({ termsToAccept: TermsWidget }) };
 * ```
 */
export function withVisibleErrors(widgets: Record<string, ComponentType<WidgetProps>> | undefined): Record<string, ComponentType<WidgetProps>> {
  return Object.fromEntries(
    Object.entries(widgets ?? {}).map(([name, Widget]) => {
      let wrapped = shownErrorWidgets.get(Widget);
      if (!wrapped) {
        const Shown = (props: WidgetProps) => <Widget {...props} rawErrors={useVisibleErrors(props.id, props.rawErrors)} />;
        Shown.displayName = `ShownErrors(${Widget.displayName ?? Widget.name})`;
        wrapped = Shown;
        shownErrorWidgets.set(Widget, wrapped);
      }
      return [name, wrapped];
    }),
  );
}

/**
 * What rjsf fills before anyone types: never a `const` (a box a person must tick would start ticked, see
 * `withHiddenConsts`), and the `minItems` rows of a list only where the list is required (an optional list
 * of an item starts empty, not with a row whose fields would be required).
 */
const NO_CONST_DEFAULTS = { constAsDefaults: 'never', arrayMinItems: { populate: 'requiredOnly' } } as const;

function ValidatedForm({
  idPrefix,
  schema: givenSchema,
  uiSchema,
  formData: givenData,
  onChange,
  onSubmit,
  serverErrors = {},
  fieldMessages,
  children,
  className,
  onInvalidFields,
  context,
}: SchemaFormProps) {
  const { t } = useTranslation();
  const { widgets: appWidgets } = useEngine();
  // A `const` is never a default (a box to tick starts unticked); a hidden field's `const` is sent as it is.
  // An optional object holding nothing (a phone left empty) is no answer: its required fields are not asked.
  const formData = useMemo(
    () => withoutEmptyOptionalObjects(givenSchema, withHiddenConsts(givenSchema, uiSchema, givenData)),
    [givenSchema, uiSchema, givenData],
  );
  // The fields a call answers (`ui:options.fieldsFrom`) join the schema once it has answered.
  const { schema, fieldLists } = useAnsweredFields(givenSchema, uiSchema, formData);
  const builtValidator = useSchemaValidator(givenSchema);
  const validator = useMemo(() => withAnsweredChecks(builtValidator, givenSchema, schema, fieldLists), [builtValidator, givenSchema, schema, fieldLists]);
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());

  // A field's errors show once it is left, but not while a press is under way (see useSteadyBlur).
  const { onBlur, press } = useSteadyBlur((id) => setTouched((previous) => (previous.has(id) ? previous : new Set(previous).add(id))));

  const widgets = useMemo(() => ({ ...engineWidgets, ...withVisibleErrors(appWidgets) }), [appWidgets]);
  const locale = useIntlLocale();
  const transformErrors = useMemo(() => translateErrors(t, locale), [t, locale]);
  const { errorSchema, unplaced } = useMemo(() => {
    // The server may answer with an i18n key or with a sentence; a sentence is its own fallback.
    const translated = Object.fromEntries(Object.entries(serverErrors).map(([path, message]) => [path, t(message, { defaultValue: message })]));
    return placeServerErrors({ ...translated, ...fieldMessages }, schema);
  }, [serverErrors, fieldMessages, schema, t]);
  // Server errors always show: they answer a submit, possibly made from another step of a wizard.
  const hasServerErrors = Object.keys(serverErrors).length > 0;
  const visibility = useMemo(() => ({ submitted: submitted || hasServerErrors, touched, press }), [submitted, hasServerErrors, touched, press]);
  // Widgets whose options depend on another field (e.g. leave out the value another select chose) read the
  // form's data here. rjsf redraws every field whenever formContext changes, so it changes with the data only
  // in a form with an application widget, which may need that. Elsewhere it stays one object, whose formData
  // reads the latest data: a keystroke redraws only its own field (in a 200-field form, about 20 ms of work
  // down to 4, see `npm run bench`).
  const latestData = useRef(formData);
  latestData.current = formData;
  const appWidgetNames = useMemo(() => Object.keys(appWidgets ?? {}), [appWidgets]);
  const redrawsAll = useMemo(() => readsFormData(uiSchema, appWidgetNames), [uiSchema, appWidgetNames]);
  const latestContext = useRef(context);
  latestContext.current = context;
  const steadyContext = useMemo(
    () => ({
      get formData() {
        return latestData.current;
      },
      get data() {
        return latestContext.current;
      },
    }),
    [],
  );
  const formContext = useMemo(() => (redrawsAll ? { formData, data: context } : steadyContext), [redrawsAll, formData, context, steadyContext]);
  const conditions = useMemo(() => fieldConditions(uiSchema), [uiSchema]);
  const unsent = useMemo(() => unsentFields(uiSchema), [uiSchema]);
  const formUiSchema = useMemo(() => withEngineFields(uiSchema), [uiSchema]);
  const invalid = useMemo(
    () => (onInvalidFields ? [...invalidFields(validator, schema, formData)].sort().join(',') : ''),
    [onInvalidFields, validator, schema, formData],
  );
  useEffect(() => {
    onInvalidFields?.(new Set(invalid ? invalid.split(',') : []));
  }, [invalid, onInvalidFields]);

  return (
    <FieldVisibilityContext value={visibility}>
      <Form
        className={className ?? 'eng-form'}
        idPrefix={idPrefix}
        schema={schema as RJSFSchema}
        uiSchema={formUiSchema as UiSchema | undefined}
        fields={engineFields}
        formData={formData}
        experimental_defaultFormStateBehavior={NO_CONST_DEFAULTS}
        formContext={formContext}
        validator={validator}
        templates={templates}
        widgets={widgets}
        transformErrors={transformErrors}
        extraErrors={errorSchema}
        extraErrorsBlockSubmit
        liveValidate="onBlur"
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        onChange={(event) =>
          onChange(withoutEmptyOptionalObjects(givenSchema, withoutHiddenFields((event.formData ?? {}) as Record<string, unknown>, conditions)))
        }
        onBlur={onBlur}
        onError={() => setSubmitted(true)}
        onSubmit={(event) => {
          setSubmitted(true);
          const shown = withoutEmptyOptionalObjects(givenSchema, withoutHiddenFields((event.formData ?? {}) as Record<string, unknown>, conditions));
          onSubmit(withoutUnaskedFields(withoutUnsentFields(shown, unsent), schema, fieldLists));
        }}
      >
        {unplaced.length > 0 && (
          <div className="eng-form-errors" role="alert">
            <ul>
              {unplaced.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
        {children}
      </Form>
    </FieldVisibilityContext>
  );
}
