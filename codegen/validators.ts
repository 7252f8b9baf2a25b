import { createRequire } from 'node:module';
import { deepEquals, schemaParser, type RJSFSchema } from '@rjsf/utils';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import { _, type default as Ajv } from 'ajv';
import { formatNames } from 'ajv-formats/dist/formats.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
// The engine decides which schemas its forms validate with; codegen compiles exactly those, so it asks it.
import { screenFormSchemas } from '../engine/schema-form/formSchemas.ts';
import type { ScreenSpec } from '../engine/spec/types.ts';
import { CodegenError } from './errors.ts';
import type { ResolvedScreen } from './screens.ts';

const require = createRequire(import.meta.url);

/**
 * The product's own formats (a checksum a pattern cannot say: `crypto-address`) are functions of
 * server/formats/schema-formats.ts, pure so the browser can run them. Codegen never imports them: it
 * names the formats a form schema uses that ajv-formats and rjsf do not know, lets ajv compile them as
 * stand-ins, and has the standalone code read every format from that module's `schemaFormats` (ajv-formats'
 * and the product's), so the browser runs the server's very check. A name that module lacks fails
 * server/formats/schema-formats.test.ts.
 */
const PRODUCT_FORMATS_REQUIRE = 'require("product-formats").schemaFormats';
const KNOWN_FORMATS = new Set<string>([...formatNames, 'data-url', 'color']);

function productFormats(map: Record<string, RJSFSchema>): string[] {
  const found = new Set<string>();
  JSON.stringify(map, (key, value: unknown) => {
    if (key === 'format' && typeof value === 'string' && !KNOWN_FORMATS.has(value)) found.add(value);
    return value;
  });
  return [...found];
}

/**
 * What ajv's standalone code may `require` at run time, and what the generated module uses instead. The two
 * small helpers are written into the module (their source is self-contained), so the module does not
 * depend on how a bundler or Node hands a CommonJS default export to ES modules; ajv-formats' formats
 * come through a named import, which every one of them treats alike.
 */
const RUNTIME: Record<string, { expression: string; imports?: string }> = {
  'require("ajv/dist/runtime/ucs2length").default': { expression: String(require('ajv/dist/runtime/ucs2length.js').default) },
  'require("ajv/dist/runtime/equal").default': { expression: String(require('ajv/dist/runtime/equal.js').default) },
  'require("ajv-formats/dist/formats").fullFormats': {
    expression: 'fullFormats',
    imports: "import { fullFormats } from 'ajv-formats/dist/formats.js';",
  },
};

/** Where the generated validators import the product's formats from, relative to their own folder. */
const DEFAULT_FORMATS_MODULE = '../../server/formats/schema-formats.ts';

/**
 * The schemas rjsf validates with while one screen's forms are in use: each form schema, plus every
 * sub-schema rjsf checks on its own (`anyOf`/`oneOf` options, conditions), keyed as rjsf looks them up, by
 * `$id` or else by `hashForSchema`.
 */
function schemaMap(screen: ResolvedScreen): Record<string, RJSFSchema> {
  const map: Record<string, RJSFSchema> = {};
  for (const schema of screenFormSchemas(screen.spec as unknown as ScreenSpec)) {
    for (const [key, identified] of Object.entries(schemaParser(schema as RJSFSchema))) {
      const existing = map[key];
      if (existing && !deepEquals(existing, identified)) {
        throw new CodegenError(`screens/${screen.id}.yaml`, '', `two different form schemas have the same hash ${key}; give one of them an $id`);
      }
      map[key] = identified;
    }
  }
  return map;
}

/** Replaces each `require(...)` of ajv's standalone code with what {@link RUNTIME} says. */
function withoutRequire(code: string, screenId: string, formatsModule: string): { body: string; imports: string[] } {
  const imports = new Set<string>();
  const runtime: typeof RUNTIME = {
    ...RUNTIME,
    [PRODUCT_FORMATS_REQUIRE]: { expression: 'schemaFormats', imports: `import { schemaFormats } from '${formatsModule}';` },
  };
  const body = code.replace(/require\("[^"]+"\)(\.\w+)?/g, (call) => {
    const replacement = runtime[call];
    if (!replacement) {
      throw new CodegenError(
        `screens/${screenId}.yaml`,
        '',
        `a form schema needs ${call} to validate in the browser, which codegen cannot precompile; add it to RUNTIME in codegen/validators.ts`,
      );
    }
    if (replacement.imports) imports.add(replacement.imports);
    return replacement.expression;
  });
  return { body, imports: [...imports] };
}

/**
 * The precompiled validators of one screen's forms as an ES module (`generated/validators/<id>.ts`), or
 * `undefined` for a screen without forms. ajv compiles each schema at build time with the options of the
 * browser's validator (rjsf's, on JSON Schema 2020-12, with ajv-formats), so the browser runs the same
 * checks without shipping ajv's compiler. The default export maps each schema's key to its function:
 * what `createPrecompiledValidator` of `@rjsf/validator-ajv8` takes. `formatsModule` is how the module
 * imports server/formats/schema-formats.ts from the folder it is written to (only a form using a product
 * format imports it).
 *
 * @example
 * ```ts
 * const code = screenValidators(loginScreen, HEADER); // export default { "-3b3034f8": precompiled_0 }
 * ```
 */
export function screenValidators(screen: ResolvedScreen, header: string, formatsModule = DEFAULT_FORMATS_MODULE): string | undefined {
  const map = schemaMap(screen);
  const keys = Object.keys(map);
  if (keys.length === 0) return undefined;
  // Compiling is most of codegen's time, and the output is a function of these inputs alone: a second run in
  // the same process (the codegen tests run it some forty times) reuses what the first compiled.
  const memoKey = JSON.stringify([screen.id, header, formatsModule, map]);
  const known = compiled.get(memoKey);
  if (known !== undefined) return known;
  const code = compileValidators(screen, header, map, keys, formatsModule);
  if (compiled.size >= MEMO_LIMIT) compiled.delete(compiled.keys().next().value!);
  compiled.set(memoKey, code);
  return code;
}

/** Validator modules already compiled in this process, by their inputs; the oldest leave first. */
const compiled = new Map<string, string>();
const MEMO_LIMIT = 400;

function compileValidators(screen: ResolvedScreen, header: string, map: ReturnType<typeof schemaMap>, keys: string[], formatsModule: string): string {
  const ownFormats = productFormats(map);
  const ajv = createAjvInstance(
    undefined,
    // Stand-ins: the standalone code reads each format from the module, never these functions.
    Object.fromEntries(ownFormats.map((name) => [name, () => true])),
    { code: { source: true, esm: true, lines: true }, schemas: Object.values(map) },
    undefined,
    Ajv2020 as unknown as typeof Ajv,
  );
  if (ownFormats.length > 0) ajv.opts.code.formats = _`require("product-formats").schemaFormats`;
  const exportNames = Object.fromEntries(keys.map((key, i) => [`precompiled_${i}`, key]));
  const code = standaloneCode(ajv, exportNames).replace(/^"use strict";\n?/, '');
  const { body, imports } = withoutRequire(code, screen.id, formatsModule);
  const table = keys.map((key, i) => `  ${JSON.stringify(key)}: precompiled_${i},`).join('\n');
  return `${header}// @ts-nocheck: ajv's standalone code is plain JavaScript.
${imports.join('\n')}${imports.length ? '\n' : ''}
${body.trimEnd()}

/** The validators of the forms of screen "${screen.id}", keyed by the \`$id\` or \`hashForSchema\` of their schema. */
export default {
${table}
};
`;
}
