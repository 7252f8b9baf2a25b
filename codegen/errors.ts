/**
 * An error in an analyst-edited file (schema, screen spec, brand), located precisely enough to fix it
 * without reading code: the file relative to the repository, the JSON path inside it, and the line when known.
 *
 * @example
 * throw new CodegenError('screens/home.yaml', '/dashboard/sections/0/kind', 'must be one of: cards, table', 12);
 * // screens/home.yaml at /dashboard/sections/0/kind (line 12): must be one of: cards, table
 */
export class CodegenError extends Error {
  constructor(
    readonly file: string,
    readonly jsonPath: string,
    readonly detail: string,
    readonly line?: number,
  ) {
    super(`${file} at ${jsonPath || '/'}${line ? ` (line ${line})` : ''}: ${detail}`);
    this.name = 'CodegenError';
  }
}

/** Joins JSON-pointer segments, escaping '~' and '/' as RFC 6901 says. */
export function jsonPointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** Splits a JSON pointer ("/a/0/b~1c") into its segments. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
