import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import common from '../schemas/entities/common.schema.json' with { type: 'json' };
import { defaultPaths, generate, staleFiles } from './generate.ts';
import { copyPerTest, editScreen, failure, root } from './generate-test-support.ts';

/** Codegen's output, and its refusals of entities, methods and brands (screens: generate-screens and generate-flows). */
describe('codegen', () => {
  const project = copyPerTest();

  it('generates types, the RPC surface, the API bundle, the OpenAPI document, screens and brands', async () => {
    const { files, methods, screens } = await generate(project.paths);
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
    const file = path.join(project.paths.screensDir, 'login.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^layout: .*$/m, 'layout: sidebar'));
    const error = await failure(project.paths);
    expect(error.file).toBe('screens/login.yaml');
    expect(error.jsonPath).toBe('/layout');
    expect(error.message).toMatch(/^screens\/login\.yaml at \/layout \(line \d+\): must be one of: external, restricted, clear, main$/);
  });

  it('refuses a screen field that its schema does not have', async () => {
    const file = path.join(project.paths.screensDir, 'login.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('password', 'passwrd'));
    const error = await failure(project.paths);
    expect(error.file).toBe('screens/login.yaml');
    expect(error.jsonPath).toMatch(/^\/form\/fields\/\d$/);
    expect(error.detail).toContain("'passwrd' is not a property");
  });

  it("resolves a custom screen's forms to their narrowed schemas, and refuses a field the schema lacks", async () => {
    const { files } = await generate(project.paths);
    const spec = JSON.parse(files['screens/setting.json']!);
    expect(spec.custom.forms.confirm.schema.properties).toEqual({ code: expect.objectContaining({ pattern: '^[0-9]{6}$' }) });
    expect(spec.custom.forms.confirm.schema.required).toEqual(['code']);
    editScreen(project.paths, 'setting.yaml', 'fields: [code]', 'fields: [cod]');
    const error = await failure(project.paths);
    expect(error.file).toBe('screens/setting.yaml');
    expect(error.jsonPath).toBe('/custom/forms/confirm/fields/0');
    expect(error.detail).toContain("'cod' is not a property");
  });

  it('refuses a screen that calls an undeclared method', async () => {
    const file = path.join(project.paths.screensDir, 'home.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('balanceInquiry', 'balanceInquiryy'));
    const error = await failure(project.paths);
    expect(error.file).toBe('screens/home.yaml');
    expect(error.jsonPath).toMatch(/\/data\/method$/);
  });

  it('names the file and JSON path of an invalid entity schema', async () => {
    const file = path.join(project.paths.schemasDir, 'entities/account.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties.balance = { type: 'money' };
    writeFileSync(file, JSON.stringify(schema));
    const error = await failure(project.paths);
    expect(error.file).toBe('schemas/entities/account.schema.json');
    expect(error.jsonPath).toBe('/properties/balance/type');
  });

  it('names the $ref that points nowhere', async () => {
    const file = path.join(project.paths.schemasDir, 'api/methods/balanceInquiry.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('account.schema.json', 'acount.schema.json'));
    const error = await failure(project.paths);
    expect(error.file).toBe('schemas/api/methods/balanceInquiry.json');
    expect(error.jsonPath).toBe('/response/properties/accounts/items/$ref');
  });

  it('refuses a method declaration whose name differs from its file', async () => {
    const file = path.join(project.paths.schemasDir, 'api/methods/profileInquiry.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"name": "profileInquiry"', '"name": "profileQuery"'));
    const error = await failure(project.paths);
    expect(error.jsonPath).toBe('/name');
  });

  it('refuses a customer method that does not say which business right it needs', async () => {
    const file = path.join(project.paths.schemasDir, 'api/methods/phoneAdd.json');
    const { businessRight: _right, ...declaration } = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(declaration));
    const error = await failure(project.paths);
    expect(error.file).toMatch(/phoneAdd\.json$/);
    expect(error.message).toMatch(/businessRight/);
  });

  it('puts the database limits into every request: ids within integer, text without NUL or lone surrogates', async () => {
    const { files } = await generate(project.paths);
    const bundle = JSON.parse(files['api-bundle.json']!);
    const request = bundle.methods.fundingInvoiceCreate.request;
    expect(request.properties.accountId).toMatchObject({ minimum: 1, maximum: 2147483647 });
    expect(request.properties.amount.pattern).toBe('^-?(0|[1-9][0-9]{0,9})(\\.[0-9]{1,8})?$');
    const address = bundle.methods.addressAdd.request.allOf[0].properties;
    expect(address.address1.pattern).toBe(common.$defs.RequiredText.pattern); // minLength 1: not blank either
    expect(address.address2.pattern).toBe(common.$defs.Text.pattern);
  });

  it('refuses a money-moving method whose request does not require an idempotency key', async () => {
    const file = path.join(project.paths.schemasDir, 'api/methods/p2pTransfer.json');
    const declaration = JSON.parse(readFileSync(file, 'utf8'));
    declaration.request.required = declaration.request.required.filter((name: string) => name !== 'idempotencyKey');
    writeFileSync(file, JSON.stringify(declaration));
    const error = await failure(project.paths);
    expect(error.jsonPath).toBe('/request');
    expect(error.message).toMatch(/idempotencyKey/);
  });

  it('refuses a brand that breaks the brand schema', async () => {
    const file = path.join(project.paths.brandsDir, 'paxum/brand.json');
    const brand = JSON.parse(readFileSync(file, 'utf8'));
    brand.languages = ['en', 'de'];
    writeFileSync(file, JSON.stringify(brand));
    const error = await failure(project.paths);
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
