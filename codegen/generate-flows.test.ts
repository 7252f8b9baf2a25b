import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENGINE_WIDGET_NAMES } from '../engine/schema-form/widget-names.ts';
import { generate } from './generate.ts';
import { copyPerTest, editScreen, failure, listed } from './generate-test-support.ts';

/** Codegen's checks of answer-driven flows, live values, wizard steps and the names an application registers. */
describe('codegen: flows, wizards and registered names', () => {
  const project = copyPerTest();

  describe('answer-driven flows and live values', () => {
    const edit = (name: string, from: string | RegExp, to: string) => editScreen(project.paths, name, from, to);
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
      const { files } = await generate(project.paths);
      const [, send, templates, waiting] = spec(files, 'transfer-p2p').dashboard.sections;
      expect(send!.form!.submit.idempotencyKey).toBe('idempotencyKey');
      expect(waiting!.rowActions![0]!.idempotencyKey).toBe('idempotencyKey');
      expect(templates!.rowActions!.find((action) => action.id === 'delete')!.idempotencyKey).toBeUndefined();
    });

    it('refuses a challenge the application does not register', async () => {
      edit('transfer-p2p.yaml', 'challenge: transfer', 'challenge: transferCode');
      const error = await failure(project.paths);
      expect(error.jsonPath).toBe('/dashboard/sections/1/form/submit/challenge');
      expect(error.detail).toContain(`'transferCode' is not a challenge the application registers (screens/registry.json lists: ${listed('challenges')})`);
    });

    it('refuses a store the application does not keep', async () => {
      edit('login-step.yaml', 'data: { store: signIn, path: step }', 'data: { store: signInPending, path: step }');
      const error = await failure(project.paths);
      expect(error.jsonPath).toBe('/dashboard/sections/0/data/store');
      expect(error.detail).toContain("'signInPending' is not a store the application registers (screens/registry.json lists: signIn)");
    });

    it('refuses a button filling a form the dashboard does not have', async () => {
      edit(
        'transfer-p2p.yaml',
        "fill: send, params: { accountId: ':accountId', toEmail: ':email' }",
        "fill: sending, params: { accountId: ':accountId', toEmail: ':email' }",
      );
      const error = await failure(project.paths);
      expect(error.jsonPath).toBe('/dashboard/sections/0/rowActions/0/fill');
      expect(error.detail).toContain("'sending' is not a form section of this dashboard (its form sections: send)");
    });

    it("refuses a live value's undeclared method, and a field it speaks under that the form does not show", async () => {
      edit('transfer-p2p.yaml', 'method: checkPayee', 'method: payeeCheck');
      expect((await failure(project.paths)).jsonPath).toBe('/dashboard/sections/1/form/live/2/method');
      edit('transfer-p2p.yaml', 'method: payeeCheck', 'method: checkPayee');
      edit('transfer-p2p.yaml', 'field: toEmail\n', 'field: email\n');
      const error = await failure(project.paths);
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
      const error = await failure(project.paths);
      expect(error.file).toBe('screens/transfer-account.yaml');
      expect(error.jsonPath).toMatch(new RegExp(`^/dashboard/sections/0/form/uiSchema/amount/ui:options/checks/[01]${jsonPath}$`));
      expect(error.detail).toContain(detail);
    });

    it('refuses a submit label worded by a field the form lacks, and keeping one it lacks', { timeout: 90_000 }, async () => {
      edit('transfer-account.yaml', '{ when: { field: subscriptionFrequency, present: true }, label', '{ when: { field: frequency, present: true }, label');
      const error = await failure(project.paths);
      expect(error.jsonPath).toBe('/dashboard/sections/0/form/submit/labels/0/when');
      expect(error.detail).toContain("'frequency' is not one of the form's fields");
      edit('transfer-account.yaml', '{ when: { field: frequency, present: true }, label', '{ when: { field: subscriptionFrequency, present: true }, label');
      edit('transfer-account.yaml', 'keepOnDone: [fromAccount, toAccount]', 'keepOnDone: [fromAccount, toAccountId]');
      expect((await failure(project.paths)).jsonPath).toBe('/dashboard/sections/0/form/keepOnDone/1');
    });

    it(
      "refuses a form's button calling an undeclared method or reading a field the form lacks, and a query default for another field",
      { timeout: 90_000 },
      async () => {
        const editActivate = (from: string, to: string) => editScreen(project.paths, 'activate.yaml', from, to);
        editActivate('method: activationCodeResend', 'method: activationResend');
        expect((await failure(project.paths)).jsonPath).toBe('/form/buttons/0/method');
        editActivate('method: activationResend', 'method: activationCodeResend');
        editActivate("params: { username: ':username' }", "params: { username: ':email' }");
        const error = await failure(project.paths);
        expect(error.jsonPath).toBe('/form/buttons/0/params/username');
        expect(error.detail).toContain("'email' is not one of the form's fields (username, activationCode)");
        editActivate("params: { username: ':email' }", "params: { username: ':username' }");
        editActivate('queryDefaults: { username: username,', 'queryDefaults: { email: username,');
        expect((await failure(project.paths)).jsonPath).toBe('/form/queryDefaults/email');
      },
    );
  });

  describe('wizard steps', () => {
    const rewrite = (from: string | RegExp, to: string) => editScreen(project.paths, 'self-certification.yaml', from, to);

    it("refuses a hub item field the list's items do not have", async () => {
      rewrite('fields: [countryCode, taxId, noTaxIdReason]', 'fields: [countryCode, taxNumber, noTaxIdReason]');
      const error = await failure(project.paths);
      expect(error.file).toBe('screens/self-certification.yaml');
      expect(error.jsonPath).toBe('/wizard/steps/1/hub/fields/1');
      expect(error.detail).toContain("'taxNumber' is not a property of the schema");
    });

    it('refuses a hub over a field that is no list of objects', async () => {
      rewrite('fields: [taxResidencies]', 'fields: [usCitizen]');
      rewrite('fields: [usCitizen, usResident, bornInUs]', 'fields: [usResident, bornInUs, taxResidencies]');
      const error = await failure(project.paths);
      expect(error.jsonPath).toBe('/wizard/steps/1/fields/0');
      expect(error.detail).toBe("'usCitizen' is not a list of objects, which a hub edits");
    });

    it('refuses a startAt step that does not exist, and an undeclared method in a step of sections', async () => {
      rewrite('- { step: documents,', '- { step: papers,');
      const start = await failure(project.paths);
      expect(start.jsonPath).toBe('/wizard/startAt/0/step');
      rewrite('- { step: papers,', '- { step: documents,');
      rewrite('method: personalWFormUpload, variant: primary', 'method: personalWFormSign, variant: primary');
      const method = await failure(project.paths);
      expect(method.jsonPath).toBe('/wizard/steps/3/sections/1/actions/0/method');
      expect(method.detail).toContain("'personalWFormSign' is not a declared method");
    });
  });

  describe('names an application registers (screens/registry.json)', () => {
    const edit = (name: string, from: string | RegExp, to: string) => editScreen(project.paths, name, from, to);

    it('refuses a guard the application does not register', async () => {
      edit('login.yaml', 'guard: anonymous', 'guard: anonymus');
      const error = await failure(project.paths);
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
      const error = await failure(project.paths);
      expect(error.file).toBe(`screens/${name}`);
      expect(error.jsonPath).toBe(jsonPath);
      expect(error.detail).toContain(`is not an action the application registers (screens/registry.json lists: ${listed('actions')})`);
    });

    it('refuses a custom component the application does not register', async () => {
      edit('scp.yaml', 'component: ScpRequest', 'component: ScpPage');
      const error = await failure(project.paths);
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
      const error = await failure(project.paths);
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
      const error = await failure(project.paths);
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
      const error = await failure(project.paths);
      expect(error.file).toBe('screens/profile-address-add.yaml');
      expect(error.jsonPath).toMatch(/^\/form\/uiSchema\/countryCode\/ui:options\/when\/any\/1\/all\/0\/not/);
    });

    it("finds a widget in a wizard step's uiSchema, also one named by ui:options", async () => {
      writeFileSync(
        path.join(project.paths.screensDir, 'sign-in-wizard.yaml'),
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
      const error = await failure(project.paths);
      expect(error.file).toBe('screens/sign-in-wizard.yaml');
      expect(error.jsonPath).toBe('/wizard/steps/1/uiSchema/password/ui:options/widget');
      expect(error.detail).toMatch(/^'pin' is neither one of the engine's widgets/);
    });

    it('names the manifest and the JSON path of a name listed without its description', async () => {
      const file = path.join(project.paths.screensDir, 'registry.json');
      const registry = JSON.parse(readFileSync(file, 'utf8'));
      registry.guards.admin = '';
      writeFileSync(file, JSON.stringify(registry));
      const error = await failure(project.paths);
      expect(error.file).toBe('screens/registry.json');
      expect(error.jsonPath).toBe('/guards/admin');
    });
  });
});
