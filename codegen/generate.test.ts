import { describe, expect, it, beforeEach } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import common from '../schemas/entities/common.schema.json' with { type: 'json' };
import registry from '../screens/registry.json' with { type: 'json' };
import { ENGINE_WIDGET_NAMES } from '../engine/schema-form/widget-names.ts';
import { CodegenError } from './errors.ts';
import { defaultPaths, generate, staleFiles } from './generate.ts';
import type { CodegenPaths } from './files.ts';

/** The names screens/registry.json lists of one kind, as codegen's message words them. */
const listed = (kind: 'actions' | 'challenges' | 'components' | 'widgets') => Object.keys(registry[kind]).sort().join(', ');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A private copy of schemas/, screens/ and brands/ that a test may break. */
function copyOfProject(): CodegenPaths {
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

async function failure(paths: CodegenPaths): Promise<CodegenError> {
  const error = await generate(paths).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CodegenError);
  return error as CodegenError;
}

/** Replaces `from` with `to` in one spec of the copy, failing the test if nothing changed (a stale `from`). */
function editScreen(paths: CodegenPaths, name: string, from: string | RegExp, to: string): void {
  const file = path.join(paths.screensDir, name);
  const before = readFileSync(file, 'utf8');
  writeFileSync(file, before.replace(from, to));
  expect(readFileSync(file, 'utf8')).not.toBe(before);
}

