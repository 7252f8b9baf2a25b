import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyPerTest, editScreen, failure } from './generate-test-support.ts';

/** Codegen's checks of screen specs: tab groups, dashboard sections, file sets and listed route values. */
describe('codegen: screens', () => {
  const project = copyPerTest();

  describe('tab groups and dashboard sections', () => {
    const rewrite = (name: string, from: string | RegExp, to: string) => editScreen(project.paths, name, from, to);

    it('refuses a tab group that has no file, naming the file to add', async () => {
      rewrite('ip-access.yaml', 'tabs: security', 'tabs: safety');
      const error = await failure(project.paths);
      expect(error.file).toBe('screens/ip-access.yaml');
      expect(error.jsonPath).toBe('/tabs');
      expect(error.detail).toBe("'safety' is not a tab group (add screens/tab-groups/safety.yaml)");
    });

    it('checks a tab group against its schema, naming its own file', async () => {
      writeFileSync(
        path.join(project.paths.screensDir, 'tab-groups', 'security.yaml'),
        'label: security.links.label\nitems:\n  - { label: a, to: nowhere }\n  - { label: b, to: /b }\n',
      );
      const error = await failure(project.paths);
      expect(error.file).toBe('screens/tab-groups/security.yaml');
      expect(error.jsonPath).toBe('/items/0/to');
    });

    it("refuses an undeclared method on a result's file button", async () => {
      rewrite('transfer-p2p.yaml', 'method: transferReceiptPdf', 'method: transferReceipt');
      const error = await failure(project.paths);
      expect(error.file).toBe('screens/transfer-p2p.yaml');
      expect(error.jsonPath).toBe('/dashboard/sections/1/form/submit/result/file/method');
      expect(error.detail).toContain("'transferReceipt' is not a declared method");
    });

    it('refuses a REST operation the OpenAPI document does not declare with its access', async () => {
      rewrite('merchant-api-key.yaml', 'method: DELETE /public-api/apikey/{id}', 'method: DELETE /public-api/apikeys/{id}');
      const error = await failure(project.paths);
      expect(error.file).toBe('screens/merchant-api-key.yaml');
      expect(error.jsonPath).toBe('/dashboard/sections/1/rowActions/2/method');
      expect(error.detail).toContain("'DELETE /public-api/apikeys/{id}' is not an operation of schemas/api/rest.openapi.json");
    });

    it("refuses a field a form section's schema does not have, and an undeclared method on a row action", async () => {
      rewrite('payout-blacklist.yaml', 'fields: [email, blockType]', 'fields: [email, blockKind]');
      const field = await failure(project.paths);
      expect(field.jsonPath).toBe('/dashboard/sections/0/form/fields/1');
      rewrite('payout-blacklist.yaml', 'fields: [email, blockKind]', 'fields: [email, blockType]');
      rewrite('payout-blacklist.yaml', 'method: blacklistDelete', 'method: blacklistRemove');
      const method = await failure(project.paths);
      expect(method.jsonPath).toBe('/dashboard/sections/1/rowActions/0/method');
      expect(method.detail).toContain("'blacklistRemove' is not a declared method");
    });

    it("refuses a form that starts from its section's data where the section has none", async () => {
      rewrite('card-rename.yaml', /(- id: name\n\s+kind: form\n)\s+data: .*\n\s+when: .*\n/, '$1');
      const error = await failure(project.paths);
      expect(error.file).toBe('screens/card-rename.yaml');
      expect(error.jsonPath).toBe('/dashboard/sections/1/form/startFromData');
      expect(error.detail).toContain("needs the section's 'data'");
    });

    it('refuses a tile field the entity does not have, and an idempotency key the request does not carry', async () => {
      rewrite('cards-physical.yaml', 'footer: [{ field: cardExpiry,', 'footer: [{ field: cardExpires,');
      const field = await failure(project.paths);
      expect(field.file).toBe('screens/cards-physical.yaml');
      expect(field.jsonPath).toBe('/dashboard/sections/0/card/art/footer/0/field');
      expect(field.detail).toContain("'cardExpires' is not a property of the entity");
      rewrite('cards-physical.yaml', 'footer: [{ field: cardExpires,', 'footer: [{ field: cardExpiry,');
      rewrite('cards-physical.yaml', 'title: { field: cardAliasName,', 'title: { field: cardAlias,');
      expect((await failure(project.paths)).jsonPath).toBe('/dashboard/sections/0/card/title/field');
      rewrite('cards-physical.yaml', 'title: { field: cardAlias,', 'title: { field: cardAliasName,');
      rewrite('cards-physical.yaml', 'idempotencyKey: idempotencyKey', 'idempotencyKey: requestKey');
      const key = await failure(project.paths);
      expect(key.jsonPath).toBe('/dashboard/sections/0/card/actions/4/idempotencyKey');
      expect(key.detail).toBe("'requestKey' is not a field of cardBlock's request");
    });

    it("refuses a group field the entity lacks, and a tile list's column its entries lack", async () => {
      rewrite('limited-account.yaml', 'field: reasonId', 'field: reason');
      const group = await failure(project.paths);
      expect(group.file).toBe('screens/limited-account.yaml');
      expect(group.jsonPath).toBe('/dashboard/sections/1/groupBy/field');
      expect(group.detail).toContain("'reason' is not a property of the entity");
      rewrite('limited-account.yaml', 'field: reason\n', 'field: reasonId\n');
      rewrite('limited-account.yaml', '{ field: uploaded, format: date }', '{ field: uploadedAt, format: date }');
      const column = await failure(project.paths);
      expect(column.jsonPath).toBe('/dashboard/sections/1/card/list/columns/1/field');
      expect(column.detail).toContain("'uploadedAt' is not a property of the entity");
    });

    it("refuses a tile form's field its schema lacks", async () => {
      rewrite('limited-account.yaml', 'fields: [requirementId, file]', 'fields: [requirementId, scan]');
      expect((await failure(project.paths)).jsonPath).toBe('/dashboard/sections/1/card/form/fields/1');
    });

    it('refuses a condition the meta-schema does not know', async () => {
      rewrite('ip-access.yaml', 'when: { field: enabled, equals: false }', 'when: { field: enabled, is: false }');
      const error = await failure(project.paths);
      expect(error.file).toBe('screens/ip-access.yaml');
      expect(error.jsonPath).toMatch(/^\/dashboard\/sections\/0\/actions\/0\/when/);
    });
  });

  it("refuses a fileSet file the list's items lack, and a source filtered by a field the form lacks", async () => {
    editScreen(project.paths, 'add-card.yaml', '- { field: stampPage, label:', '- { field: stamp, label:');
    let error = await failure(project.paths);
    expect(error.jsonPath).toBe('/form/uiSchema/documents/ui:options/files/2/field');
    expect(error.detail).toContain("'stamp' is not a field of the items of 'documents' (they have: documentType, front, back, stampPage)");
    editScreen(project.paths, 'add-card.yaml', '- { field: stamp, label:', '- { field: stampPage, label:');
    editScreen(project.paths, 'add-card.yaml', "equals: ':cardIsVirtual'", "equals: ':virtual'");
    error = await failure(project.paths);
    expect(error.jsonPath).toBe('/form/uiSchema/productType/ui:options/source/where/equals');
    expect(error.detail).toContain("'virtual' is not a field of this form");
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
      editScreen(project.paths, 'mass-rail.yaml', from, to);
      const error = await failure(project.paths);
      expect(error.file).toBe('screens/mass-rail.yaml');
      expect(error.jsonPath).toBe(jsonPath);
      expect(error.detail).toContain(detail);
    });
  });
});
