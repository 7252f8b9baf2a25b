import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { screenFormSchemas } from '../engine/schema-form/formSchemas.ts';
import type { ScreenSpec } from '../engine/spec/types.ts';
import { defaultPaths, generate, writeGenerated } from './generate.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('precompiled form validators', () => {
  // Written inside the repository, so that the modules resolve their imports from its node_modules.
  let outDir: string;
  let files: Record<string, string>;
  beforeAll(async () => {
    mkdirSync(path.join(root, '.tmp'), { recursive: true });
    outDir = mkdtempSync(path.join(root, '.tmp', 'validators-'));
    // Written to outDir, so the validators import the product formats as seen from there.
    files = (await generate({ ...defaultPaths(root), outDir })).files;
    writeGenerated(outDir, files);
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  const specs = () =>
    Object.entries(files)
      .filter(([name]) => name.startsWith('screens/'))
      .map(([, text]) => JSON.parse(text) as ScreenSpec);
  const validators = async (id: string) =>
    ((await import(pathToFileURL(path.join(outDir, `validators/${id}.ts`)).href)) as { default: ValidatorFunctions }).default;

  it('has one for every schema the forms of every screen validate with, and modules only for screens with forms', async () => {
    for (const spec of specs()) {
      const schemas = screenFormSchemas(spec);
      expect(`validators/${spec.id}.ts` in files, spec.id).toBe(schemas.length > 0);
      if (schemas.length === 0) continue;
      const functions = await validators(spec.id);
      for (const schema of schemas) expect(functions, spec.id).toHaveProperty([hashForSchema(schema as RJSFSchema)]);
      expect(files['screens.ts']).toContain(`validators: () => import('./validators/${spec.id}.ts')`);
    }
  });

  it('are plain ES modules: no require(), formats imported by name', () => {
    const modules = Object.entries(files).filter(([name]) => name.startsWith('validators/'));
    expect(modules.length).toBeGreaterThan(0);
    for (const [, code] of modules) expect(code).not.toMatch(/\brequire\(/);
    expect(files['validators/history.ts']).toContain("import { fullFormats } from 'ajv-formats/dist/formats.js';");
  });

  it('decide like the server validator on the same schema: e-mail format, lengths, dates, unknown fields', async () => {
    const server = new Ajv2020({ allErrors: true, strict: false });
    (addFormats as unknown as (ajv: Ajv2020) => void)(server);
    const cases: Array<[string, Record<string, unknown>]> = [
      ['login', { username: 'personal@example.com', password: 'Demo-pass-2026' }],
      ['login', { username: 'not an e-mail', password: 'x' }],
      ['login', { username: 'a@b.co', password: '' }],
      ['login', { username: `${'a'.repeat(250)}@b.co`, password: 'x' }],
      ['login', { username: 'a@b.co', password: 'x', extra: 1 }],
      ['history', { fromDate: '2024-02-29', toDate: '2024-13-01' }],
      ['history', { fromDate: '2023-02-29' }],
      ['history', { operationType: 'Gift' }],
    ];
    let refused = 0;
    for (const [id, data] of cases) {
      const spec = specs().find((candidate) => candidate.id === id)!;
      const [schema] = screenFormSchemas(spec);
      const validator = createPrecompiledValidator(await validators(id), schema as RJSFSchema);
      const browser = validator.rawValidation<{ keyword: string; instancePath: string }>(schema as RJSFSchema, data).errors ?? [];
      const check = server.compile(schema!);
      check(data);
      const summary = (errors: ReadonlyArray<{ keyword: string; instancePath: string }>) =>
        errors.map((error) => `${error.instancePath} ${error.keyword}`).sort();
      expect(summary(browser), JSON.stringify(data)).toEqual(summary(check.errors ?? []));
      if (browser.length > 0) refused += 1;
    }
    expect(refused).toBe(cases.length - 1);
  });

  it('report a bad e-mail as a format error on its field, which the form translates', async () => {
    const spec = specs().find((candidate) => candidate.id === 'login')!;
    const [schema] = screenFormSchemas(spec);
    const validator = createPrecompiledValidator(await validators('login'), schema as RJSFSchema);
    const { errors } = validator.validateFormData({ username: 'nobody', password: 'x' }, schema as RJSFSchema);
    expect(errors).toEqual([expect.objectContaining({ name: 'format', property: '.username', params: { format: 'email' } })]);
  });
});
