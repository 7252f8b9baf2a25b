import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument, isNode } from 'yaml';
import { CodegenError, pointerSegments } from './errors.ts';

/** Where codegen reads from and writes to; every folder can be pointed elsewhere (the analyst test does). */
export interface CodegenPaths {
  /** The repository root, used to print file names relative to it. */
  root: string;
  schemasDir: string;
  screensDir: string;
  brandsDir: string;
  outDir: string;
}

/** Prints a path relative to the repository root, with forward slashes, for error messages. */
export function displayPath(paths: CodegenPaths, file: string): string {
  return path.relative(paths.root, file).split(path.sep).join('/');
}

/** Files ending with `suffix` directly inside `dir`, sorted, as absolute paths. */
export function listFiles(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(suffix) && statSync(path.join(dir, name)).isFile())
    .sort()
    .map((name) => path.join(dir, name));
}

/** Reads and parses a JSON file; a syntax error names the file and the line. */
export function readJson(paths: CodegenPaths, file: string): unknown {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? text.slice(0, Number(position[1])).split('\n').length : undefined;
    throw new CodegenError(displayPath(paths, file), '', `is not valid JSON: ${message}`, line);
  }
}

/** A parsed YAML file that can tell the line of any JSON path inside it. */
export interface YamlSource {
  data: unknown;
  lineOf(jsonPath: string): number | undefined;
}

/** Reads and parses a YAML file; a syntax error names the file and the line. */
export function readYaml(paths: CodegenPaths, file: string): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter, prettyErrors: false });
  const firstError = doc.errors[0];
  if (firstError) {
    const line = lineCounter.linePos(firstError.pos[0]).line;
    throw new CodegenError(displayPath(paths, file), '', `is not valid YAML: ${firstError.message}`, line);
  }
  return {
    data: doc.toJS(),
    lineOf(jsonPath) {
      const segments = pointerSegments(jsonPath);
      // Walk up until a node exists: a missing property is reported on its parent's line.
      for (let n = segments.length; n >= 0; n--) {
        const node = doc.getIn(
          segments.slice(0, n).map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
          true,
        );
        if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
      }
      return undefined;
    },
  };
}
