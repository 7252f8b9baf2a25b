import type { ScreenSpec } from '../spec/types';
import { specSource } from '../spec/source';

type KindPart = 'form' | 'table' | 'detail' | 'wizard' | 'dashboard' | 'custom';

/**
 * The part of a spec its kind needs (`spec.form` for a form). Codegen guarantees it exists; this turns a
 * hand-edited or stale generated file into a message naming the file instead of a crash.
 *
 * @example
 * ```ts
 * const form = specPart(spec, 'form');
 * ```
 */
export function specPart<K extends KindPart>(spec: ScreenSpec, part: K): NonNullable<ScreenSpec[K]> {
  const value = spec[part];
  if (!value) {
    throw new Error(`${specSource(spec)} has kind "${spec.kind}" but no "${part}" section. Add the section, then run "npm run codegen".`);
  }
  return value as NonNullable<ScreenSpec[K]>;
}
