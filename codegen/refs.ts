import path from 'node:path';
import { CodegenError, jsonPointer, pointerSegments } from './errors.ts';
import { displayPath, readJson, type CodegenPaths } from './files.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Keywords that only make sense at a document's root; dropped when a document is inlined elsewhere. */
const ROOT_ONLY = new Set(['$id', '$schema', '$defs', 'definitions']);
/** Keywords whose values map names to schemas. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

export interface DereferenceOptions {
  /**
   * Called for a $ref that names a whole file. Returning a value replaces the reference with it
   * (TypeScript generation uses it to write the entity's type name instead of inlining the entity).
   */
  replaceFileRef?: (file: string, siblings: JsonObject) => JsonObject | undefined;
  /** Drop 'title' below the root, so type generators name only the root type. */
  dropNestedTitles?: boolean;
}

/**
 * Loads schema files once and inlines every `$ref` (relative file paths, JSON pointers, or both),
 * producing self-contained schemas that ajv, rjsf and the type generators read without a resolver.
 * A reference that cannot be resolved, or a cycle, is reported with the file and JSON path of the `$ref`.
 *
 * @example
 * const refs = new SchemaResolver(paths);
 * const customer = refs.dereference(path.join(paths.schemasDir, 'entities/customer.schema.json'));
 */
export class SchemaResolver {
  private readonly cache = new Map<string, Json>();

  constructor(private readonly paths: CodegenPaths) {}

  /** The parsed content of a schema file (cached). */
  load(file: string): Json {
    const absolute = path.resolve(file);
    if (!this.cache.has(absolute)) this.cache.set(absolute, readJson(this.paths, absolute) as Json);
    return this.cache.get(absolute)!;
  }

  /** The node at `pointer` inside `file`, dereferenced. */
  dereference(file: string, pointer = '', options: DereferenceOptions = {}): JsonObject {
    const doc = this.load(file);
    const node = this.at(doc, pointer, file, pointer);
    const result = this.walk(node, file, pointerSegments(pointer), options, [], true);
    return result as JsonObject;
  }

  /** Dereferences a schema object that lives at `segments` inside `file` (e.g. a method's request). */
  dereferenceNode(node: Json, file: string, segments: Array<string | number>, options: DereferenceOptions = {}): JsonObject {
    return this.walk(node, file, segments, options, [], true) as JsonObject;
  }

  private at(doc: Json, pointer: string, file: string, refPath: string): Json {
    let node: Json = doc;
    for (const segment of pointerSegments(pointer)) {
      if (node && typeof node === 'object' && segment in (node as Record<string, Json>)) {
        node = (node as Record<string, Json>)[segment]!;
      } else {
        throw new CodegenError(displayPath(this.paths, file), refPath, `nothing at JSON pointer '${pointer}'`);
      }
    }
    return node;
  }

  private walk(node: Json, file: string, segments: Array<string | number>, options: DereferenceOptions, stack: string[], isRoot: boolean): Json {
    if (Array.isArray(node)) return node.map((item, i) => this.walk(item, file, [...segments, i], options, stack, false));
    if (!node || typeof node !== 'object') return node;

    const ref = node.$ref;
    if (typeof ref === 'string' && !ref.startsWith('https://json-schema.org/')) {
      const [filePart = '', pointer = ''] = ref.split('#');
      const target = filePart ? path.resolve(path.dirname(file), filePart) : file;
      const key = `${target}#${pointer}`;
      const here = jsonPointer([...segments, '$ref']);
      if (stack.includes(key)) {
        throw new CodegenError(displayPath(this.paths, file), here, `circular $ref '${ref}'`);
      }
      const { $ref: _ignored, ...siblings } = node;
      if (filePart && !pointer && options.replaceFileRef) {
        const replacement = options.replaceFileRef(target, siblings);
        if (replacement) return replacement;
      }
      let targetDoc: Json;
      try {
        targetDoc = this.load(target);
      } catch (error) {
        if (error instanceof CodegenError) throw error;
        throw new CodegenError(displayPath(this.paths, file), here, `cannot read '${ref}': no such schema file`);
      }
      let targetNode: Json;
      try {
        targetNode = this.at(targetDoc, pointer, file, here);
      } catch {
        throw new CodegenError(displayPath(this.paths, file), here, `'${ref}' points at nothing`);
      }
      const resolved = this.walk(targetNode, target, pointerSegments(pointer), options, [...stack, key], false);
      const ownSiblings = this.walk(siblings, file, segments, options, stack, isRoot) as JsonObject;
      return { ...(resolved as JsonObject), ...ownSiblings };
    }

    // Inside 'properties' the keys are property names, not keywords: keep them all.
    const isNameMap = NAME_MAPS.has(String(segments[segments.length - 1] ?? ''));
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (!isNameMap) {
        if (!isRoot && ROOT_ONLY.has(key)) continue;
        if (isRoot && (key === '$defs' || key === 'definitions')) continue;
        if (!isRoot && key === 'title' && options.dropNestedTitles) continue;
      }
      out[key] = this.walk(value, file, [...segments, key], options, stack, false);
    }
    return out;
  }
}
