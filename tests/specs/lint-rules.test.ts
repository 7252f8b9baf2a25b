/**
 * The house's lint rules do what they say (eslint.config.js), run through the ESLint command line on text
 * placed at a real path, so the file globs are proven with the rules: codegen/ reads only the engine's spec
 * vocabulary; `house/no-engine-classes` finds `eng-*` classes outside engine/ (issue 12), and no stylesheet
 * of the application names one. And generated/ is build output: never in git.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * One ESLint for the file, as `npx eslint` would make it from eslint.config.js: the import rules build their picture
 * of the project once, not once per call as seven command-line runs did.
 */
const eslint = new ESLint({ cwd: root });

/** The messages ESLint gives `text` as if it were the file `at`. */
async function lint(at: string, text: string): Promise<{ ruleId: string; message: string }[]> {
  const [report] = await eslint.lintText(text, { filePath: path.join(root, at), warnIgnored: true });
  // A file ESLint cannot parse (a path that no longer exists, for one) reports nothing of the rules: say so.
  const fatal = report!.messages.find((message) => message.ruleId === null);
  if (fatal) throw new Error(`ESLint could not lint ${at}: ${fatal.message}`);
  return report!.messages as { ruleId: string; message: string }[];
}

describe('lint rules', () => {
  it("lets codegen/ read the engine's spec vocabulary, and nothing else of the engine, the application or the server", { timeout: 60_000 }, async () => {
    const messages = (
      await lint(
        'codegen/validators.ts',
        [
          "import { screenFormSchemas } from '../engine/schema-form/formSchemas.ts';",
          "import type { ScreenSpec } from '../engine/spec/types.ts';",
          "import { SchemaForm } from '../engine/schema-form/SchemaForm.tsx';",
          "import { brand } from '../src/app/brand.ts';",
          "import { startServer } from '../server/main.ts';",
          'export const all = [screenFormSchemas, SchemaForm, brand, startServer] as unknown as ScreenSpec;',
          '',
        ].join('\n'),
      )
    ).filter((message) => message.ruleId === 'no-restricted-imports');
    expect(messages.map((message) => message.message)).toEqual([
      expect.stringContaining("codegen/ may read only the engine's spec vocabulary"),
      expect.stringContaining('codegen/ builds from schemas/ and screens/ alone'),
      expect.stringContaining('codegen/ builds from schemas/ and screens/ alone'),
    ]);
  });

  it('finds an eng-* class in a className and a template outside engine/, and leaves the engine its own', { timeout: 60_000 }, async () => {
    const text = [
      'export const Save = () => <button type="button" className="eng-button eng-button--primary">Save</button>;',
      "export const row = (wide: boolean) => `eng-actions${wide ? ' wide' : ''}`;",
      "export const own = 'profile-english';",
      '',
    ].join('\n');
    const found = (await lint('src/app/SandboxBanner.tsx', text)).filter((m) => m.ruleId === 'house/no-engine-classes');
    expect(found.map((message) => message.message.split("'")[1])).toEqual(['eng-button', 'eng-actions']);
    expect((await lint('engine/ui/Button.tsx', text)).filter((m) => m.ruleId === 'house/no-engine-classes')).toEqual([]);
  });

  it("keeps server/'s folders importing one way, without file circles, and the transport's insides to itself", { timeout: 120_000 }, async () => {
    // server/transfers builds on server/ledger, so the ledger may not import a transfer back.
    const upward = await lint(
      'server/ledger/money.ts',
      "import { createTransfer } from '../transfers/create-transfer.ts';\nexport const all = [createTransfer];\n",
    );
    expect(upward.filter((m) => m.ruleId === 'house/server-folders-one-way').map((m) => m.message)).toEqual([
      expect.stringMatching(
        /^server\/ledger imports server\/transfers, and server\/transfers imports server\/ledger \(server\/transfers\/.+\.ts → server\/ledger\//,
      ),
    ]);
    const downward = await lint(
      'server/transfers/scope.ts',
      "import { ACCOUNT_STATUS } from '../ledger/account-status.ts';\nexport const all = [ACCOUNT_STATUS];\n",
    );
    expect(downward.filter((m) => m.ruleId === 'house/server-folders-one-way')).toEqual([]);
    // create-transfer.ts imports limits.ts, so limits.ts importing it back closes a circle.
    const circle = await lint('server/transfers/limits.ts', "import { createTransfer } from './create-transfer.ts';\nexport const all = [createTransfer];\n");
    expect(circle.map((m) => m.ruleId)).toContain('import-x/no-cycle');
    const transport = (
      await lint(
        'server/cards/fees.ts',
        "import { rpcDispatcher } from '../rpc/dispatcher.ts';\nimport { RpcRefusal } from '../rpc/response-codes.ts';\nexport const all = [rpcDispatcher, RpcRefusal];\n",
      )
    ).filter((m) => m.ruleId === 'no-restricted-imports');
    expect(transport.map((m) => m.message)).toEqual([expect.stringContaining('A domain sees of the transport only server/rpc/context.ts')]);
  });

  it("keeps the engine's classes and tokens out of the application's stylesheets", () => {
    const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src/**/*.css', 'brands/**/*.css'], {
      cwd: root,
      encoding: 'utf8',
    });
    const sheets = listed.stdout.split('\n').filter(Boolean);
    expect(sheets.length).toBeGreaterThan(0);
    const offenders = sheets.flatMap((sheet) =>
      readFileSync(path.join(root, sheet), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\.eng-|--eng-/.test(line) ? [`${sheet}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});

describe('generated code', () => {
  it('is build output: git tracks nothing under generated/ and ignores what codegen writes there', () => {
    expect(spawnSync('git', ['ls-files', 'generated'], { cwd: root, encoding: 'utf8' }).stdout).toBe('');
    expect(spawnSync('git', ['check-ignore', '-q', 'generated/screens.ts'], { cwd: root }).status).toBe(0);
  });
});
