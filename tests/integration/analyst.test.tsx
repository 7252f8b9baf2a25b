// @vitest-environment happy-dom
/**
 * The analyst promise: a property added to an entity schema and to a screen spec, in a copy of the
 * project, with no TypeScript file touched, renders on the screen, is validated in the browser, is refused
 * by the server when it breaks the schema, and is stored and read back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { createScreenRoutes, MethodCallError, type EngineOptions, type LayoutProps, type ScreenSpec } from '../../engine/index.ts';
import engineEn from '../../engine/locales/en.json';
import { generate, writeGenerated } from '../../codegen/generate.ts';
import { repoRoot, startServer, type RunningServer } from '../support/server-process.ts';
import { signIn } from '../support/api-client.ts';

const copy = mkdtempSync(path.join(tmpdir(), 'analyst-'));
let server: RunningServer;
let api: Awaited<ReturnType<typeof signIn>>;
let spec: ScreenSpec;

/** What an analyst does: edit one JSON schema and one YAML spec. */
function addNicknameField(): void {
  const schemaFile = path.join(copy, 'schemas/entities/customer-profile.schema.json');
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
  schema.properties.nickname = { type: 'string', title: 'Nickname', minLength: 2, maxLength: 12, pattern: '^[A-Za-z0-9]+$' };
  writeFileSync(schemaFile, JSON.stringify(schema, null, 2));
  const specFile = path.join(copy, 'screens/profile-update.yaml');
  const yaml = readFileSync(specFile, 'utf8');
  const updated = yaml.replace(/fields: \[([^\]]*)\]/, (_m, list: string) => `fields: [${list}, nickname]`);
  const withBlockList =
    updated === yaml ? yaml.replace(/(\n\s*fields:\n(?:\s*- .*\n)+)/, (block) => `${block}${block.match(/\n(\s*)- /)![1]}- nickname\n`) : updated;
  expect(withBlockList).not.toBe(yaml);
  writeFileSync(specFile, withBlockList);
}

beforeAll(async () => {
  for (const folder of ['schemas', 'screens', 'brands']) cpSync(path.join(repoRoot, folder), path.join(copy, folder), { recursive: true });
  addNicknameField();
  const paths = {
    root: copy,
    schemasDir: path.join(copy, 'schemas'),
    screensDir: path.join(copy, 'screens'),
    brandsDir: path.join(copy, 'brands'),
    outDir: path.join(copy, 'generated'),
  };
  writeGenerated(paths.outDir, (await generate(paths)).files);
  spec = JSON.parse(readFileSync(path.join(paths.outDir, 'screens/profile-update.json'), 'utf8'));
  server = await startServer({ GENERATED_DIR: paths.outDir });
  api = await signIn(server.url, 'personal@example.com');
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(copy, { recursive: true, force: true });
});

describe('an analyst adds a profile field without TypeScript', () => {
  it('changed only schema and spec files in the copy; no TypeScript file of the project changed', () => {
    // git diff --no-index exits 1 when the folders differ, so read its output rather than its status.
    const differences = (folder: string) =>
      spawnSync('git', ['diff', '--name-only', '--no-index', path.join(repoRoot, folder), path.join(copy, folder)], { encoding: 'utf8' })
        .stdout.trim()
        .split('\n');
    const changed = [...differences('schemas'), ...differences('screens'), ...differences('brands')].filter(Boolean);
    expect(changed.map((f) => path.basename(f)).sort()).toEqual(['customer-profile.schema.json', 'profile-update.yaml']);
    expect(changed.some((f) => f.endsWith('.ts') || f.endsWith('.tsx'))).toBe(false);
  });

  it('is refused by the server when it breaks the schema, on its field', async () => {
    const answer = await api.call('profileUpdate', { profile: { nickname: 'has spaces and is far too long' } });
    expect(answer.responseCode).toBe('TA1');
    expect(answer.validationErrors.map((e: { field: string }) => e.field)).toContain('profile.nickname');
    const after = await api.call('profileInquiry', {});
    expect(after.profile.nickname).toBeUndefined();
  });

  it('renders on the screen, is checked in the browser, then stored and read back', async () => {
    const calls: Array<{ method: string; params: Record<string, unknown> }> = [];
    const callMethod: EngineOptions['callMethod'] = async (method, params) => {
      calls.push({ method, params });
      const { responseCode, responseDescription, validationErrors, ...payload } = await api.call(method, params);
      if (responseCode !== '00') {
        throw new MethodCallError(
          responseCode,
          responseDescription,
          Object.fromEntries((validationErrors ?? []).map((e: { field: string; description: string }) => [e.field, e.description])),
        );
      }
      return payload;
    };
    const Shell = ({ children }: LayoutProps) => <main>{children}</main>;
    const options: EngineOptions = {
      screens: [{ id: spec.id, route: spec.route, layout: spec.layout, kind: spec.kind, title: spec.title, load: async () => ({ default: spec }) }],
      layouts: { external: Shell, restricted: Shell, clear: Shell, main: Shell },
      guards: { authenticated: () => null },
      callMethod,
      notify: () => undefined,
    };
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { translation: engineEn } }, interpolation: { escapeValue: false } });
    const router = createMemoryRouter(createScreenRoutes(options), { initialEntries: [spec.route] });
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );

    const input = (await screen.findByLabelText(/Nickname/)) as HTMLInputElement;
    await waitFor(() => expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Anna'));

    fireEvent.change(input, { target: { value: 'bad value!' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.filter((c) => c.method === 'profileUpdate')).toEqual([]);

    fireEvent.change(input, { target: { value: 'annaN' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'profileUpdate')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'profileUpdate')!.params).toMatchObject({ profile: { nickname: 'annaN' } });

    const readBack = await api.call('profileInquiry', {});
    expect(readBack.profile.nickname).toBe('annaN');
    expect(readBack.profile.firstName).toBe('Anna');
  });
});
