/**
 * A transfer keeps the request fields an analyst declares (DESIGN.md, "Database"; issue 12 item 4): with
 * p2pTransfer's request and the transaction details' entity extended in a copy of the schemas (codegen
 * run into a folder of its own, no TypeScript changed), the real server stores the extra field in the
 * transfer's attributes and answers it in transferDetails; a stored field the entity does not declare is
 * left out of the answer (which stays inside its schema); an invalid value is refused on its field.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, writeGenerated } from '../../codegen/generate.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { repoRoot } from '../support/server-process.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const PURPOSES = ['family', 'rent', 'gift', 'services'];

/** A copy of the schemas with `purposeOfPayment` (declared in both request and details) and `costCentre` (in the request only). */
async function generateWithPurpose(copy: string): Promise<string> {
  for (const folder of ['schemas', 'screens', 'brands']) cpSync(path.join(repoRoot, folder), path.join(copy, folder), { recursive: true });
  /** Adds a property to the object schema at `at` (a path of keys) inside a schema file of the copy. */
  const addProperty = (file: string, at: string[], name: string, schema: Record<string, unknown>) => {
    const target = path.join(copy, file);
    const json = JSON.parse(readFileSync(target, 'utf8'));
    const object = at.reduce((node, key) => node[key], json);
    object.properties[name] = schema;
    writeFileSync(target, JSON.stringify(json, null, 2));
  };
  addProperty('schemas/api/methods/p2pTransfer.json', ['request'], 'purposeOfPayment', { type: 'string', enum: PURPOSES, title: 'Purpose of payment' });
  addProperty('schemas/api/methods/p2pTransfer.json', ['request'], 'costCentre', { type: 'string', maxLength: 10, title: 'Cost centre' });
  addProperty('schemas/entities/transaction-details.schema.json', [], 'purposeOfPayment', { type: 'string', enum: PURPOSES, title: 'Purpose of payment' });
  const outDir = path.join(copy, 'generated');
  const paths = { root: copy, schemasDir: path.join(copy, 'schemas'), screensDir: path.join(copy, 'screens'), brandsDir: path.join(copy, 'brands'), outDir };
  writeGenerated(outDir, (await generate(paths)).files);
  return outDir;
}

for (const backend of BACKENDS) {
  describe(`a transfer's declared extra fields on ${backend.name}`, () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'transfer-attributes-'));
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;

    const call = (method: string, params: Record<string, unknown>, tokens = anna) => client.rpc(method, params, { token: tokens.accessToken });
    const usdAccount = async () =>
      ((await call('balanceInquiry', {})).body.accounts as Array<{ accountId: number; currencyCode: string }>).find((a) => a.currencyCode === 'USD')!.accountId;
    /** The ledger transaction of a transfer, which the details screen opens. */
    const ledgerTransaction = async (operationId: number) =>
      Number(
        (await test.server.db.selectFrom('transfers').select('ledger_transaction_id').where('id', '=', BigInt(operationId)).executeTakeFirstOrThrow())
          .ledger_transaction_id,
      );

    beforeAll(async () => {
      test = await startTestServer(backend, { generatedDir: await generateWithPurpose(copy) });
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
    }, 180_000);
    afterAll(async () => {
      await test?.close();
      rmSync(copy, { recursive: true, force: true });
    });

    it('stores the declared field with the transfer and answers it in the details, to the sender and to the payee', async () => {
      const sent = await call('p2pTransfer', {
        idempotencyKey: randomUUID(),
        accountId: await usdAccount(),
        amount: '3.00',
        toEmail: DEMO_LOGINS.business,
        purposeOfPayment: 'rent',
      });
      expect(sent.body.responseCode).toBe('00');
      const stored = await test.server.db
        .selectFrom('transfers')
        .select(['attributes', 'note'])
        .where('id', '=', BigInt(sent.body.operationId))
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ attributes: { purposeOfPayment: 'rent' }, note: null });

      const transactionId = await ledgerTransaction(sent.body.operationId);
      const details = await call('transferDetails', { transactionId });
      expect(details.body).toMatchObject({ responseCode: '00', transaction: { transactionId, purposeOfPayment: 'rent', transferKind: 'p2p' } });
      expect((await call('transferDetails', { transactionId }, northwind)).body.transaction.purposeOfPayment).toBe('rent');
    });

    it('leaves out a stored field the details entity does not declare, and the answer stays valid', async () => {
      const sent = await call('p2pTransfer', {
        idempotencyKey: randomUUID(),
        accountId: await usdAccount(),
        amount: '2.00',
        toEmail: DEMO_LOGINS.business,
        purposeOfPayment: 'gift',
        costCentre: 'CC-7',
      });
      expect(sent.body.responseCode).toBe('00');
      const stored = await test.server.db
        .selectFrom('transfers')
        .select('attributes')
        .where('id', '=', BigInt(sent.body.operationId))
        .executeTakeFirstOrThrow();
      expect(stored.attributes).toEqual({ purposeOfPayment: 'gift', costCentre: 'CC-7' });

      const details = await call('transferDetails', { transactionId: await ledgerTransaction(sent.body.operationId) });
      expect(details.body.responseCode).toBe('00');
      expect(details.body.transaction.purposeOfPayment).toBe('gift');
      expect(details.body.transaction).not.toHaveProperty('costCentre');
    });

    it("refuses a value outside the schema on its field, with the schema's message, and stores nothing", async () => {
      const count = async () =>
        (
          await test.server.db
            .selectFrom('transfers')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      const before = await count();
      const refused = await call('p2pTransfer', {
        idempotencyKey: randomUUID(),
        accountId: await usdAccount(),
        amount: '2.00',
        toEmail: DEMO_LOGINS.business,
        purposeOfPayment: 'bribe',
      });
      expect(refused.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'purposeOfPayment', description: expect.any(String) }] });
      expect(await count()).toBe(before);
    });

    it('keeps the field under the idempotency key: a retry replays, another purpose under the same key is refused', async () => {
      const params = { idempotencyKey: randomUUID(), accountId: await usdAccount(), amount: '1.00', toEmail: DEMO_LOGINS.business, purposeOfPayment: 'family' };
      const first = await call('p2pTransfer', params);
      const again = await call('p2pTransfer', params);
      expect(again.body.operationId).toBe(first.body.operationId);
      const changed = await call('p2pTransfer', { ...params, purposeOfPayment: 'services' });
      expect(changed.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'idempotencyKey' }] });
    });
  });
}
