/**
 * Global pay and the customer's limits (issue 16, document 001 section 7 'Customer limits'), through the API
 * on PGlite and PostgreSQL: a submitted batch counts, as one amount, against global pay's daily limit from
 * the moment its money is held, so a second batch or a single payment over what is left is refused with
 * nothing held; approving it does not count it again; a rejected batch stops counting.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMassSendingFlags } from '../../server/batches/permissions.ts';
import { formatMinorUnits } from '../../server/ledger/money.ts';
import { transferLimits } from '../../server/pricing/pricing.ts';
import { GLOBAL_PAY_KIND, limitUsage } from '../../server/transfers/limits.ts';
import { ApiClient, type Json, type Tokens } from '../support/api-client.ts';
import { csvDataUrl } from './batch-support.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { accountStates, createPersonalCustomer, fund, HEALTHY, ledgerHealth, openAccount, TEST_PASSWORD, uniqueEmail } from './ledger-support.ts';

interface Customer {
  customerId: number;
  email: string;
  usd: number;
  tokens: Tokens;
}

const HEADER = 'amount,description,beneficiaryType,beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,feeShare,forbiddenMethods';

for (const backend of BACKENDS) {
  describe(`global pay and limits on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
    });
    afterAll(() => test?.close());

    const daily = transferLimits(GLOBAL_PAY_KIND, 2).dailyMax;
    const percent = (share: bigint) => (daily * share) / 100n;
    const db = () => test.server.db;
    const rpc = async (method: string, params: object, tokens: Tokens): Promise<Json> => (await client.rpc(method, params, { token: tokens.accessToken })).body;
    const balance = async (who: Customer) => (await accountStates(db(), [who.usd])).get(who.usd)!.balance;
    const usedToday = async (who: Customer) => (await limitUsage(db(), who.customerId, GLOBAL_PAY_KIND, 'USD')).today;
    const newCustomer = async (name: string, funds: bigint): Promise<Customer> => {
      const { customerId, email } = await createPersonalCustomer(db(), name);
      const account = await openAccount(db(), customerId, 'USD');
      await fund(db(), account, funds);
      await setMassSendingFlags(db(), customerId, { massSendingGlobal: true });
      return { customerId, email, usd: account, tokens: await client.signIn(email, TEST_PASSWORD) };
    };
    /** A draft batch of payments of these amounts (each to a new recipient): its id. */
    const upload = async (sender: Customer, name: string, amounts: bigint[]) => {
      const lines = amounts.map((amount, index) => `${formatMinorUnits(amount, 2)},Fees,individual,Payee ${index + 1},${uniqueEmail('payee')},DE,sender,`);
      const uploaded = await rpc(
        'globalPayUpload',
        { accountId: sender.usd, batchName: name, attachedFile: csvDataUrl([HEADER, ...lines].join('\n')) },
        sender.tokens,
      );
      expect(uploaded).toMatchObject({ responseCode: '00', batch: { status: 'draft', count: amounts.length } });
      return uploaded.batch.batchId as number;
    };
    const submit = (sender: Customer, batchId: number) => rpc('globalPaySubmit', { idempotencyKey: randomUUID(), batchId }, sender.tokens);
    const newestCode = async (to: string) => {
      const message = await db()
        .selectFrom('outbox_messages')
        .select('body')
        .where('recipient', '=', to.toLowerCase())
        .where('purpose', '=', 'globalPayApproval')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return /^([0-9]{6}) /.exec(message?.body ?? '')?.[1] ?? '';
    };

    it('counts a submitted batch against the daily limit: a second batch or a single payment over what is left is refused with nothing held', async () => {
      const ivy = await newCustomer('gp-limits', daily * 2n);
      expect(daily).toBe(250_000_00n);

      // Two payments of 45% of the daily limit: 90% of it, held at submission.
      const first = await upload(ivy, 'Models', [percent(45n), percent(45n)]);
      expect(await submit(ivy, first)).toMatchObject({ responseCode: '00', batch: { status: 'awaitingApproval' } });
      expect(await usedToday(ivy)).toBe(percent(90n));

      // A second batch of 20% would cross the day's limit: refused on batchId, nothing held, still a draft.
      const second = await upload(ivy, 'More models', [percent(20n)]);
      const before = await balance(ivy);
      const refused = await submit(ivy, second);
      expect(refused).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'batchId' }] });
      expect(refused.validationErrors).toHaveLength(1);
      expect(refused.validationErrors[0].description).toBe('This is over your daily limit of $250,000.00: you can send $25,000.00 more today.');
      expect(await balance(ivy)).toBe(before);
      expect(await rpc('globalPayBatchGet', { batchId: second }, ivy.tokens)).toMatchObject({ status: 'draft' });

      // So is one payment sent alone, on its amount; 10% fits.
      const single = (amount: bigint) =>
        rpc(
          'p2pGlobalPaySubmit',
          {
            idempotencyKey: randomUUID(),
            accountId: ivy.usd,
            amount: formatMinorUnits(amount, 2),
            beneficiaryType: 'individual',
            beneficiaryName: 'Fay Tremblay',
            beneficiaryEmail: uniqueEmail('fay'),
            beneficiaryCountryCode: 'CA',
            feeShare: 'sender',
          },
          ivy.tokens,
        );
      const alone = await single(percent(20n));
      expect(alone).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'amount' }] });
      expect(alone.validationErrors[0].description).toBe('This is over your daily limit of $250,000.00: you can send $25,000.00 more today.');
      expect(await balance(ivy)).toBe(before);
      expect(await single(percent(10n))).toMatchObject({ responseCode: '00' });
      expect(await usedToday(ivy)).toBe(percent(100n));

      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('counts an approved batch once, and a rejected batch no more', async () => {
      const jo = await newCustomer('gp-limits-reject', daily * 2n);
      const first = await upload(jo, 'Sent', [percent(30n)]);
      expect(await submit(jo, first)).toMatchObject({ responseCode: '00' });
      const approved = await rpc(
        'globalPayBatchApprove',
        { idempotencyKey: randomUUID(), operationId: first, approvalCode: await newestCode(jo.email) },
        jo.tokens,
      );
      expect(approved).toMatchObject({ responseCode: '00', status: 'submitted' });
      expect(await usedToday(jo)).toBe(percent(30n));

      const held = await upload(jo, 'Held', [percent(30n), percent(30n)]);
      expect(await submit(jo, held)).toMatchObject({ responseCode: '00', batch: { status: 'awaitingApproval' } });
      expect(await usedToday(jo)).toBe(percent(90n));
      const waiting = await upload(jo, 'Waiting', [percent(20n)]);
      expect(await submit(jo, waiting)).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'batchId' }] });

      // Rejected, the held batch's money is back and it no longer counts: the waiting batch now submits.
      expect(await rpc('globalPayReject', { idempotencyKey: randomUUID(), batchId: held }, jo.tokens)).toMatchObject({ responseCode: '00' });
      expect(await usedToday(jo)).toBe(percent(30n));
      expect(await submit(jo, waiting)).toMatchObject({ responseCode: '00', batch: { status: 'awaitingApproval' } });
      expect(await usedToday(jo)).toBe(percent(50n));
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });
  });
}
