import type { ScreenEntry, ScreenSpec } from '../spec/types';

/**
 * Loads the full spec of a screen through its entry's `load` (a dynamic import of the generated JSON), and
 * checks that what came back is the spec of that screen, so a stale or missing generated file fails with a
 * message that says how to fix it rather than deep inside a kind.
 *
 * @example
 * ```ts
 * const spec = await loadSpec({ id: 'login', load: () => import('../generated/screens/login.json'), ... });
 * ```
 */
export async function loadSpec(entry: ScreenEntry): Promise<ScreenSpec> {
  const loaded = await entry.load();
  const spec = typeof loaded === 'object' && loaded !== null && 'default' in loaded ? (loaded as { default: unknown }).default : loaded;
  if (typeof spec !== 'object' || spec === null || (spec as ScreenSpec).id !== entry.id || !(spec as ScreenSpec).kind) {
    throw new Error(
      `The spec of screen "${entry.id}" did not load as expected: generated/screens/${entry.id}.json is missing or is not the spec of that screen. Run "npm run codegen" and reload.`,
    );
  }
  return spec as ScreenSpec;
}

/**
 * Loads the precompiled validators of a screen's forms through its entry's `validators` (a dynamic import of
 * the generated module); `{}` when the entry has none, so every form falls back to compiling its schema.
 *
 * @example
 * ```ts
 * const precompiled = await loadPrecompiledValidators(entry); // { '-3b3034f8': validate20 }
 * ```
 */
export async function loadPrecompiledValidators(entry: ScreenEntry): Promise<Record<string, unknown>> {
  if (!entry.validators) return {};
  const loaded = await entry.validators();
  const validators = typeof loaded === 'object' && loaded !== null && 'default' in loaded ? (loaded as { default: unknown }).default : loaded;
  if (typeof validators !== 'object' || validators === null) {
    throw new Error(
      `The validators of screen "${entry.id}" did not load as expected: generated/validators/${entry.id}.ts is missing or is not a validators module. Run "npm run codegen" and reload.`,
    );
  }
  return validators as Record<string, unknown>;
}