describe('codegen', () => {
  let paths: CodegenPaths;
  beforeEach(() => {
    paths = copyOfProject();
    return () => rmSync(paths.root, { recursive: true, force: true });
  });

  it('generates types, the RPC surface, the API bundle, the OpenAPI document, screens and brands', async () => {
    const { files, methods, screens } = await generate(paths);
    expect(methods).toBeGreaterThanOrEqual(4);
    expect(screens).toBeGreaterThanOrEqual(2);
    expect(files['methods.ts']).toContain('export type RpcHandlerMap<Ctx>');
    expect(files['methods.ts']).toContain('balanceInquiry: { request: BalanceInquiryRequest; response: BalanceInquiryResponse }');
    const bundle = JSON.parse(files['api-bundle.json']!);
    expect(JSON.stringify(bundle.methods.profileUpdate.request)).not.toContain('$ref');
    const openapi = JSON.parse(files['openapi.json']!);
    expect(openapi.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/auth/login', '/auth/token', '/auth/refresh', '/auth/logout', '/api/balanceInquiry']));
    // Each method is its own operation, with who may call it declared as its security.
    expect(openapi.paths['/api/balanceInquiry'].post).toMatchObject({ operationId: 'balanceInquiry', security: [{ bearer: [] }] });
    expect(openapi.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(files['screens.ts']).toContain('route: "/login"');
  });

  it('names the file, the JSON path and the line of an invalid screen spec', async () => {
    const file = path.join(paths.screensDir, 'login.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^layout: .*$/m, 'layout: sidebar'));
    const error = await failure(paths);
    expect(error.file).toBe('screens/login.yaml');
    expect(error.jsonPath).toBe('/layout');
    expect(error.message).toMatch(/^screens\/login\.yaml at \/layout \(line \d+\): must be one of: external, restricted, clear, main$/);
  });

  it('refuses a screen field that its schema does not have', async () => {
    const file = path.join(paths.screensDir, 'login.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('password', 'passwrd'));
    const error = await failure(paths);
    expect(error.file).toBe('screens/login.yaml');
    expect(error.jsonPath).toMatch(/^\/form\/fields\/\d$/);
    expect(error.detail).toContain("'passwrd' is not a property");
  });

  it("resolves a custom screen's forms to their narrowed schemas, and refuses a field the schema lacks", async () => {
    const { files } = await generate(paths);
    const spec = JSON.parse(files['screens/setting.json']!);
    expect(spec.custom.forms.confirm.schema.properties).toEqual({ code: expect.objectContaining({ pattern: '^[0-9]{6}$' }) });
    expect(spec.custom.forms.confirm.schema.required).toEqual(['code']);
    editScreen(paths, 'setting.yaml', 'fields: [code]', 'fields: [cod]');
    const error = await failure(paths);
    expect(error.file).toBe('screens/setting.yaml');
    expect(error.jsonPath).toBe('/custom/forms/confirm/fields/0');
    expect(error.detail).toContain("'cod' is not a property");
  });

  it('refuses a screen that calls an undeclared method', async () => {
    const file = path.join(paths.screensDir, 'home.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('balanceInquiry', 'balanceInquiryy'));
    const error = await failure(paths);
    expect(error.file).toBe('screens/home.yaml');
    expect(error.jsonPath).toMatch(/\/data\/method$/);
  });

  describe('tab groups and dashboard sections', () => {
    const rewrite = (name: string, from: string | RegExp, to: string) => editScreen(paths, name, from, to);

    it('refuses a tab group that has no file, naming the file to add', async () => {
      rewrite('ip-access.yaml', 'tabs: security', 'tabs: safety');
      const error = await failure(paths);
      expect(error.file).toBe('screens/ip-access.yaml');
      expect(error.jsonPath).toBe('/tabs');
      expect(error.detail).toBe("'safety' is not a tab group (add screens/tab-groups/safety.yaml)");
    });

    it('checks a tab group against its schema, naming its own file', async () => {
      writeFileSync(
        path.join(paths.screensDir, 'tab-groups', 'security.yaml'),
        'label: security.links.label\nitems:\n  - { label: a, to: nowhere }\n  - { label: b, to: /b }\n',
      );
      const error = await failure(paths);
      expect(error.file).toBe('screens/tab-groups/security.yaml');
      expect(error.jsonPath).toBe('/items/0/to');
    });

    it("refuses an undeclared method on a result's file button", async () => {
      rewrite('transfer-p2p.yaml', 'method: transferReceiptPdf', 'method: transferReceipt');
      const error = await failure(paths);
      expect(error.file).toBe('screens/transfer-p2p.yaml');
      expect(error.jsonPath).toBe('/dashboard/sections/1/form/submit/result/file/method');
      expect(error.detail).toContain("'transferReceipt' is not a declared method");
    });

    it('refuses a REST operation the OpenAPI document does not declare with its access', async () => {
      rewrite('merchant-api-key.yaml', 'method: DELETE /public-api/apikey/{id}', 'method: DELETE /public-api/apikeys/{id}');
      const error = await failure(paths);
      expect(error.file).toBe('screens/merchant-api-key.yaml');
      expect(error.jsonPath).toBe('/dashboard/sections/1/rowActions/2/method');
      expect(error.detail).toContain("'DELETE /public-api/apikeys/{id}' is not an operation of schemas/api/rest.openapi.json");
    });

    it("refuses a field a form section's schema does not have, and an undeclared method on a row action", async () => {
      rewrite('payout-blacklist.yaml', 'fields: [email, blockType]', 'fields: [email, blockKind]');
      const field = await failure(paths);
      expect(field.jsonPath).toBe('/dashboard/sections/0/form/fields/1');
      rewrite('payout-blacklist.yaml', 'fields: [email, blockKind]', 'fields: [email, blockType]');
      rewrite('payout-blacklist.yaml', 'method: blacklistDelete', 'method: blacklistRemove');
      const method = await failure(paths);
      expect(method.jsonPath).toBe('/dashboard/sections/1/rowActions/0/method');
      expect(method.detail).toContain("'blacklistRemove' is not a declared method");
    });

    it("refuses a form that starts from its section's data where the section has none", async () => {
      rewrite('card-rename.yaml', /(- id: name\n\s+kind: form\n)\s+data: .*\n\s+when: .*\n/, '$1');
      const error = await failure(paths);
      expect(error.file).toBe('screens/card-rename.yaml');
      expect(error.jsonPath).toBe('/dashboard/sections/1/form/startFromData');
      expect(error.detail).toContain("needs the section's 'data'");
    });

    it('refuses a tile field the entity does not have, and an idempotency key the request does not carry', async () => {
      rewrite('cards-physical.yaml', 'footer: [{ field: cardExpiry,', 'footer: [{ field: cardExpires,');
      const field = await failure(paths);
      expect(field.file).toBe('screens/cards-physical.yaml');
      expect(field.jsonPath).toBe('/dashboard/sections/0/card/art/footer/0/field');
      expect(field.detail).toContain("'cardExpires' is not a property of the entity");
      rewrite('cards-physical.yaml', 'footer: [{ field: cardExpires,', 'footer: [{ field: cardExpiry,');
      rewrite('cards-physical.yaml', 'title: { field: cardAliasName,', 'title: { field: cardAlias,');
      expect((await failure(paths)).jsonPath).toBe('/dashboard/sections/0/card/title/field');
      rewrite('cards-physical.yaml', 'title: { field: cardAlias,', 'title: { field: cardAliasName,');
      rewrite('cards-physical.yaml', 'idempotencyKey: idempotencyKey', 'idempotencyKey: requestKey');
      const key = await failure(paths);
      expect(key.jsonPath).toBe('/dashboard/sections/0/card/actions/4/idempotencyKey');
      expect(key.detail).toBe("'requestKey' is not a field of cardBlock's request");
    });

    it("refuses a group field the entity lacks, and a tile list's column its entries lack", async () => {
      rewrite('limited-account.yaml', 'field: reasonId', 'field: reason');
      const group = await failure(paths);
      expect(group.file).toBe('screens/limited-account.yaml');
      expect(group.jsonPath).toBe('/dashboard/sections/1/groupBy/field');
      expect(group.detail).toContain("'reason' is not a property of the entity");
      rewrite('limited-account.yaml', 'field: reason\n', 'field: reasonId\n');
      rewrite('limited-account.yaml', '{ field: uploaded, format: date }', '{ field: uploadedAt, format: date }');
      const column = await failure(paths);
      expect(column.jsonPath).toBe('/dashboard/sections/1/card/list/columns/1/field');
      expect(column.detail).toContain("'uploadedAt' is not a property of the entity");
    });

    it("refuses a tile form's field its schema lacks", async () => {
      rewrite('limited-account.yaml', 'fields: [requirementId, file]', 'fields: [requirementId, scan]');
      expect((await failure(paths)).jsonPath).toBe('/dashboard/sections/1/card/form/fields/1');
    });

    it('refuses a condition the meta-schema does not know', async () => {
      rewrite('ip-access.yaml', 'when: { field: enabled, equals: false }', 'when: { field: enabled, is: false }');
      const error = await failure(paths);
      expect(error.file).toBe('screens/ip-access.yaml');
      expect(error.jsonPath).toMatch(/^\/dashboard\/sections\/0\/actions\/0\/when/);
    });
  });

  describe('answer-driven flows and live values', () => {
    const edit = (name: string, from: string | RegExp, to: string) => editScreen(paths, name, from, to);
    interface Call {
      id?: string;
      idempotencyKey?: string;
    }
    interface Section {
      form?: { submit: Call };
      rowActions?: Call[];
    }
    const spec = (files: Record<string, string>, id: string) => JSON.parse(files[`screens/${id}.json`]!) as { dashboard: { sections: Section[] } };

    it('gives the submits and buttons of money-moving methods their idempotency key, and no others', async () => {
      const { files } = await generate(paths);
      const [, send, templates, waiting] = spec(files, 'transfer-p2p').dashboard.sections;
      expect(send!.form!.submit.idempotencyKey).toBe('idempotencyKey');
      expect(waiting!.rowActions![0]!.idempotencyKey).toBe('idempotencyKey');
      expect(templates!.rowActions!.find((action) => action.id === 'delete')!.idempotencyKey).toBeUndefined();
    });

    it('refuses a challenge the application does not register', async () => {
      edit('transfer-p2p.yaml', 'challenge: transfer', 'challenge: transferCode');
      const error = await failure(paths);
      expect(error.jsonPath).toBe('/dashboard/sections/1/form/submit/challenge');
      expect(error.detail).toContain(`'transferCode' is not a challenge the application registers (screens/registry.json lists: ${listed('challenges')})`);
    });

    it('refuses a store the application does not keep', async () => {
      edit('login-step.yaml', 'data: { store: signIn, path: step }', 'data: { store: signInPending, path: step }');
      const error = await failure(paths);
      expect(error.jsonPath).toBe('/dashboard/sections/0/data/store');
      expect(error.detail).toContain("'signInPending' is not a store the application registers (screens/registry.json lists: signIn)");
    });

    it('refuses a button filling a form the dashboard does not have', async () => {
      edit(
        'transfer-p2p.yaml',
        "fill: send, params: { accountId: ':accountId', toEmail: ':email' }",
        "fill: sending, params: { accountId: ':accountId', toEmail: ':email' }",
      );
      const error = await failure(paths);
      expect(error.jsonPath).toBe('/dashboard/sections/0/rowActions/0/fill');
      expect(error.detail).toContain("'sending' is not a form section of this dashboard (its form sections: send)");
    });

    it("refuses a live value's undeclared method, and a field it speaks under that the form does not show", async () => {
      edit('transfer-p2p.yaml', 'method: checkPayee', 'method: payeeCheck');
      expect((await failure(paths)).jsonPath).toBe('/dashboard/sections/1/form/live/2/method');
      edit('transfer-p2p.yaml', 'method: payeeCheck', 'method: checkPayee');
      edit('transfer-p2p.yaml', 'field: toEmail\n', 'field: email\n');
      const error = await failure(paths);
      expect(error.jsonPath).toBe('/dashboard/sections/1/form/live/2/message/field');
      expect(error.detail).toContain("'email' is not one of the form's fields");
    });

    it.each([
      [
        'a live value the form lacks',
        "gt: ':live.limits.perTransactionMax'",
        "gt: ':live.limit.perTransactionMax'",
        '/when',
        "'limit' is not a live value of this form",
      ],
      ['a field the form lacks', 'field: live.most.maxAmount, format', 'field: maxAmount, format', '/values/amount/field', "'maxAmount' is neither a field"],
      [
        'a live value that sends the field checked',
        "gt: ':live.most.maxAmount'",
        "gt: ':live.quote.amount'",
        '/when',
        "live value 'quote' sends 'amount', so it is not asked while this check speaks",
      ],
    ])('refuses a field check reading %s', { timeout: 90_000 }, async (_what, from, to, jsonPath, detail) => {
      edit('transfer-account.yaml', from, to);
      const error = await failure(paths);
      expect(error.file).toBe('screens/transfer-account.yaml');
      expect(error.jsonPath).toMatch(new RegExp(`^/dashboard/sections/0/form/uiSchema/amount/ui:options/checks/[01]${jsonPath}$`));
      expect(error.detail).toContain(detail);
    });

    it('refuses a submit label worded by a field the form lacks, and keeping one it lacks', { timeout: 90_000 }, async () => {
      edit('transfer-account.yaml', '{ when: { field: subscriptionFrequency, present: true }, label', '{ when: { field: frequency, present: true }, label');
      const error = await failure(paths);
      expect(error.jsonPath).toBe('/dashboard/sections/0/form/submit/labels/0/when');
      expect(error.detail).toContain("'frequency' is not one of the form's fields");
      edit('transfer-account.yaml', '{ when: { field: frequency, present: true }, label', '{ when: { field: subscriptionFrequency, present: true }, label');
      edit('transfer-account.yaml', 'keepOnDone: [fromAccount, toAccount]', 'keepOnDone: [fromAccount, toAccountId]');
      expect((await failure(paths)).jsonPath).toBe('/dashboard/sections/0/form/keepOnDone/1');
    });

    it(
      "refuses a form's button calling an undeclared method or reading a field the form lacks, and a query default for another field",
      { timeout: 90_000 },
      async () => {
        const editActivate = (from: string, to: string) => editScreen(paths, 'activate.yaml', from, to);
        editActivate('method: activationCodeResend', 'method: activationResend');
        expect((await failure(paths)).jsonPath).toBe('/form/buttons/0/method');
        editActivate('method: activationResend', 'method: activationCodeResend');
        editActivate("params: { username: ':username' }", "params: { username: ':email' }");
        const error = await failure(paths);
        expect(error.jsonPath).toBe('/form/buttons/0/params/username');
        expect(error.detail).toContain("'email' is not one of the form's fields (username, activationCode)");
        editActivate("params: { username: ':email' }", "params: { username: ':username' }");
        editActivate('queryDefaults: { username: username,', 'queryDefaults: { email: username,');
        expect((await failure(paths)).jsonPath).toBe('/form/queryDefaults/email');
      },
    );
  });

  it("refuses a fileSet file the list's items lack, and a source filtered by a field the form lacks", async () => {
    editScreen(paths, 'add-card.yaml', '- { field: stampPage, label:', '- { field: stamp, label:');
    let error = await failure(paths);
    expect(error.jsonPath).toBe('/form/uiSchema/documents/ui:options/files/2/field');
    expect(error.detail).toContain("'stamp' is not a field of the items of 'documents' (they have: documentType, front, back, stampPage)");
    editScreen(paths, 'add-card.yaml', '- { field: stamp, label:', '- { field: stampPage, label:');
    editScreen(paths, 'add-card.yaml', "equals: ':cardIsVirtual'", "equals: ':virtual'");
    error = await failure(paths);
    expect(error.jsonPath).toBe('/form/uiSchema/productType/ui:options/source/where/equals');
    expect(error.detail).toContain("'virtual' is not a field of this form");
  });

  describe('wizard steps', () => {
    const rewrite = (from: string | RegExp, to: string) => editScreen(paths, 'self-certification.yaml', from, to);

    it("refuses a hub item field the list's items do not have", async () => {
      rewrite('fields: [countryCode, taxId, noTaxIdReason]', 'fields: [countryCode, taxNumber, noTaxIdReason]');
      const error = await failure(paths);
      expect(error.file).toBe('screens/self-certification.yaml');
      expect(error.jsonPath).toBe('/wizard/steps/1/hub/fields/1');
      expect(error.detail).toContain("'taxNumber' is not a property of the schema");
    });

    it('refuses a hub over a field that is no list of objects', async () => {
      rewrite('fields: [taxResidencies]', 'fields: [usCitizen]');
      rewrite('fields: [usCitizen, usResident, bornInUs]', 'fields: [usResident, bornInUs, taxResidencies]');
      const error = await failure(paths);
      expect(error.jsonPath).toBe('/wizard/steps/1/fields/0');
      expect(error.detail).toBe("'usCitizen' is not a list of objects, which a hub edits");
    });

    it('refuses a startAt step that does not exist, and an undeclared method in a step of sections', async () => {
      rewrite('- { step: documents,', '- { step: papers,');
      const start = await failure(paths);
      expect(start.jsonPath).toBe('/wizard/startAt/0/step');
      rewrite('- { step: papers,', '- { step: documents,');
      rewrite('method: personalWFormUpload, variant: primary', 'method: personalWFormSign, variant: primary');
      const method = await failure(paths);
      expect(method.jsonPath).toBe('/wizard/steps/3/sections/1/actions/0/method');
      expect(method.detail).toContain("'personalWFormSign' is not a declared method");
    });
  });

  describe('a route whose values are listed (routeValues)', () => {
    it.each([
      [
        'a listed value on the address of another screen',
        '    interac: {',
        '    p2p: { params: { transferType: p2p } }\n    interac: {',
        '/routeValues',
        "'/transfer/mass/p2p' is already the route of screens/mass-p2p.yaml",
      ],
      [
        'a parameter the route lacks',
        'routeValues:\n  rail:',
        'routeValues:\n  method:',
        '/routeValues/method',
        "'method' is not a parameter of the route '/transfer/mass/:rail'",
      ],
      ['a menu entry', 'layout: main\n', 'layout: main\nnav: { order: 99 }\n', '/nav', "a screen with 'routeValues' has one address per listed value"],
    ])('refuses %s', { timeout: 90_000 }, async (_what, from, to, jsonPath, detail) => {
      editScreen(paths, 'mass-rail.yaml', from, to);
      const error = await failure(paths);
      expect(error.file).toBe('screens/mass-rail.yaml');
      expect(error.jsonPath).toBe(jsonPath);
      expect(error.detail).toContain(detail);
    });
  });

  describe('names an application registers (screens/registry.json)', () => {
    const edit = (name: string, from: string | RegExp, to: string) => editScreen(paths, name, from, to);

    it('refuses a guard the application does not register', async () => {
      edit('login.yaml', 'guard: anonymous', 'guard: anonymus');
      const error = await failure(paths);
      expect(error.file).toBe('screens/login.yaml');
      expect(error.jsonPath).toBe('/guard');
      expect(error.message).toMatch(
        /^screens\/login\.yaml at \/guard \(line \d+\): 'anonymus' is not a guard the application registers \(screens\/registry\.json lists: admin, anonymous, /,
      );
    });

    it.each([
      ['a form submit', 'login.yaml', 'action: signIn', 'action: logIn', '/form/submit/action'],
      ['a header button', 'news.yaml', /^title: .*$/m, '$&\nactions: [{ id: export, label: actions.export, action: exportAll }]', '/actions/0/action'],
    ])('refuses an action the application does not register, on %s', async (_where, name, from, to, jsonPath) => {
      edit(name, from, to);
      const error = await failure(paths);
      expect(error.file).toBe(`screens/${name}`);
      expect(error.jsonPath).toBe(jsonPath);
      expect(error.detail).toContain(`is not an action the application registers (screens/registry.json lists: ${listed('actions')})`);
    });

    it('refuses a custom component the application does not register', async () => {
      edit('scp.yaml', 'component: ScpRequest', 'component: ScpPage');
      const error = await failure(paths);
      expect(error.file).toBe('screens/scp.yaml');
      expect(error.jsonPath).toBe('/custom/component');
      expect(error.detail).toContain(`'ScpPage' is not a component the application registers (screens/registry.json lists: ${listed('components')})`);
    });

    it.each([
      ['a form uiSchema', 'login.yaml', 'ui:widget: password', 'ui:widget: secret', '/form/uiSchema/password/ui:widget', 'secret'],
      [
        'table filters, with a widget only rjsf has',
        'history.yaml',
        'ui:widget: email',
        'ui:widget: radio',
        '/table/filters/uiSchema/email/ui:widget',
        'radio',
      ],
    ])('refuses a widget neither the engine nor the application has, in %s', async (_where, name, from, to, jsonPath, widget) => {
      edit(name, from, to);
      const error = await failure(paths);
      expect(error.file).toBe(`screens/${name}`);
      expect(error.jsonPath).toBe(jsonPath);
      expect(error.detail).toContain(
        `'${widget}' is neither one of the engine's widgets (${ENGINE_WIDGET_NAMES.join(', ')}) nor a widget the application registers (screens/registry.json lists: ${listed('widgets')})`,
      );
    });

    it.each([
      [
        'an undeclared dictionary',
        'method: countries, path',
        'method: countryList, path',
        '/form/uiSchema/countryCode/ui:options/source/method',
        "'countryList' is not a declared method",
      ],
      [
        'a param reading no field of the form',
        'path: countries }',
        "path: countries, params: { region: ':continent' } }",
        '/form/uiSchema/countryCode/ui:options/source/params/region',
        "'continent' is not a field of this form (it has: addressType, ",
      ],
      [
        'a when reading no field of the form',
        'source: { method: countries, path: countries }',
        'when: { field: country, present: true }',
        '/form/uiSchema/countryCode/ui:options/when',
        "'country' is not a field of this form",
      ],
      [
        'a nested when reading no field of the form',
        'source: { method: countries, path: countries }',
        'when: { any: [{ field: addressType, equals: home }, { all: [{ field: addressType, equals: work }, { field: country, present: true }] }] }',
        '/form/uiSchema/countryCode/ui:options/when',
        "'country' is not a field of this form",
      ],
      [
        'a when comparing amounts',
        'source: { method: countries, path: countries }',
        'when: { field: addressType, gt: 1 }',
        '/form/uiSchema/countryCode/ui:options/when',
        "'gt' cannot decide whether a form field is shown or required",
      ],
    ])('refuses a field option naming %s', async (_what, from, to, jsonPath, detail) => {
      edit('profile-address-add.yaml', from, to);
      const error = await failure(paths);
      expect(error.file).toBe('screens/profile-address-add.yaml');
      expect(error.jsonPath).toBe(jsonPath);
      expect(error.detail).toContain(detail);
    });

    it('refuses a part of a nested when that is no condition, at its own path', async () => {
      edit(
        'profile-address-add.yaml',
        'source: { method: countries, path: countries }',
        'when: { any: [{ field: addressType, equals: home }, { all: [{ not: { field: addressType, equal: work } }] }] }',
      );
      const error = await failure(paths);
      expect(error.file).toBe('screens/profile-address-add.yaml');
      expect(error.jsonPath).toMatch(/^\/form\/uiSchema\/countryCode\/ui:options\/when\/any\/1\/all\/0\/not/);
    });

    it("finds a widget in a wizard step's uiSchema, also one named by ui:options", async () => {
      writeFileSync(
        path.join(paths.screensDir, 'sign-in-wizard.yaml'),
        [
          'id: sign-in-wizard',
          'route: /sign-in-wizard',
          'layout: external',
          'title: screens.login.title',
          'kind: wizard',
          'wizard:',
          '  schema: api/rest.openapi.json#/components/schemas/LoginRequest',
          '  steps:',
          '    - { id: who, title: steps.who, fields: [username], uiSchema: { username: { ui:widget: email } } }',
          '    - { id: secret, title: steps.secret, fields: [password], uiSchema: { password: { ui:options: { widget: pin } } } }',
          '  submit: { action: signIn }',
        ].join('\n'),
      );
      const error = await failure(paths);
      expect(error.file).toBe('screens/sign-in-wizard.yaml');
      expect(error.jsonPath).toBe('/wizard/steps/1/uiSchema/password/ui:options/widget');
      expect(error.detail).toMatch(/^'pin' is neither one of the engine's widgets/);
    });

    it('names the manifest and the JSON path of a name listed without its description', async () => {
      const file = path.join(paths.screensDir, 'registry.json');
      const registry = JSON.parse(readFileSync(file, 'utf8'));
      registry.guards.admin = '';
      writeFileSync(file, JSON.stringify(registry));
      const error = await failure(paths);
      expect(error.file).toBe('screens/registry.json');
      expect(error.jsonPath).toBe('/guards/admin');
    });
  });

  it('names the file and JSON path of an invalid entity schema', async () => {
    const file = path.join(paths.schemasDir, 'entities/account.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties.balance = { type: 'money' };
    writeFileSync(file, JSON.stringify(schema));
    const error = await failure(paths);
    expect(error.file).toBe('schemas/entities/account.schema.json');
    expect(error.jsonPath).toBe('/properties/balance/type');
  });

  it('names the $ref that points nowhere', async () => {
    const file = path.join(paths.schemasDir, 'api/methods/balanceInquiry.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('account.schema.json', 'acount.schema.json'));
    const error = await failure(paths);
    expect(error.file).toBe('schemas/api/methods/balanceInquiry.json');
    expect(error.jsonPath).toBe('/response/properties/accounts/items/$ref');
  });

  it('refuses a method declaration whose name differs from its file', async () => {
    const file = path.join(paths.schemasDir, 'api/methods/profileInquiry.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"name": "profileInquiry"', '"name": "profileQuery"'));
    const error = await failure(paths);
    expect(error.jsonPath).toBe('/name');
  });

  it('refuses a customer method that does not say which business right it needs', async () => {
    const file = path.join(paths.schemasDir, 'api/methods/phoneAdd.json');
    const { businessRight: _right, ...declaration } = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(declaration));
    const error = await failure(paths);
    expect(error.file).toMatch(/phoneAdd\.json$/);
    expect(error.message).toMatch(/businessRight/);
  });

  it('puts the database limits into every request: ids within integer, text without NUL or lone surrogates', async () => {
    const { files } = await generate(paths);
    const bundle = JSON.parse(files['api-bundle.json']!);
    const request = bundle.methods.fundingInvoiceCreate.request;
    expect(request.properties.accountId).toMatchObject({ minimum: 1, maximum: 2147483647 });
    expect(request.properties.amount.pattern).toBe('^-?(0|[1-9][0-9]{0,9})(\\.[0-9]{1,8})?$');
    const address = bundle.methods.addressAdd.request.allOf[0].properties;
    expect(address.address1.pattern).toBe(common.$defs.RequiredText.pattern); // minLength 1: not blank either
    expect(address.address2.pattern).toBe(common.$defs.Text.pattern);
  });

  it('refuses a money-moving method whose request does not require an idempotency key', async () => {
    const file = path.join(paths.schemasDir, 'api/methods/p2pTransfer.json');
    const declaration = JSON.parse(readFileSync(file, 'utf8'));
    declaration.request.required = declaration.request.required.filter((name: string) => name !== 'idempotencyKey');
    writeFileSync(file, JSON.stringify(declaration));
    const error = await failure(paths);
    expect(error.jsonPath).toBe('/request');
    expect(error.message).toMatch(/idempotencyKey/);
  });

  it('refuses a brand that breaks the brand schema', async () => {
    const file = path.join(paths.brandsDir, 'paxum/brand.json');
    const brand = JSON.parse(readFileSync(file, 'utf8'));
    brand.languages = ['en', 'de'];
    writeFileSync(file, JSON.stringify(brand));
    const error = await failure(paths);
    expect(error.file).toBe('brands/paxum/brand.json');
    expect(error.jsonPath).toBe('/languages/1');
  });
});

describe('generated/', () => {
  it('is what codegen makes of the current schemas, specs and brands (run npm run codegen when this fails)', async () => {
    const paths = defaultPaths(root);
    const { files } = await generate({ ...paths, outDir: path.join(root, 'generated') });
    expect(staleFiles(path.join(root, 'generated'), files)).toEqual([]);
  });
});
