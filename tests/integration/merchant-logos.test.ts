/**
 * Business logos (issue 18 item 4, document 002 'Logos: list, create (form data with data and file[]), get,
 * update, delete'): a PNG uploaded as multipart form data, a file of another type and one over 1 MB refused
 * TA1 on file, one default per customer, the image served publicly with its own type, the checkout page
 * showing the button's logo or the default one, and the business rights (balanceInfo reads,
 * companySettings changes).
 */
import { deflateSync } from 'node:zlib';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { MAX_LOGO_BYTES } from '../../server/merchant/logos.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { readerAndBlindUsers } from './ledger-support.ts';

/** A 1×1 PNG's bytes (valid signature; the content is not decoded by the server). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

type Logo = { id: number; name: string; isDefault: boolean; file: string };

for (const backend of BACKENDS) {
  describe(`business logos on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let northwind: Tokens;
    let northwindId: number;

    const call = async (method: string, params: object, tokens: Tokens, customerId?: number) =>
      (await client.rpc(method, params, { token: tokens.accessToken, ...(customerId ? { customerId } : {}) })).body;
    /** Sends merchantLogoCreate as multipart: `data` as JSON and the image as `file[]`. */
    const upload = async (data: object, file: { content: Uint8Array; name: string; type: string }, tokens: Tokens = northwind, customerId?: number) => {
      const form = new FormData();
      form.append('data', JSON.stringify(data));
      form.append('file[]', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
      const headers: Record<string, string> = { authorization: `Bearer ${tokens.accessToken}`, ...(customerId ? { 'customer-id': String(customerId) } : {}) };
      const response = await fetch(`${test.url}/api?method=merchantLogoCreate`, { method: 'POST', body: form, headers });
      return (await response.json()) as { responseCode: string; logo: Logo; validationErrors?: Array<{ field: string }> };
    };
    const logos = async () => (await call('merchantLogoList', {}, northwind)).logos as Logo[];

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      northwind = await client.signIn(DEMO_LOGINS.business);
      northwindId = (await test.server.db.selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.business).executeTakeFirstOrThrow())
        .customer_id!;
    });
    afterAll(() => test?.close());

    it('takes a PNG as form data, serves it publicly with its type, and keeps one default', async () => {
      const before = await logos();
      expect(before.filter((logo) => logo.isDefault)).toHaveLength(1);
      const created = await upload({ name: '  Blue mark ', isDefault: true }, { content: PNG, name: 'mark.png', type: 'application/octet-stream' });
      expect(created).toMatchObject({ responseCode: '00', logo: { name: 'Blue mark', isDefault: true } });
      const list = await logos();
      expect(list.filter((logo) => logo.isDefault).map((logo) => logo.id)).toEqual([created.logo.id]);
      expect(list[0]!.id).toBe(created.logo.id);

      const image = await fetch(`${test.url}/api/merchant-logos/${created.logo.id}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(image.headers.get('cache-control')).toMatch(/max-age=/);
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
      expect(new URL(created.logo.file).pathname).toBe(`/api/merchant-logos/${created.logo.id}`);

      // Another default moves the mark; the first stops being one.
      const previous = before.find((logo) => logo.isDefault)!;
      expect((await call('merchantLogoSetDefault', { id: previous.id }, northwind)).logo).toMatchObject({ id: previous.id, isDefault: true });
      expect((await logos()).filter((logo) => logo.isDefault).map((logo) => logo.id)).toEqual([previous.id]);
      const renamed = await call('merchantLogoUpdate', { id: created.logo.id, name: 'Blue', isDefault: true }, northwind);
      expect(renamed.logo).toMatchObject({ name: 'Blue', isDefault: true });
      expect((await logos()).filter((logo) => logo.isDefault).map((logo) => logo.id)).toEqual([created.logo.id]);
      expect((await call('merchantLogoGet', { id: created.logo.id }, northwind)).logo).toMatchObject({ name: 'Blue' });

      // Deleted: no longer listed nor served, and no longer the default.
      expect((await call('merchantLogoDelete', { id: created.logo.id }, northwind)).deleted).toBe(true);
      expect((await logos()).map((logo) => logo.id)).not.toContain(created.logo.id);
      expect((await fetch(`${test.url}/api/merchant-logos/${created.logo.id}`)).status).toBe(404);
      expect((await call('merchantLogoGet', { id: created.logo.id }, northwind)).responseCode).toBe('13');
      expect((await fetch(`${test.url}/api/merchant-logos/abc`)).status).toBe(404);
    });

    it('refuses another type and a file over 1 MB on file[], and an empty name on name', async () => {
      const gif = await upload({ name: 'Gif' }, { content: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), name: 'x.png', type: 'image/png' });
      expect(gif).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'file' }] });
      const pdf = await upload({ name: 'Pdf' }, { content: Buffer.from('%PDF-1.4 hello'), name: 'x.pdf', type: 'application/pdf' });
      expect(pdf).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'file' }] });
      const large = Buffer.concat([PNG, Buffer.alloc(MAX_LOGO_BYTES)]);
      expect(await upload({ name: 'Huge' }, { content: large, name: 'huge.png', type: 'image/png' })).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'file' }],
      });
      expect(await upload({ name: '   ' }, { content: PNG, name: 'x.png', type: 'image/png' })).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'name' }],
      });
      // A deflated stream is not an image either, whatever it is called.
      expect(await upload({ name: 'Zip' }, { content: deflateSync(PNG), name: 'z.png', type: 'image/png' })).toMatchObject({ responseCode: 'TA1' });
    });

    it("shows the button's logo on its checkout page, else the default, else none", async () => {
      const own = await upload({ name: 'Own' }, { content: PNG, name: 'own.png', type: 'image/png' });
      const def = (await upload({ name: 'Default', isDefault: true }, { content: PNG, name: 'default.png', type: 'image/png' })).logo;
      const usd = ((await call('balanceInquiry', {}, northwind)).accounts as Array<{ accountId: number; currencyCode: string }>).find(
        (a) => a.currencyCode === 'USD',
      )!;
      const form = { name: 'Logo test', accountId: usd.accountId, amount: '5.00', successUrl: 'https://shop.example/ok', cancelUrl: 'https://shop.example/no' };
      const withOwn = (await call('merchantButtonCreate', { ...form, logoId: own.logo.id }, northwind)).button;
      const plain = (await call('merchantButtonCreate', form, northwind)).button;
      const checkout = async (id: number) => (await client.rpc('checkoutButtonGet', { buttonId: id })).body.checkout as { logoUrl?: string };
      expect((await checkout(withOwn.id)).logoUrl).toBe(`/api/merchant-logos/${own.logo.id}`);
      expect((await checkout(plain.id)).logoUrl).toBe(`/api/merchant-logos/${def.id}`);
      // The button's logo deleted: the default shows; no default left: the merchant's name only.
      await call('merchantLogoDelete', { id: own.logo.id }, northwind);
      expect((await checkout(withOwn.id)).logoUrl).toBe(`/api/merchant-logos/${def.id}`);
      await call('merchantLogoUpdate', { id: def.id, name: def.name, isDefault: false }, northwind);
      expect((await checkout(plain.id)).logoUrl).toBeUndefined();
      await call('merchantLogoSetDefault', { id: def.id }, northwind);
    });

    it('needs balanceInfo to read and companySettings to change logos', async () => {
      const { reader, blind } = await readerAndBlindUsers(test.server.db, client, northwindId, 'logo');
      const id = (await logos())[0]!.id;
      expect((await call('merchantLogoList', {}, reader, northwindId)).responseCode).toBe('00');
      expect((await upload({ name: 'Nope' }, { content: PNG, name: 'x.png', type: 'image/png' }, reader, northwindId)).responseCode).toBe('13');
      expect((await call('merchantLogoSetDefault', { id }, reader, northwindId)).responseCode).toBe('13');
      expect((await call('merchantLogoDelete', { id }, reader, northwindId)).responseCode).toBe('13');
      expect((await call('merchantLogoList', {}, blind, northwindId)).responseCode).toBe('13');
      expect((await upload({ name: 'Yes' }, { content: PNG, name: 'y.png', type: 'image/png' }, blind, northwindId)).responseCode).toBe('00');
      // Another customer's logo is not theirs to see.
      const anna = await client.signIn(DEMO_LOGINS.personal);
      expect((await call('merchantLogoGet', { id }, anna)).responseCode).toBe('13');
    });
  });
}
