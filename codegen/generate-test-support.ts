/**
 * What the codegen test files share: a private copy of the project a test may break, and the checks of a refusal.
 * The tests are split over several files so that the runner's workers share them.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, expect } from 'vitest';
import registry from '../screens/registry.json' with { type: 'json' };
import { CodegenError } from './errors.ts';
import { generate } from './generate.ts';
import type { CodegenPaths } from './files.ts';

/** The names screens/registry.json lists of one kind, as codegen's message words them. */
export const listed = (kind: 'actions' | 'challenges' | 'components' | 'widgets') => Object.keys(registry[kind]).sort().join(', ');

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A private copy of schemas/, screens/ and brands/ that a test may break. */
export function copyOfProject(): CodegenPaths {
  const dir = mkdtempSync(path.join(tmpdir(), 'codegen-'));
  for (const folder of ['schemas', 'screens', 'brands']) cpSync(path.join(root, folder), path.join(dir, folder), { recursive: true });
  return {
    root: dir,
    schemasDir: path.join(dir, 'schemas'),
    screensDir: path.join(dir, 'screens'),
    brandsDir: path.join(dir, 'brands'),
    outDir: path.join(dir, 'generated'),
  };
}

/**
 * Gives each test of the calling describe block its own copy of the project, removed after it.
 *
 * @example
 * const project = copyPerTest();
 * it('...', async () => { await generate(project.paths); });
 */
export function copyPerTest(): { paths: CodegenPaths } {
  const holder = {} as { paths: CodegenPaths };
  beforeEach(() => {
    holder.paths = copyOfProject();
    return () => rmSync(holder.paths.root, { recursive: true, force: true });
  });
  return holder;
}

/** The CodegenError codegen stops with on `paths`, failing the test when it does not. */
export async function failure(paths: CodegenPaths): Promise<CodegenError> {
  const error = await generate(paths).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CodegenError);
  return error as CodegenError;
}

/** Replaces `from` with `to` in one spec of the copy, failing the test if nothing changed (a stale `from`). */
export function editScreen(paths: CodegenPaths, name: string, from: string | RegExp, to: string): void {
  const file = path.join(paths.screensDir, name);
  const before = readFileSync(file, 'utf8');
  writeFileSync(file, before.replace(from, to));
  expect(readFileSync(file, 'utf8')).not.toBe(before);
}
