import path from 'node:path';
import { compile } from 'json-schema-to-typescript';
import { CodegenError } from './errors.ts';
import { displayPath, listFiles, type CodegenPaths } from './files.ts';
import type { JsonObject, SchemaResolver } from './refs.ts';
import { compiles, createAjv, describeAjvError } from './validate.ts';

/** An entity (or form) schema file and the TypeScript type name it becomes (its title). */
export interface EntitySchema {
  file: string;
  typeName: string;
}

/** The folders of schemas/ whose files are entities or form models with their own TypeScript type. */
const TYPED_FOLDERS = ['entities', 'forms'];

/**
 * Checks that every schema file under schemas/ is a valid JSON Schema 2020-12 whose references resolve,
 * and lists the ones that become TypeScript types.
 */
export function checkSchemas(paths: CodegenPaths, refs: SchemaResolver): EntitySchema[] {
  const ajv = createAjv();
  const entities: EntitySchema[] = [];
  for (const folder of [...TYPED_FOLDERS, 'meta']) {
    for (const file of listFiles(path.join(paths.schemasDir, folder), '.json')) {
      const shown = displayPath(paths, file);
      const schema = refs.load(file);
      if (!ajv.validateSchema(schema as object)) {
        const first = ajv.errors?.[0];
        const { path: at, message } = first ? describeAjvError(first) : { path: '', message: 'is not a JSON Schema' };
        throw new CodegenError(shown, at, `is not a valid JSON Schema 2020-12: ${message}`);
      }
      const resolved = refs.dereference(file);
      try {
        compiles(ajv, resolved);
      } catch (error) {
        throw new CodegenError(shown, '', `cannot be compiled: ${(error as Error).message}`);
      }
      if (TYPED_FOLDERS.includes(folder) && resolved.properties) {
        const title = (schema as JsonObject).title;
        if (typeof title !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(title)) {
          throw new CodegenError(shown, '/title', 'needs a PascalCase title: it names the TypeScript type');
        }
        entities.push({ file, typeName: title });
      }
    }
  }
  return entities;
}

/** Options shared by every json-schema-to-typescript call: no banner, exact objects. */
const TS_OPTIONS = { bannerComment: '', additionalProperties: false, strictIndexSignatures: true, ignoreMinAndMaxItems: true, format: true } as const;

/** TypeScript sources made earlier in this process, by type name and schema text; the oldest leave first. */
const typeSources = new Map<string, Promise<string>>();

/**
 * json-schema-to-typescript's `compile(schema, typeName, TS_OPTIONS)`, reusing the source made for the same name
 * and schema earlier in this process: it formats every type with prettier, which is a third of a codegen run, and
 * the codegen tests run codegen many times over mostly unchanged schemas.
 *
 * @example
 * const source = await typeSource(refs.dereference(file), 'Customer');
 */
export function typeSource(schema: JsonObject, typeName: string): Promise<string> {
  const key = `${typeName}\n${JSON.stringify(schema)}`;
  const known = typeSources.get(key);
  if (known) return known;
  const source = compile(structuredClone(schema) as never, typeName, TS_OPTIONS);
  source.catch(() => typeSources.delete(key));
  if (typeSources.size >= 5_000) typeSources.delete(typeSources.keys().next().value!);
  typeSources.set(key, source);
  return source;
}

/**
 * Writes one TypeScript type per entity. A reference from one entity to another becomes the other's
 * type name instead of a copy, so `Customer` is one type wherever it appears.
 */
export async function entityTypes(refs: SchemaResolver, entities: EntitySchema[]): Promise<string> {
  const parts: string[] = [];
  for (const entity of entities) {
    const schema = refs.dereference(entity.file, '', typeOptions(entities, entity.file));
    parts.push(await typeSource(schema, entity.typeName));
  }
  return parts.join('\n');
}

/** Dereference options for type generation: entity references by name, no nested titles. */
export function typeOptions(entities: EntitySchema[], self?: string) {
  const byFile = new Map(entities.map((e) => [path.resolve(e.file), e.typeName]));
  return {
    dropNestedTitles: true,
    replaceFileRef: (file: string): JsonObject | undefined => {
      const name = byFile.get(path.resolve(file));
      return name && path.resolve(file) !== self ? { tsType: name } : undefined;
    },
  };
}

export { TS_OPTIONS };
