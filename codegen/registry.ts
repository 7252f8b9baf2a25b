import path from 'node:path';
import { ENGINE_WIDGET_NAMES } from '../engine/schema-form/widget-names.ts';
import { jsonPointer, pointerSegments } from './errors.ts';
import { displayPath, readJson, type CodegenPaths } from './files.ts';
import type { JsonObject, SchemaResolver } from './refs.ts';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { assertValid, createAjv } from './validate.ts';

/** screens/registry.json: each name the application registers with the engine, with one line on what it is. */
export interface Registry {
  /** The manifest as error messages name it, e.g. `screens/registry.json`. */
  file: string;
  guards: Record<string, string>;
  actions: Record<string, string>;
  components: Record<string, string>;
  widgets: Record<string, string>;
  /** Second factors a submit or a button may name as `challenge` (EngineOptions.challenges). */
  challenges?: Record<string, string>;
  /** Values the application keeps that a data source may name as `store` (EngineOptions.stores). */
  stores?: Record<string, string>;
  /** Checks of one value a field check may name as `fails` (EngineOptions.valueChecks). */
  valueChecks?: Record<string, string>;
  /** Rules over a wizard's whole answers it may name as `answerRules` (EngineOptions.answerRules). */
  answerRules?: Record<string, string>;
}

/**
 * Reads screens/registry.json and validates it against schemas/meta/registry.schema.json.
 * Codegen cannot read src/ (data flows from specs to the app), so the app's names come from this
 * manifest, which src/app/registry.test.ts holds equal to what the app registers.
 */
export function readRegistry(paths: CodegenPaths, refs: SchemaResolver): Registry {
  const file = path.join(paths.screensDir, 'registry.json');
  const shown = displayPath(paths, file);
  const data = readJson(paths, file);
  assertValid(createAjv().compile(refs.dereference(path.join(paths.schemasDir, 'meta/registry.schema.json'))), data, shown);
  return { file: shown, ...(data as Omit<Registry, 'file'>) };
}

type Fail = (jsonPath: string, message: string) => never;
type Kind = 'guards' | 'actions' | 'components' | 'widgets' | 'challenges' | 'stores' | 'valueChecks' | 'answerRules';

/**
 * The meta-schema's properties that hold a registered name: any property so called holds one, and a
 * `uiSchema` holds `ui:widget` names. Marking the meta-schema, rather than listing spec paths here,
 * follows every place it allows them (header, section and row actions, section forms, filters…).
 */
const NAMED: Record<string, Kind> = {
  guard: 'guards',
  action: 'actions',
  component: 'components',
  uiSchema: 'widgets',
  challenge: 'challenges',
  store: 'stores',
  fails: 'valueChecks',
  answerRules: 'answerRules',
};
const NOUN: Record<Kind, string> = {
  guards: 'a guard',
  actions: 'an action',
  components: 'a component',
  widgets: 'a widget',
  challenges: 'a challenge',
  stores: 'a store',
  valueChecks: 'a value check',
  answerRules: 'a set of answer rules',
};
/** The keyword marking them; only the copy of the meta-schema this check compiles carries it. */
const KEYWORD = 'x-registered';

/** A copy of `schema` whose properties named in NAMED carry KEYWORD with their kind. */
function marked(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(marked);
  if (!schema || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, marked(value)])) as JsonObject;
  const properties = copy.properties as Record<string, JsonObject> | undefined;
  if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
    for (const [name, kind] of Object.entries(NAMED)) {
      if (properties[name] && typeof properties[name] === 'object') properties[name] = { ...properties[name], [KEYWORD]: kind };
    }
  }
  return copy;
}

/** What the keyword met in the spec being checked (checks run one at a time). */
let recorded: Array<{ kind: Kind; value: unknown; at: string }> = [];
/** The marked meta-schema compiled once per process for each meta-schema text: it takes seconds. */
const locators = new Map<string, ValidateFunction>();

function locatorFor(metaSchema: JsonObject): ValidateFunction {
  const key = JSON.stringify(metaSchema);
  const known = locators.get(key);
  if (known) return known;
  const ajv = createAjv();
  // The keyword only records what it meets: ajv walks the spec along the meta-schema and hands over each path.
  ajv.addKeyword({
    keyword: KEYWORD,
    schemaType: 'string',
    validate: (kind: Kind, value: unknown, _parent?: unknown, context?: { instancePath: string }) => {
      recorded.push({ kind, value, at: context?.instancePath ?? '' });
      return true;
    },
  });
  const locate = ajv.compile(marked(metaSchema) as JsonObject);
  if (locators.size >= 10) locators.delete(locators.keys().next().value!);
  locators.set(key, locate);
  return locate;
}

/**
 * Makes the check that every guard, action, custom component, widget and challenge a spec names is registered
 * (listed in the manifest, or for a widget one of the engine's own), failing with the spec's JSON path.
 * `metaSchema` is the dereferenced screen-spec meta-schema; call the check on a spec that passed it.
 *
 * @example
 * const checkReferences = referenceChecker(metaSchema, readRegistry(paths, refs));
 * checkReferences(spec, fail); // fail('/guard', "'admn' is not a guard the application registers (…)")
 */
export function referenceChecker(metaSchema: JsonObject, registry: Registry): (spec: unknown, fail: Fail) => void {
  const locate = locatorFor(metaSchema);
  const listed = (kind: Kind) =>
    `${registry.file} lists: ${
      Object.keys(registry[kind] ?? {})
        .sort()
        .join(', ') || 'none'
    }`;

  const name = (kind: Kind, value: unknown, at: string, fail: Fail) => {
    if (typeof value === 'string' && Object.hasOwn(registry[kind] ?? {}, value)) return;
    if (kind === 'widgets' && (ENGINE_WIDGET_NAMES as readonly unknown[]).includes(value)) return;
    const is = kind === 'widgets' ? `neither one of the engine's widgets (${ENGINE_WIDGET_NAMES.join(', ')}) nor` : 'not';
    fail(
      at,
      `'${String(value)}' is ${is} ${NOUN[kind]} the application registers (${listed(kind)}); fix the name, or register it in src/app/registry.ts and list it in ${registry.file}`,
    );
  };

  // A uiSchema names widgets at any depth (nested objects, array items), as `ui:widget` or `ui:options.widget`.
  const widgets = (node: unknown, segments: Array<string | number>, fail: Fail): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'ui:widget') name('widgets', value, jsonPointer([...segments, key]), fail);
      if (key === 'ui:options' && value && typeof value === 'object' && 'widget' in value) {
        name('widgets', value.widget, jsonPointer([...segments, key, 'widget']), fail);
      }
      widgets(value, [...segments, key], fail);
    }
  };

  return (spec, fail) => {
    recorded = [];
    locate(spec);
    for (const { kind, value, at } of recorded) {
      if (kind === 'widgets') widgets(value, pointerSegments(at), fail);
      else name(kind, value, at, fail);
    }
  };
}
