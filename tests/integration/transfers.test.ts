import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { MAX_RESENDS, RESEND_INTERVAL_SECONDS } from '../../server/transfers/confirmation.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { currentBalance } from '../../server/ledger/system-balances.ts';

interface Account {
  accountId: number;
  customerId: number;
  balance: string;
  pendingAmount: string;
  currencyCode: string;
}

const ANNA_PHONE = '447700900123';

for (const backend of BACKENDS) {
  describe(`transfers on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;

    const accountsOf = async (tokens: Tokens): Promise<Account[]> => (await client.rpc('balanceInquiry', {}, { token: tokens.accessToken })).body.accounts;
    const account = async (tokens: Tokens, currency: string) => (await accountsOf(tokens)).find((a) => a.currencyCode === currency)!;
    const latestSmsCode = async (): Promise<string> => {
      const answer = await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to: ANNA_PHONE, purpose: 'transferConfirmation' })}`);
      const [message] = JSON.parse(answer.text).messages;
      const code = /^([0-9]{6}) is your code/.exec(message?.body ?? '')?.[1];
      if (!code) throw new Error('no transfer code was sent to Anna');
      return code;
    };
    const snapshot = async () => {
      const db = test.server.db;
      return {
        accounts: await db
          .selectFrom('accounts as a')
          .select(['a.id', currentBalance.as('balance'), 'a.pending'])
          .orderBy('a.id')
          .execute(),
        transfers: await db.selectFrom('transfers').select(['id', 'status']).orderBy('id').execute(),
        entries: (
          await db
            .selectFrom('ledger_entries')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      };
    };
    const p2p = (params: Record<string, unknown>, tokens = anna) =>
      client.rpc('p2pTransfer', { idempotencyKey: randomUUID(), ...params }, { token: tokens.accessToken });

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
    });
    afterAll(() => test?.close());

    it('holds a p2p transfer until the sms code confirms it, then moves the money and the fee', async () => {
      const before = await account(anna, 'USD');
      const payeeBefore = await account(northwind, 'USD');
      const sent = await p2p({ accountId: before.accountId, amount: '25.00', currency: 'USD', toEmail: 'Business@Example.com', note: 'Studio rent share' });
      expect(sent.body).toMatchObject({
        responseCode: '00',
        status: 'awaitingConfirmation',
        approveType: 'sms',
        approvalSentTo: '+44 ••• ••• 123',
        fee: '0.25',
        amount: '25.00',
        toAmount: '25.00',
        exchangeRate: '1',
      });
      const held = await account(anna, 'USD');
      expect(held.balance).toBe(before.balance);
      expect(held.pendingAmount).toBe('25.25');
      const payeeSees = async () =>
        (await client.rpc('transactionHistory', { keyword: 'Studio rent share' }, { token: northwind.accessToken })).body.transactions.map(
          (t: { amount: string; status: string }) => [t.amount, t.status],
        );
      expect(await payeeSees()).toEqual([]);

      const wrong = await client.rpc(
        'transferApprove',
        { trxid: sent.body.operationId, approvalCode: '000000' === (await latestSmsCode()) ? '111111' : '000000' },
        { token: anna.accessToken },
      );
      expect(wrong.body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'approvalCode', description: 'The code is wrong. 4 attempts left.' }],
      });

      const approved = await client.rpc('transferApprove', { trxid: sent.body.operationId, approvalCode: await latestSmsCode() }, { token: anna.accessToken });
      expect(approved.body).toMatchObject({ responseCode: '00', status: 'completed' });
      expect(await payeeSees()).toEqual([['25.00', 'posted']]);
      const after = await account(anna, 'USD');
      expect(after.pendingAmount).toBe('0.00');
      expect(Number(before.balance) * 100 - Number(after.balance) * 100).toBeCloseTo(2525, 5);
      const payeeAfter = await account(northwind, 'USD');
      expect(Math.round(Number(payeeAfter.balance) * 100 - Number(payeeBefore.balance) * 100)).toBe(2500);
      expect((await checkLedgerInvariant(test.server.db)).holds).toBe(true);

      const again = await client.rpc('transferApprove', { trxid: sent.body.operationId, approvalCode: '123456' }, { token: anna.accessToken });
      expect(again.body).toMatchObject({ responseCode: '00', status: 'completed' });
    });

    it('answers a retried submission with its first result and refuses the key for other parameters', async () => {
      const { accountId } = await account(anna, 'USD');
      const idempotencyKey = randomUUID();
      const params = { idempotencyKey, accountId, amount: '3.10', toEmail: DEMO_LOGINS.business };
      const [first, second] = await Promise.all([p2p(params), p2p(params)]);
      expect(first.body.responseCode).toBe('00');
      expect(second.body).toEqual(first.body);
      const third = await p2p(params);
      expect(third.body).toEqual(first.body);
      const count = await test.server.db
        .selectFrom('transfers')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('id', '=', BigInt(first.body.operationId))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);

      const before = await snapshot();
      const other = await p2p({ ...params, amount: '3.11' });
      expect(other.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'idempotencyKey' }] });
      expect(await snapshot()).toEqual(before);
    });

    it('cancels the transfer and releases the funds after five wrong codes', async () => {
      const { accountId, pendingAmount } = await account(anna, 'USD');
      const sent = await p2p({ accountId, amount: '7.00', toEmail: DEMO_LOGINS.business });
      const right = await latestSmsCode();
      const wrong = right === '999999' ? '999998' : '999999';
      for (let attempt = 1; attempt <= 4; attempt++) {
        const answer = await client.rpc('transferApprove', { trxid: sent.body.operationId, approvalCode: wrong }, { token: anna.accessToken });
        expect(answer.body.responseCode).toBe('TA1');
      }
      const last = await client.rpc('transferApprove', { trxid: sent.body.operationId, approvalCode: wrong }, { token: anna.accessToken });
      expect(last.body.validationErrors[0].description).toMatch(/Too many wrong codes/);
      const late = await client.rpc('transferApprove', { trxid: sent.body.operationId, approvalCode: right }, { token: anna.accessToken });
      expect(late.body.responseCode).toBe('TA1');
      const status = await client.rpc('transferStatus', { trxid: sent.body.operationId }, { token: anna.accessToken });
      expect(status.body).toMatchObject({ responseCode: '00', status: 'failed' });
      expect((await account(anna, 'USD')).pendingAmount).toBe(pendingAmount);
    });

    it(`counts wrong codes over the transfer, not the code, and sends at most ${MAX_RESENDS} more codes, ${RESEND_INTERVAL_SECONDS} s apart`, async () => {
      const { accountId, pendingAmount } = await account(anna, 'USD');
      const resend = (trxid: number) => client.rpc('transferApprovalResend', { trxid }, { token: anna.accessToken });
      const approve = (trxid: number, approvalCode: string) => client.rpc('transferApprove', { trxid, approvalCode }, { token: anna.accessToken });
      const wrongFor = (code: string) => (code === '999999' ? '999998' : '999999');
      /** Lets the resend interval pass without waiting: the transfer's codes were sent earlier. */
      const age = (trxid: number) =>
        test.server.db
          .updateTable('transfer_confirmations')
          .set({ created_at: sql`now() - ${RESEND_INTERVAL_SECONDS + 1} * interval '1 second'` as never })
          .where('transfer_id', '=', BigInt(trxid))
          .execute();
      const smsCount = async () =>
        JSON.parse((await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to: ANNA_PHONE, purpose: 'transferConfirmation' })}`)).text).messages
          .length;

      // Two wrong codes, then a new code: it gives three tries, not five.
      const first = (await p2p({ accountId, amount: '6.00', toEmail: DEMO_LOGINS.business })).body.operationId as number;
      for (let attempt = 0; attempt < 2; attempt++) expect((await approve(first, wrongFor(await latestSmsCode()))).body.responseCode).toBe('TA1');
      const tooSoon = await resend(first);
      expect(tooSoon.body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'approvalCode', description: expect.stringMatching(/wait \d+ seconds/) }],
      });
      await age(first);
      expect((await resend(first)).body).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      const fresh = await latestSmsCode();
      expect((await approve(first, wrongFor(fresh))).body.validationErrors[0].description).toBe('The code is wrong. 2 attempts left.');
      expect((await approve(first, wrongFor(fresh))).body.validationErrors[0].description).toBe('The code is wrong. 1 attempt left.');
      expect((await approve(first, wrongFor(fresh))).body.validationErrors[0].description).toMatch(/Too many wrong codes/);
      expect((await client.rpc('transferStatus', { trxid: first }, { token: anna.accessToken })).body.status).toBe('failed');

      // Resends: three more codes, then none, however long one waits.
      const second = (await p2p({ accountId, amount: '5.00', toEmail: DEMO_LOGINS.business })).body.operationId as number;
      const before = await smsCount();
      for (let resent = 0; resent < MAX_RESENDS; resent++) {
        await age(second);
        expect((await resend(second)).body.responseCode).toBe('00');
      }
      await age(second);
      expect((await resend(second)).body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'approvalCode', description: expect.stringMatching(/No more codes/) }],
      });
      expect((await smsCount()) - before).toBe(MAX_RESENDS);
      // The last code still confirms it.
      expect((await approve(second, await latestSmsCode())).body).toMatchObject({ responseCode: '00', status: 'completed' });
      expect((await account(anna, 'USD')).pendingAmount).toBe(pendingAmount);
    });

    it('keeps money for an e-mail nobody has registered in escrow', async () => {
      const { accountId } = await account(anna, 'EUR');
      const sent = await p2p({ accountId, amount: '12.00', toEmail: 'newcomer@example.org' });
      const approved = await client.rpc('transferApprove', { trxid: sent.body.operationId, approvalCode: await latestSmsCode() }, { token: anna.accessToken });
      expect(approved.body).toMatchObject({ responseCode: '00', status: 'awaitingPayee' });
      expect((await checkLedgerInvariant(test.server.db)).holds).toBe(true);
    });

    it('exchanges between own accounts at the rate of the day, without a second factor', async () => {
      const usd = await account(anna, 'USD');
      const eur = await account(anna, 'EUR');
      const moved = await client.rpc(
        'accountTransfer',
        { idempotencyKey: randomUUID(), fromAccount: usd.accountId, toAccount: eur.accountId, amount: '100.00' },
        { token: anna.accessToken },
      );
      expect(moved.body).toMatchObject({ responseCode: '00', status: 'completed', toAmount: '91.54', exchangeRate: '0.915400', fee: '0.00' });
      const byAmount = await client.rpc(
        'accountTransfer',
        { idempotencyKey: randomUUID(), fromAccount: usd.accountId, toAccount: eur.accountId, toAmount: '91.54' },
        { token: anna.accessToken },
      );
      expect(byAmount.body).toMatchObject({ responseCode: '00', amount: '100.00' });
      expect(Math.round((Number((await account(anna, 'EUR')).balance) - Number(eur.balance)) * 100)).toBe(18308);
    });

    it('refuses more than the account holds on the amount field, changing nothing', async () => {
      const { accountId } = await account(anna, 'GBP');
      const before = await snapshot();
      const answer = await p2p({ accountId, amount: '9999.00', toEmail: DEMO_LOGINS.business });
      expect(answer.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'amount' }] });
      expect(await snapshot()).toEqual(before);
    });

    it("refuses another customer's account, transfer or operation with 13 and changes nothing", async () => {
      const annaUsd = await account(anna, 'USD');
      const northwindUsd = await account(northwind, 'USD');
      const theirs = await p2p({ accountId: northwindUsd.accountId, amount: '1.00', toEmail: 'someone@example.org' }, northwind);
      const before = await snapshot();
      const calls: Array<[string, object]> = [
        ['p2pTransfer', { idempotencyKey: randomUUID(), accountId: northwindUsd.accountId, amount: '1.00', toEmail: 'x@example.org' }],
        ['accountTransfer', { idempotencyKey: randomUUID(), fromAccount: northwindUsd.accountId, toAccount: annaUsd.accountId, amount: '1.00' }],
        ['accountTransfer', { idempotencyKey: randomUUID(), fromAccount: annaUsd.accountId, toAccount: northwindUsd.accountId, amount: '1.00' }],
        ['transferApprove', { trxid: theirs.body.operationId, approvalCode: '123456' }],
        ['transferApprovalResend', { trxid: theirs.body.operationId }],
        ['transferStatus', { trxid: theirs.body.operationId }],
        ['transferCancel', { trxid: theirs.body.operationId }],
      ];
      for (const [method, params] of calls) {
        const answer = await client.rpc(method, params, { token: anna.accessToken });
        expect(answer.body.responseCode, method).toBe('13');
      }
      expect(await snapshot()).toEqual(before);
    });
  });
}
