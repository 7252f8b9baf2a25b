import path from 'node:path';
import { existsSync } from 'node:fs';
import { CodegenError } from './errors.ts';
import { displayPath, listFiles, readYaml, type CodegenPaths } from './files.ts';
import type { JsonObject, SchemaResolver } from './refs.ts';
import { referenceChecker, type Registry } from './registry.ts';
import { assertValid, compileCached, createAjv, describeAjvError } from './validate.ts';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { routeVariants, specsAt, type AlsoAt } from '../engine/spec/routeValues.ts';
import type { RouteValues } from '../engine/spec/types.ts';

/** A screen spec checked and with its schema references replaced by the schemas themselves. */
export interface ResolvedScreen {
  id: string;
  route: string;
  layout: string;
  guard?: string;
  redirect?: string;
  kind?: string;
  title: string;
  nav?: JsonObject;
  /** One route parameter's only values (`/exports/:format` answering csv and pdf), each with what it sets. */
  routeValues?: RouteValues;
  spec: JsonObject;
}

/**
 * Checks a spec's `routeValues`: its parameter is one of the route's, and the screen has no `nav` entry
 * (a menu entry needs one address, a listed route has several).
 *
 * @example
 * checkRouteValues('/exports/:format', { kind: { csv: {} } }, spec, fail); // fail('/routeValues/kind', "'kind' is not a parameter of …")
 */
export function checkRouteValues(route: string, routeValues: RouteValues | undefined, spec: JsonObject, fail: Fail): void {
  if (!routeValues) return;
  for (const param of Object.keys(routeValues)) {
    if (!route.split('/').includes(`:${param}`)) fail(`/routeValues/${param}`, `'${param}' is not a parameter of the route '${route}'`);
  }
  if (spec.nav) fail('/nav', "a screen with 'routeValues' has one address per listed value; link to them from another screen instead of 'nav'");
}

type Fail = (jsonPath: string, message: string) => never;

/**
 * Reads every screens/*.yaml, validates it against schemas/meta/screen-spec.schema.json and checks
 * what the meta-schema cannot: the id matches the file, routes are unique, named methods are declared,
 * named fields exist in their schema, named guards, actions, components and widgets are registered
 * (`registry`). Every error names the file, the JSON path and the line.
 */
export function readScreens(
  paths: CodegenPaths,
  refs: SchemaResolver,
  methodNames: ReadonlySet<string>,
  registry: Registry,
  moneyMoving: ReadonlySet<string> = new Set(),
): ResolvedScreen[] {
  const metaSchema = refs.dereference(path.join(paths.schemasDir, 'meta/screen-spec.schema.json'));
  const validateSpec = compileCached(metaSchema);
  const validateTabGroup = compileCached(refs.dereference(path.join(paths.schemasDir, 'meta/tab-group.schema.json')));
  const checkReferences = referenceChecker(metaSchema, registry);
  const checkConditions = conditionChecker(refs.load(path.join(paths.schemasDir, 'meta/screen-spec.schema.json')) as JsonObject);
  const screens: ResolvedScreen[] = [];
  const routes = new Map<string, string>();
  const ids = new Map<string, string>();
  for (const file of listFiles(paths.screensDir, '.yaml')) {
    const shown = displayPath(paths, file);
    const source = readYaml(paths, file);
    const fail: Fail = (jsonPath, message) => {
      throw new CodegenError(shown, jsonPath, message, source.lineOf(jsonPath));
    };
    assertValid(validateSpec, source.data, shown, source.lineOf);
    const fileId = (source.data as JsonObject).id as string;
    if (path.basename(file, '.yaml') !== fileId) fail('/id', `is '${fileId}' but the file is ${path.basename(file)}: they must match`);
    // A spec with `alsoAt` stands for more screens, the same one at other addresses: each is checked as a spec.
    for (const placed of specsAt(source.data as JsonObject & { alsoAt?: AlsoAt[] })) {
      if (placed.id !== fileId) assertValid(validateSpec, placed, shown, source.lineOf);
      checkReferences(placed, fail);
      checkConditions(placed, fail);
      const spec = structuredClone(placed) as JsonObject;
      const id = spec.id as string;
      const taken = ids.get(id);
      if (taken) fail(id === fileId ? '/id' : '/alsoAt', `'${id}' is already the id of a screen of ${taken}`);
      ids.set(id, shown);
      const route = spec.route as string;
      const routeValues = spec.routeValues as RouteValues | undefined;
      checkRouteValues(route, routeValues, spec, fail);
      for (const { path: address } of routeVariants(route, routeValues)) {
        const clash = routes.get(address);
        if (clash) fail(routeValues ? '/routeValues' : id === fileId ? '/route' : '/alsoAt', `'${address}' is already the route of ${clash}`);
        routes.set(address, shown);
      }

      const resolver = new SpecResolver(paths, refs, methodNames, validateTabGroup, fail, moneyMoving);
      resolver.resolve(spec);
      spec.source = shown;
      screens.push({
        id,
        route,
        layout: spec.layout as string,
        ...(spec.guard ? { guard: spec.guard as string } : {}),
        ...(spec.redirect ? { redirect: spec.redirect as string } : {}),
        ...(spec.kind ? { kind: spec.kind as string } : {}),
        title: spec.title as string,
        ...(spec.nav ? { nav: spec.nav as JsonObject } : {}),
        ...(routeValues ? { routeValues } : {}),
        spec,
      });
    }
  }
  return screens;
}

/** Replaces schema references inside one spec and checks method and field names. */

/**
 * Checks every `when` of a spec, however deep its `all`, `any` and `not` nest, against the meta-schema's
 * When with its parts being Whens again (the meta-schema itself spells out one level, so that its large
 * validator stays within the stack): `{ any: [{ all: [{ field: kind, equal: x }] }] }` fails on the test.
 *
 * @example
 * conditionChecker(metaSchemaJson)(spec, fail); // fail('/dashboard/sections/0/when/any/0/all/0', 'must have …')
 */
export function conditionChecker(meta: JsonObject): (spec: unknown, fail: Fail) => void {
  const defs = meta.$defs as JsonObject;
  const when = structuredClone(defs.When) as JsonObject;
  for (const alternative of when.oneOf as JsonObject[]) {
    const properties = alternative.properties as JsonObject | undefined;
    if (properties?.all) (properties.all as JsonObject).items = { $ref: '#/$defs/When' };
    if (properties?.any) (properties.any as JsonObject).items = { $ref: '#/$defs/When' };
    if (properties?.not) properties.not = { $ref: '#/$defs/When' };
  }
  const validate = createAjv().compile({ $defs: { When: when, FieldCondition: defs.FieldCondition }, $ref: '#/$defs/When' });
  const visit = (node: unknown, at: string, fail: Fail): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}/${i}`, fail));
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const here = `${at}/${key}`;
      if (key === 'when' && value && typeof value === 'object' && !Array.isArray(value) && !validate(value)) {
        const errors = (validate.errors ?? []).filter((e) => e.keyword !== 'oneOf');
        const deepest = [...(errors.length ? errors : (validate.errors ?? []))].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
        const described = deepest ? describeAjvError(deepest) : { path: '', message: 'is not a condition' };
        fail(`${here}${described.path}`, described.message);
      }
      visit(value, here, fail);
    }
  };
  return (spec, fail) => visit(spec, '', fail);
}

/**
 * The field tests of a spec's `when`, however deep its `all`, `any` and `not` nest.
 *
 * @example
 * fieldTests({ any: [{ field: 'kind', equals: 'eft' }, { all: [{ field: 'kind', equals: 'wire' }, { field: 'country', in: ['US'] }] }] });
 * // [{ field: 'kind', equals: 'eft' }, { field: 'kind', equals: 'wire' }, { field: 'country', in: ['US'] }]
 */
export function fieldTests(when: JsonObject): JsonObject[] {
  const parts = (when.all ?? when.any ?? (when.not ? [when.not] : undefined)) as JsonObject[] | undefined;
  return parts ? parts.flatMap(fieldTests) : [when];
}

class SpecResolver {
  constructor(
    private readonly paths: CodegenPaths,
    private readonly refs: SchemaResolver,
    private readonly methodNames: ReadonlySet<string>,
    private readonly validateTabGroup: ValidateFunction,
    private readonly fail: Fail,
    private readonly moneyMoving: ReadonlySet<string>,
  ) {}

  resolve(spec: JsonObject): void {
    const { fail } = this;
    const form = spec.form as JsonObject | undefined;
    if (form) {
      this.method(form.data as JsonObject | undefined, '/form/data');
      this.call(form.submit as JsonObject, '/form/submit');
      form.schema = this.pick(this.schema(form.schema as string, '/form/schema'), form.fields as string[], '/form/fields');
      this.uiSchema(
        form.uiSchema as JsonObject | undefined,
        '/form/uiSchema',
        form.fields as string[],
        (form.live as JsonObject[] | undefined) ?? [],
        form.schema as JsonObject,
      );
      this.live(form, '/form');
      this.formExtras(form, '/form');
    }
    const table = spec.table as JsonObject | undefined;
    if (table) {
      this.method(table.data as JsonObject, '/table/data');
      table.entity = this.schema(table.entity as string, '/table/entity');
      this.columns(table.entity, table.columns as JsonObject[], '/table/columns');
      this.actions(table.rowActions as JsonObject[] | undefined, '/table/rowActions');
      this.actions(table.bulkActions as JsonObject[] | undefined, '/table/bulkActions', [], true);
      if (table.bulkActions && !table.rowKey) fail('/table/bulkActions', "needs 'rowKey', the row field ':selected' sends");
      const filters = table.filters as JsonObject | undefined;
      if (filters)
        filters.schema = this.pick(this.schema(filters.schema as string, '/table/filters/schema'), filters.fields as string[], '/table/filters/fields');
      if (filters) this.uiSchema(filters.uiSchema as JsonObject | undefined, '/table/filters/uiSchema', filters.fields as string[]);
      for (const field of Object.keys((filters?.answerWhen as JsonObject | undefined) ?? {})) {
        if (!(filters!.fields as string[]).includes(field))
          fail(`/table/filters/answerWhen/${field}`, `'${field}' is not one of the filter's fields (${(filters!.fields as string[]).join(', ')})`);
      }
      const groups = table.groups as JsonObject | undefined;
      if (groups) {
        const properties = ((table.entity as JsonObject).properties ?? {}) as JsonObject;
        if (!((groups.field as string) in properties))
          fail('/table/groups/field', `'${groups.field as string}' is not a property of the entity (it has: ${Object.keys(properties).join(', ')})`);
        if (groups.countField !== undefined && !((groups.countField as string) in properties))
          fail('/table/groups/countField', `'${groups.countField as string}' is not a property of the entity (it has: ${Object.keys(properties).join(', ')})`);
        this.actions(groups.actions as JsonObject[], '/table/groups/actions', [], true);
      }
    }
    const detail = spec.detail as JsonObject | undefined;
    if (detail) {
      this.method(detail.data as JsonObject, '/detail/data');
      detail.entity = this.schema(detail.entity as string, '/detail/entity');
      this.columns(detail.entity, detail.fields as JsonObject[], '/detail/fields');
    }
    const wizard = spec.wizard as JsonObject | undefined;
    if (wizard) {
      this.call(wizard.submit as JsonObject | undefined, '/wizard/submit');
      this.method(wizard.data as JsonObject | undefined, '/wizard/data');
      this.wizardDraft(wizard.draft as JsonObject | undefined);
      const steps = wizard.steps as JsonObject[];
      const asking = (step: JsonObject) => [undefined, 'fields', 'hub'].includes(step.kind as string | undefined);
      const all = steps.flatMap((step) => (asking(step) ? ((step.fields as string[] | undefined) ?? []) : []));
      const schema = this.schema(wizard.schema as string, '/wizard/schema');
      steps.forEach((step, i) => this.wizardStep(schema, step, `/wizard/steps/${i}`));
      steps.forEach((step, i) => this.wizardBesideStep(wizard, step, `/wizard/steps/${i}`));
      (wizard.startAt as JsonObject[] | undefined)?.forEach((entry, i) => {
        if (!steps.some((step) => step.id === entry.step))
          fail(`/wizard/startAt/${i}/step`, `'${String(entry.step)}' is not the id of a step (they are: ${steps.map((step) => String(step.id)).join(', ')})`);
      });
      steps.forEach((step, i) => this.uiSchema(step.uiSchema as JsonObject | undefined, `/wizard/steps/${i}/uiSchema`, all));
      const seen = new Set<string>();
      all.forEach((field) => {
        if (seen.has(field)) fail('/wizard/steps', `field '${field}' is in more than one step`);
        seen.add(field);
      });
      wizard.schema = this.pick(schema, all, '/wizard/steps');
    }
    const dashboard = spec.dashboard as JsonObject | undefined;
    if (dashboard) {
      (dashboard.sections as JsonObject[]).forEach((section, i) => {
        const at = `/dashboard/sections/${i}`;
        this.method(section.data as JsonObject | undefined, `${at}/data`);
        if (!['detail', 'chart', 'form', 'choices'].includes(section.kind as string) && !section.data)
          fail(at, `a '${String(section.kind)}' section needs 'data'`);
        if (section.kind === 'choices' && !section.choices) fail(at, "a 'choices' section needs 'choices'");
        if (section.kind === 'form' && !section.form) fail(at, "a 'form' section needs 'form'");
        const form = section.form as JsonObject | undefined;
        if (form) {
          this.call(form.submit as JsonObject, `${at}/form/submit`);
          form.schema = this.pick(this.schema(form.schema as string, `${at}/form/schema`), form.fields as string[], `${at}/form/fields`);
          this.uiSchema(
            form.uiSchema as JsonObject | undefined,
            `${at}/form/uiSchema`,
            form.fields as string[],
            (form.live as JsonObject[] | undefined) ?? [],
            form.schema as JsonObject,
          );
          this.live(form, `${at}/form`);
          if (form.startFromData && !section.data) fail(`${at}/form/startFromData`, "a form that starts from its section's data needs the section's 'data'");
          this.formExtras(form, `${at}/form`);
        }
        if (section.kind === 'editable') this.editable(section, at);
        else if (section.editable) fail(`${at}/editable`, "only a section of kind 'editable' takes 'editable'");
        const formSections = (dashboard.sections as JsonObject[]).filter((other) => other.form).map((other) => other.id as string);
        this.actions(section.actions as JsonObject[] | undefined, `${at}/actions`, formSections);
        this.actions(section.rowActions as JsonObject[] | undefined, `${at}/rowActions`, formSections);
        this.actions(section.emptyActions as JsonObject[] | undefined, `${at}/emptyActions`, formSections);
        this.actions((section.card as JsonObject | undefined)?.actions as JsonObject[] | undefined, `${at}/card/actions`, formSections);
        this.tileForm((section.card as JsonObject | undefined)?.form as JsonObject | undefined, `${at}/card/form`);
        this.method(section.onShow as JsonObject | undefined, `${at}/onShow`);
        if (section.kind === 'cards' && !section.card) fail(at, "a 'cards' section needs 'card'");
        if (section.kind === 'thread' && !section.thread) fail(at, "a 'thread' section needs 'thread'");
        const tabIds = ((dashboard.tabs as JsonObject[] | undefined) ?? []).map((tab) => tab.id as string);
        if (section.tab !== undefined && !tabIds.includes(section.tab as string)) {
          fail(`${at}/tab`, `'${section.tab as string}' is not one of the dashboard's tabs (${tabIds.join(', ') || 'it has none'})`);
        }
        if (section.kind === 'table' && !section.columns) fail(at, "a 'table' section needs 'columns'");
        if (section.entity) {
          section.entity = this.schema(section.entity as string, `${at}/entity`);
          if (section.columns) this.columns(section.entity, section.columns as JsonObject[], `${at}/columns`);
          if (section.card) this.tileParts(section.entity, section.card as JsonObject, `${at}/card`);
          this.itemListAndGroups(section.entity, section, at);
        }
      });
    }
    const customForms = (spec.custom as JsonObject | undefined)?.forms as Record<string, JsonObject> | undefined;
    for (const [name, form] of Object.entries(customForms ?? {})) {
      const at = `/custom/forms/${name}`;
      form.schema = this.pick(this.schema(form.schema as string, `${at}/schema`), form.fields as string[], `${at}/fields`);
    }
    this.actions(spec.actions as JsonObject[] | undefined, '/actions');
    const everyCall = spec.everyCall as { routeParams: Record<string, string> } | undefined;
    // A listed route parameter's values set parameters of their own (`routeValues.<param>.<value>.params`).
    const setByValues = Object.values((spec.routeValues as RouteValues | undefined) ?? {}).flatMap((values) =>
      Object.values(values).flatMap((value) => Object.keys(value.params ?? {})),
    );
    for (const [field, param] of Object.entries(everyCall?.routeParams ?? {})) {
      if (!(spec.route as string).split('/').includes(`:${param}`) && !setByValues.includes(param)) {
        fail(`/everyCall/routeParams/${field}`, `'${param}' is not a parameter of the route '${spec.route as string}'`);
      }
    }
    const queryRedirect = spec.queryRedirect as JsonObject | undefined;
    if (queryRedirect && !(queryRedirect.to as string).includes(`:${queryRedirect.param as string}`)) {
      fail('/queryRedirect/to', `'${queryRedirect.to as string}' does not use ':${queryRedirect.param as string}', the parameter it redirects by`);
    }
    if (spec.tabs) spec.tabs = this.tabGroup(spec.tabs as string);
  }

  /**
   * Checks an editable section: it has `editable`, whose row editor names fields of its schema (resolved and
   * narrowed, as a form's), whose save method is declared, and whose change list names at least one list.
   */
  private editable(section: JsonObject, at: string): void {
    const editable = section.editable as JsonObject | undefined;
    if (!editable) this.fail(at, "an 'editable' section needs 'editable' (the row key, the row editor and the call that saves)");
    if (!section.rows) this.fail(at, "an 'editable' section needs 'rows' (where its data holds the rows)");
    const form = editable.form as JsonObject;
    form.schema = this.pick(this.schema(form.schema as string, `${at}/editable/form/schema`), form.fields as string[], `${at}/editable/form/fields`);
    this.uiSchema(form.uiSchema as JsonObject | undefined, `${at}/editable/form/uiSchema`, form.fields as string[], [], form.schema as JsonObject);
    const save = editable.save as JsonObject;
    this.method(save, `${at}/editable/save`);
    if (Object.keys((save.changes as JsonObject | undefined) ?? {}).length === 0)
      this.fail(`${at}/editable/save/changes`, 'names no list of changes: give the request field of at least one of add, update, remove, restore');
  }

  /** Checks a wizard draft's server methods, when it names them (both or neither). */
  private wizardDraft(draft: JsonObject | undefined): void {
    if (!draft) return;
    if (Boolean(draft.load) !== Boolean(draft.save))
      this.fail('/wizard/draft', "names 'load' and 'save' together (a draft kept on the server is read and written), or neither");
    if (draft.token && !draft.save) this.fail('/wizard/draft/token', "names a token the server answers: name 'load' and 'save' too");
    for (const key of ['load', 'save', 'delete']) {
      const name = draft[key] as string | undefined;
      if (name && !this.methodNames.has(name))
        this.fail(`/wizard/draft/${key}`, `'${name}' is not a declared method (declare it in schemas/api/methods/${name}.json)`);
    }
  }

  /**
   * Checks one wizard step: a fields or hub step names fields of the schema (a hub exactly one, a list of
   * objects whose items have the hub's fields); a summary or sections step names none; its save method is
   * declared; its sections are checked as a dashboard's.
   */
  /**
   * A summary step's fields: only fields the submit sends beside its wrap (`submit.beside`), asked under the
   * answers; their schema, the submit method's request narrowed to them, is set on the step.
   */
  private wizardBesideStep(wizard: JsonObject, step: JsonObject, at: string): void {
    const fields = step.fields as string[] | undefined;
    if (step.kind !== 'summary' || !fields) return;
    const submit = wizard.submit as JsonObject | undefined;
    const beside = (submit?.beside as string[] | undefined) ?? [];
    fields.forEach((field, i) => {
      if (!beside.includes(field)) {
        this.fail(`${at}/fields/${i}`, `a 'summary' step asks only for fields the submit sends beside its wrap ('submit.beside'); '${field}' is not one`);
      }
    });
    if (typeof submit?.method !== 'string' || submit.method.includes(' '))
      this.fail(`${at}/fields`, "a 'summary' step asking for fields needs a submit 'method' whose request declares them");
    step.schema = this.pick(this.schema(`api/methods/${submit.method as string}.json#/request`, '/wizard/submit/method'), fields, `${at}/fields`);
  }

  private wizardStep(schema: JsonObject, step: JsonObject, at: string): void {
    const kind = (step.kind as string | undefined) ?? 'fields';
    const fields = step.fields as string[] | undefined;
    if (kind === 'fields' || kind === 'hub') {
      if (!fields) this.fail(at, `a '${kind}' step needs 'fields'`);
      this.pick(schema, fields, `${at}/fields`);
    } else if (fields && kind !== 'summary') {
      this.fail(`${at}/fields`, `a '${kind}' step asks for no fields of its own; leave 'fields' out`);
    }
    if (kind === 'hub') {
      const hub = step.hub as JsonObject | undefined;
      if (!hub) this.fail(at, "a 'hub' step needs 'hub' (the fields of one item and how items are named)");
      if (fields?.length !== 1) this.fail(`${at}/fields`, 'a hub step names exactly one field, the list it edits');
      const list = (schema.properties as JsonObject)[fields[0] as string] as JsonObject;
      const items = list.items as JsonObject | undefined;
      if (list.type !== 'array' || !items?.properties) this.fail(`${at}/fields/0`, `'${String(fields[0])}' is not a list of objects, which a hub edits`);
      this.pick(items, hub.fields as string[], `${at}/hub/fields`);
    } else if (step.hub) {
      this.fail(`${at}/hub`, "only a step of kind 'hub' takes 'hub'");
    }
    if (kind === 'sections' && !step.sections) this.fail(at, "a 'sections' step needs 'sections'");
    if (kind !== 'sections' && step.sections) this.fail(`${at}/sections`, "only a step of kind 'sections' takes 'sections'");
    this.method(step.save as JsonObject | undefined, `${at}/save`);
    if (step.sections) {
      // Sections are checked and resolved as a dashboard's; errors name the step's path.
      const nested = new SpecResolver(
        this.paths,
        this.refs,
        this.methodNames,
        this.validateTabGroup,
        (jsonPath, message) => this.fail(jsonPath.replace(/^\/dashboard/, at), message),
        this.moneyMoving,
      );
      nested.resolve({ dashboard: { sections: step.sections } });
    }
  }

  /**
   * Checks the buttons of a header, a section or a table's rows: each names what it does, a method it names
   * is declared, and a form it fills is a form section of the same dashboard (`formSections`). Only buttons
   * that sit over a table's list (`readsListAnswer`: bulk and group buttons) may take `answerWhen`.
   */
  private actions(actions: JsonObject[] | undefined, at: string, formSections: readonly string[] = [], readsListAnswer = false): void {
    (actions ?? []).forEach((action, i) => {
      if (action.answerWhen && !readsListAnswer)
        this.fail(`${at}/${i}/answerWhen`, "reads a table's list answer: only a table's bulkActions and groups.actions take it; use 'when' here");
      if (action.method) this.call(action, `${at}/${i}`);
      if (!action.method && !action.action && !action.navigate && !action.fill && !action.result)
        this.fail(`${at}/${i}`, "needs one of 'method', 'action', 'navigate', 'fill' or 'result' (shown of the values it has, no call)");
      if (action.fill && !formSections.includes(action.fill as string)) {
        this.fail(
          `${at}/${i}/fill`,
          `'${String(action.fill)}' is not a form section of this dashboard (its form sections: ${formSections.join(', ') || 'none'})`,
        );
      }
      if (action.idempotencyKey && !action.method) this.fail(`${at}/${i}/idempotencyKey`, "an idempotency key goes with a 'method'");
    });
  }

  /**
   * Checks a submit's or a button's method (and its result's file button's), its `idempotencyKey` (a field of the method's request), and
   * names `idempotencyKey` for a method declared `moneyMoving` when the spec does not, so the engine sends
   * a key without the spec having to say so.
   */
  private call(source: JsonObject | undefined, at: string): void {
    this.method(source, at);
    this.method((source?.result as JsonObject | undefined)?.file as JsonObject | undefined, `${at}/result/file`);
    if (!source || typeof source.method !== 'string') return;
    if (this.moneyMoving.has(source.method) && !source.idempotencyKey) source.idempotencyKey = 'idempotencyKey';
    const key = source.idempotencyKey as string | undefined;
    if (!key) return;
    const request = this.schema(`api/methods/${source.method}.json#/request`, `${at}/method`);
    if (!(key in ((request.properties ?? {}) as JsonObject))) this.fail(`${at}/idempotencyKey`, `'${key}' is not a field of ${source.method}'s request`);
  }

  /** Checks a form's live values: declared methods, and the fields they fill, speak under or follow are the form's. */
  private live(form: JsonObject, at: string): void {
    const fields = form.fields as string[];
    const own = (field: unknown, where: string) => {
      if (!fields.includes(field as string)) this.fail(where, `'${String(field)}' is not one of the form's fields (${fields.join(', ')})`);
    };
    ((form.live as JsonObject[] | undefined) ?? []).forEach((live, i) => {
      const here = `${at}/live/${i}`;
      this.method(live, here);
      for (const field of Object.keys((live.fill as JsonObject | undefined) ?? {})) own(field, `${here}/fill/${field}`);
      for (const field of Object.keys((live.suggest as JsonObject | undefined) ?? {})) own(field, `${here}/suggest/${field}`);
      const message = live.message as JsonObject | undefined;
      if (message) own(message.field, `${here}/message/field`);
      const panel = live.panel as JsonObject | undefined;
      if (panel?.after) own(panel.after, `${here}/panel/after`);
      for (const field of Object.keys(((panel?.button as JsonObject | undefined)?.fill as JsonObject | undefined) ?? {}))
        own(field, `${here}/panel/button/fill/${field}`);
      ((live.either as string[] | undefined) ?? []).forEach((field, j) => own(field, `${here}/either/${j}`));
      ((live.optional as string[] | undefined) ?? []).forEach((field, j) => own(field, `${here}/optional/${j}`));
    });
  }

  /**
   * Checks a form's `queryDefaults` fill and `keepOnDone` keep its own fields, its submit's `labels` read
   * them, and its `buttons` call declared methods with its fields.
   */
  private formExtras(form: JsonObject, at: string): void {
    const fields = form.fields as string[];
    const own = (field: unknown, where: string) => {
      if (!fields.includes(field as string)) this.fail(where, `'${String(field)}' is not one of the form's fields (${fields.join(', ')})`);
    };
    for (const field of Object.keys((form.queryDefaults as JsonObject | undefined) ?? {})) own(field, `${at}/queryDefaults/${field}`);
    ((form.keepOnDone as string[] | undefined) ?? []).forEach((field, i) => own(field, `${at}/keepOnDone/${i}`));
    for (const [target, nested] of Object.entries(((form.submit as JsonObject | undefined)?.nest as Record<string, string[]> | undefined) ?? {})) {
      nested.forEach((field, i) => own(field, `${at}/submit/nest/${target}/${i}`));
    }
    (((form.submit as JsonObject | undefined)?.labels as JsonObject[] | undefined) ?? []).forEach((entry, i) => {
      const when = entry.when as JsonObject;
      const tests = fieldTests(when);
      tests.forEach((test) => own(String(test.field).split('.')[0], `${at}/submit/labels/${i}/when`));
    });
    ((form.buttons as JsonObject[] | undefined) ?? []).forEach((button, i) => {
      const here = `${at}/buttons/${i}`;
      this.method(button, here);
      for (const [name, value] of Object.entries((button.params as JsonObject | undefined) ?? {})) {
        const placeholder = typeof value === 'string' ? /^:(.+)$/.exec(value) : null;
        if (placeholder) own(placeholder[1], `${here}/params/${name}`);
      }
    });
  }

  /**
   * Checks the engine's `ui:options` of a form's fields: the dictionary a `source`, `labelFrom` or `fieldsFrom` calls
   * is a declared method, and the fields its `':name'` params, a source's `where` and a `when` read are
   * fields of the form. `live` is the form's live values where the uiSchema is a form's (whose `checks` may
   * read them); a filter's or a wizard step's uiSchema has no checks. With the form's `schema`, a `fileSet`
   * is a list of objects having its `key` and `files`.
   */
  private uiSchema(ui: JsonObject | undefined, at: string, fields: string[], live?: JsonObject[], schema?: JsonObject): void {
    const field = (name: string, where: string) => {
      const first = name.split('.')[0]!;
      if (!fields.includes(first)) this.fail(where, `'${first}' is not a field of this form (it has: ${fields.join(', ')})`);
    };
    for (const [name, node] of Object.entries(ui ?? {})) {
      const options = (node as JsonObject | null)?.['ui:options'] as JsonObject | undefined;
      if (!options || typeof options !== 'object') continue;
      const here = `${at}/${name}/ui:options`;
      for (const key of ['source', 'labelFrom', 'fieldsFrom'] as const) {
        const source = options[key] as JsonObject | undefined;
        if (!source) continue;
        this.method(source, `${here}/${key}`);
        for (const [param, value] of Object.entries((source.params ?? {}) as JsonObject)) {
          if (typeof value === 'string' && value.startsWith(':')) field(value.slice(1), `${here}/${key}/params/${param}`);
        }
        const equals = (source.where as JsonObject | undefined)?.equals;
        if (typeof equals === 'string' && equals.startsWith(':')) field(equals.slice(1), `${here}/${key}/where/equals`);
      }
      if ((node as JsonObject)['ui:widget'] === 'fileSet' && schema) this.fileSet(schema, name, options, here);
      const when = options.when as JsonObject | undefined;
      if (when) {
        const tests = fieldTests(when);
        tests.forEach((test) => {
          field(test.field as string, `${here}/when`);
          const compares = ['gt', 'gte', 'lt', 'lte'].find((key) => key in test);
          if (compares)
            this.fail(
              `${here}/when`,
              `'${compares}' cannot decide whether a form field is shown or required (a JSON Schema cannot compare it); use equals, in, notIn or present`,
            );
        });
      }
      if (typeof options.currencyField === 'string') field(options.currencyField, `${here}/currencyField`);
      if (options.checks) this.checks(name, options.checks as JsonObject[], `${here}/checks`, fields, live);
    }
  }

  /**
   * Checks a field's `ui:options.checks`: said by a form (not a filter or a wizard step) on one of its
   * fields, reading its fields and `live.<id>` of its live values, none of which sends the field checked
   * (it would not be asked while the check speaks, and the check would fall silent).
   */
  private checks(name: string, checks: JsonObject[], at: string, fields: string[], live: JsonObject[] | undefined): void {
    if (!live) this.fail(at, 'checks are said by a form (kind form, or a form section); a filter or a wizard step has none');
    if (!fields.includes(name)) this.fail(at, `'${name}' is not a field of this form (it has: ${fields.join(', ')})`);
    const liveIds = live!.map((entry) => String(entry.id));
    const read = (path: string, where: string) => {
      const [first = '', id = ''] = path.split('.');
      if (first !== 'live') {
        if (!fields.includes(first)) this.fail(where, `'${first}' is neither a field of this form (${fields.join(', ')}) nor live.<id>`);
        return;
      }
      const entry = live!.find((candidate) => candidate.id === id);
      if (!entry) this.fail(where, `'${id}' is not a live value of this form (it has: ${liveIds.join(', ') || 'none'})`);
      const sends = Object.values((entry!.params as JsonObject | undefined) ?? {}).includes(`:${name}`);
      if (sends) this.fail(where, `live value '${id}' sends '${name}', so it is not asked while this check speaks; read another live value`);
    };
    checks.forEach((check, i) => {
      // A check with only `fails` reads the field it is on (its name is checked against the registry).
      const when = (check.when ?? { all: [] }) as JsonObject;
      const tests = fieldTests(when);
      tests.forEach((test) => {
        read(test.field as string, `${at}/${i}/when`);
        for (const key of ['gt', 'gte', 'lt', 'lte']) {
          const bound = test[key];
          if (typeof bound === 'string' && bound.startsWith(':')) read(bound.slice(1), `${at}/${i}/when`);
        }
      });
      for (const [value, column] of Object.entries((check.values as JsonObject | undefined) ?? {})) {
        for (const key of ['field', 'currencyField'] as const) {
          const path = (column as JsonObject)[key];
          if (typeof path === 'string') read(path, `${at}/${i}/values/${value}/${key}`);
        }
      }
    });
  }

  /** Checks a `fileSet` field is a list of objects whose items have its `key` and the fields of its `files`. */
  private fileSet(schema: JsonObject, name: string, options: JsonObject, at: string): void {
    const list = ((schema.properties ?? {}) as JsonObject)[name] as JsonObject | undefined;
    const item = list?.type === 'array' ? (list.items as JsonObject | undefined) : undefined;
    const properties = (item?.properties ?? null) as JsonObject | null;
    if (!properties)
      this.fail(at.replace(/\/ui:options$/, '/ui:widget'), `'${name}' is no list of objects, which a fileSet fills (one entry per item of its source)`);
    const has = (field: unknown, where: string) => {
      if (!(String(field) in properties!))
        this.fail(where, `'${String(field)}' is not a field of the items of '${name}' (they have: ${Object.keys(properties!).join(', ')})`);
    };
    has(options.key ?? 'id', `${at}/key`);
    ((options.files as JsonObject[] | undefined) ?? []).forEach((file, i) => has(file.field, `${at}/files/${i}/field`));
  }

  /** Reads the tab group `name` from screens/tab-groups/<name>.yaml, checked against its schema. */
  private tabGroup(name: string): JsonObject {
    const file = path.join(this.paths.screensDir, 'tab-groups', `${name}.yaml`);
    if (!existsSync(file)) this.fail('/tabs', `'${name}' is not a tab group (add ${displayPath(this.paths, file)})`);
    const group = readYaml(this.paths, file);
    assertValid(this.validateTabGroup, group.data, displayPath(this.paths, file), group.lineOf);
    return group.data as JsonObject;
  }

  private method(source: JsonObject | undefined, at: string): void {
    const name = source?.method as string | undefined;
    if (name && !this.methodNames.has(name)) {
      this.fail(
        `${at}/method`,
        / \//.test(name)
          ? `'${name}' is not an operation of schemas/api/rest.openapi.json that declares its access (x-access): check the verb and the path`
          : `'${name}' is not a declared method (declare it in schemas/api/methods/${name}.json)`,
      );
    }
  }

  private schema(ref: string, at: string): JsonObject {
    const [file = '', pointer = ''] = ref.split('#');
    const absolute = path.join(this.paths.schemasDir, file);
    if (!existsSync(absolute)) {
      this.fail(at, `schema '${file}' does not exist under ${displayPath(this.paths, this.paths.schemasDir)}/`);
    }
    try {
      return this.refs.dereference(absolute, pointer);
    } catch (error) {
      if (error instanceof CodegenError && error.file === displayPath(this.paths, absolute)) {
        this.fail(at, `'${ref}': ${error.detail}`);
      }
      throw error;
    }
  }

  /** Narrows an object schema to `fields`, in that order, keeping only their `required` entries. */
  private pick(schema: JsonObject, fields: string[], at: string): JsonObject {
    const properties = (schema.properties ?? {}) as JsonObject;
    const picked: JsonObject = {};
    fields.forEach((field, i) => {
      if (!(field in properties)) {
        this.fail(`${at}/${i}`, `'${field}' is not a property of the schema (it has: ${Object.keys(properties).join(', ')})`);
      }
      picked[field] = properties[field]!;
    });
    const required = ((schema.required as string[] | undefined) ?? []).filter((r) => fields.includes(r));
    return { ...schema, properties: picked, required };
  }

  /** Checks that every field a tile shows (title, value, key, badges, footnotes, art) is a property of the entity. */
  private tileParts(entity: JsonObject, card: JsonObject, at: string): void {
    const properties = (entity.properties ?? {}) as JsonObject;
    const part = (holder: JsonObject, key: string, base: string) => {
      const value = holder[key];
      if (value === undefined) return;
      if (typeof value === 'object' && value !== null) this.columns(entity, [value as JsonObject], `${base}/${key}`, false);
      else if (!(String(value) in properties)) {
        this.fail(`${base}/${key}`, `'${String(value)}' is not a property of the entity (it has: ${Object.keys(properties).join(', ')})`);
      }
    };
    ['title', 'subtitle', 'value', 'key'].forEach((key) => part(card, key, at));
    for (const list of ['badges', 'footnotes'] as const) {
      if (card[list]) this.columns(entity, card[list] as JsonObject[], `${at}/${list}`);
    }
    const art = card.art as JsonObject | undefined;
    if (art) {
      ['number', 'corner', 'mark'].forEach((key) => part(art, key, `${at}/art`));
      if (art.footer) this.columns(entity, art.footer as JsonObject[], `${at}/art/footer`);
    }
  }

  /** Checks a tile's form as a form section's: its submit, its schema narrowed to its fields, its uiSchema. */
  private tileForm(form: JsonObject | undefined, at: string): void {
    if (!form) return;
    this.call(form.submit as JsonObject, `${at}/submit`);
    form.schema = this.pick(this.schema(form.schema as string, `${at}/schema`), form.fields as string[], `${at}/fields`);
    this.uiSchema(form.uiSchema as JsonObject | undefined, `${at}/uiSchema`, form.fields as string[]);
  }

  /**
   * Checks a cards section's `groupBy` field and its tiles' `list`: a property of the entity holding a list
   * of objects whose item schema has the list's columns.
   */
  private itemListAndGroups(entity: JsonObject, section: JsonObject, at: string): void {
    const properties = (entity.properties ?? {}) as Record<string, JsonObject>;
    const names = Object.keys(properties).join(', ');
    const groupBy = section.groupBy as JsonObject | undefined;
    if (groupBy && !((groupBy.field as string) in properties)) {
      this.fail(`${at}/groupBy/field`, `'${String(groupBy.field)}' is not a property of the entity (it has: ${names})`);
    }
    const list = (section.card as JsonObject | undefined)?.list as JsonObject | undefined;
    if (!list) return;
    const items = properties[list.field as string]?.items as JsonObject | undefined;
    if (!items?.properties) {
      this.fail(`${at}/card/list/field`, `'${String(list.field)}' is not a property of the entity holding a list of objects (it has: ${names})`);
    }
    this.columns(items, list.columns as JsonObject[], `${at}/card/list/columns`);
  }

  /**
   * Checks each column's field and currency field (a dot path, `owner.name`, walks the properties of the
   * objects inside); `indexed: false` for one column standing alone at `at`.
   */
  private columns(entity: JsonObject, columns: JsonObject[], at: string, indexed = true): void {
    const properties = (entity.properties ?? {}) as JsonObject;
    columns.forEach((column, i) => {
      for (const key of ['field', 'currencyField'] as const) {
        const name = column[key] as string | undefined;
        if (name && !hasPropertyPath(entity, name)) {
          this.fail(
            indexed ? `${at}/${i}/${key}` : `${at}/${key}`,
            `'${name}' is not a property of the entity (it has: ${Object.keys(properties).join(', ')})`,
          );
        }
      }
    });
  }
}

/**
 * Whether a dot path names a property of an object schema, walking the properties of the objects inside
 * (`owner.name`); an object's `allOf` parts count as its own.
 *
 * @example
 * hasPropertyPath({ properties: { owner: { type: 'object', properties: { name: { type: 'string' } } } } }, 'owner.name'); // true
 */
export function hasPropertyPath(schema: JsonObject, path: string): boolean {
  let current: JsonObject | undefined = schema;
  for (const part of path.split('.')) {
    if (!current) return false;
    const holders: JsonObject[] = [current, ...((current.allOf as JsonObject[] | undefined) ?? [])];
    const found: JsonObject | undefined = holders
      .map((holder) => (holder.properties as JsonObject | undefined)?.[part] as JsonObject | undefined)
      .find((value) => value !== undefined);
    if (!found) return false;
    current = found;
  }
  return true;
}
