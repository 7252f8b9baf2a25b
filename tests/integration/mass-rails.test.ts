/**
 * Mass payments on the rails (issue 16) through the API, on PGlite and PostgreSQL: a 1,000-row wire batch
 * is checked, summarised and funded in one ledger transaction (a batch over the balance holds nothing),
 * then each row becomes a wire payout held from the batch's escrow; bad rows are reported on their row
 * and column with the single wire's own checks; a batch whose payouts the sandbox network settles, returns
 * and fails ends partially completed with the failed rows' money and fees back; every method's sample file
 * passes its own checks.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_METHODS, runBatches } from '../../server/batches/batches.ts';
import { MASS_SENDING_FLAGS, setMassSendingFlags, type MassSendingFlag } from '../../server/batches/permissions.ts';
import { transferFee } from '../../server/pricing/pricing.ts';
import { APPROVALS_DEMO_LOGIN } from '../../server/approvals/demo-seed.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { sandboxMessages } from '../../server/messaging/messages.ts';
import { railAdapters } from '../../server/rails/adapters.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { accountStates, createPersonalCustomer, fund, HEALTHY, ledgerHealth, openAccount, TEST_PASSWORD } from './ledger-support.ts';
import { type BatchAnswer, csvDataUrl } from './batch-support.ts';

interface Customer {
  customerId: number;
  email: string;
  account: number;
  tokens: Tokens;
}

const WIRE_HEADER = 'Beneficiary name,IBAN,SWIFT (BIC),Amount,Note';
const ADA_IBAN = 'DE89 3704 0044 0532 0130 00';
const ADA_SWIFT = 'COBADEFFXXX';
const ALL_FLAGS = Object.fromEntries(MASS_SENDING_FLAGS.map((flag) => [flag, true]));
const cents = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

for (const backend of BACKENDS) {
  describe(`mass payments on the rails on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
    });
    afterAll(() => test?.close());

    const db = () => test.server.db;
    const rails = () => railAdapters({ sandboxes: true }, db());
    const rpc = async (method: string, params: object, tokens: Tokens): Promise<BatchAnswer> =>
      (await client.rpc(method, params, { token: tokens.accessToken })).body;
    const balance = async (who: Customer) => (await accountStates(db(), [who.account])).get(who.account)!;
    /** A fresh customer with `funds` minor units in `currency`, signed in, allowed every mass method unless `flags` says otherwise. */
    const newCustomer = async (
      name: string,
      funds: bigint,
      currency = 'USD',
      flags: Partial<Record<MassSendingFlag, boolean>> = ALL_FLAGS,
    ): Promise<Customer> => {
      const { customerId, email } = await createPersonalCustomer(db(), name);
      const account = await openAccount(db(), customerId, currency);
      if (funds > 0n) await fund(db(), account, funds);
      await setMassSendingFlags(db(), customerId, flags);
      return { customerId, email, account, tokens: await client.signIn(email, TEST_PASSWORD) };
    };
    const upload = (from: Customer, transferType: string, file: string, extra: object = {}) =>
      rpc('massTransferUpload', { transferType, accountId: from.account, batchName: 'November wires', file, ...extra }, from.tokens);
    const confirm = (from: Customer, batchId: number) => rpc('massTransferConfirm', { idempotencyKey: randomUUID(), batchId }, from.tokens);
    /** Runs the scheduler's batch job until every row is at its rail (a pass that makes nothing new). */
    const runAll = async () => {
      while ((await runBatches(db(), 500, { rails: rails(), messages: sandboxMessages(db()) })) > 0);
    };
    /** The sandbox network settles, returns or fails a payout, as a tester does from /sandbox/rails (its report applied at once). */
    const network = async (operationId: number, action: 'settle' | 'return' | 'fail') =>
      (await client.post<{ state?: string }>(`/sandbox/rails/wire/payouts/WIRE-${operationId}`, { action })).body;

    it('funds a 1,000-row wire batch in one ledger transaction, or holds nothing, and makes each row a wire payout', async () => {
      const lines = Array.from({ length: 1000 }, (_, index) => `Payee ${index + 1},${ADA_IBAN},${ADA_SWIFT},${(index % 9) + 1}0.00,Row ${index + 1}`);
      const amounts = lines.map((_, index) => BigInt((index % 9) + 1) * 10_00n);
      const total = amounts.reduce((sum, amount) => sum + amount, 0n);
      const fees = amounts.reduce((sum, amount) => sum + transferFee('wire', amount), 0n);
      const file = csvDataUrl(`${WIRE_HEADER}\n${lines.join('\n')}\n`);

      // Over the balance by one cent: the confirmation holds nothing at all.
      const short = await newCustomer('mass-wire-short', total + fees - 1n);
      const shortBatch = await upload(short, 'wire', file);
      expect(shortBatch.summary).toMatchObject({ count: 1000, validCount: 1000, sufficient: false });
      expect((await confirm(short, shortBatch.batchId!)).validationErrors).toEqual([
        { field: 'batchId', description: expect.stringMatching(/does not cover the batch/) },
      ]);
      expect(await balance(short)).toMatchObject({ balance: total + fees - 1n, pending: 0n });
      expect(await rpc('massTransferStatus', { batchId: shortBatch.batchId }, short.tokens)).toMatchObject({ status: 'awaitingConfirmation' });

      const payer = await newCustomer('mass-wire-payer', total + fees + 1_000_00n);
      const uploaded = await upload(payer, 'wire', file);
      expect(uploaded).toMatchObject({
        responseCode: '00',
        status: 'awaitingConfirmation',
        errors: [],
        summary: {
          count: 1000,
          validCount: 1000,
          invalidCount: 0,
          total: cents(total),
          fees: cents(fees),
          totalWithFees: cents(total + fees),
          sufficient: true,
        },
      });
      expect(await balance(payer)).toMatchObject({ balance: total + fees + 1_000_00n, pending: 0n });

      const confirmed = await confirm(payer, uploaded.batchId!);
      expect(confirmed).toMatchObject({ responseCode: '00', status: 'processing', count: 1000, processed: 0 });
      expect(await balance(payer)).toMatchObject({ balance: 1_000_00n, pending: 0n });
      const batch = await db()
        .selectFrom('transfer_batches')
        .select('funding_transaction_id')
        .where('id', '=', BigInt(uploaded.batchId!))
        .executeTakeFirstOrThrow();
      const legs = await db().selectFrom('ledger_entries').select('account_id').where('transaction_id', '=', batch.funding_transaction_id!).execute();
      expect(legs).toHaveLength(3); // the account, the batch's escrow and the fees: one transaction

      // The runner makes the rows wire payouts, a chunk at a time, each handed to the rail.
      expect(await runBatches(db(), 400, { rails: rails() })).toBe(400);
      await runAll();
      const payouts = await db()
        .selectFrom('transfers as t')
        .innerJoin('rail_payouts as p', 'p.transfer_id', 't.id')
        .select(['t.id', 't.kind', 't.status', 't.amount', 't.fee', 'p.state'])
        .where('t.batch_id', '=', BigInt(uploaded.batchId!))
        .orderBy('t.id')
        .execute();
      expect(payouts).toHaveLength(1000);
      expect(new Set(payouts.map((payout) => `${payout.kind} ${payout.status} ${payout.state}`))).toEqual(new Set(['wire processing pending']));
      expect(payouts.reduce((sum, payout) => sum + payout.amount, 0n)).toBe(total);
      expect(payouts.reduce((sum, payout) => sum + payout.fee, 0n)).toBe(fees);
      const page = await rpc('massTransferPayments', { batchId: uploaded.batchId, pageNumber: 1, pageSize: 2 }, payer.tokens);
      expect(page).toMatchObject({
        total: 1000,
        payments: [
          { row: 1, email: 'Payee 1', status: 'sent', note: 'Row 1' },
          { row: 2, email: 'Payee 2' },
        ],
      });
      // The payout has its own page with its timeline, like a single wire's.
      const operationId = page.payments![0]!.operationId as number;
      expect(await rpc('payoutStatus', { operationId }, payer.tokens)).toMatchObject({
        rail: 'wire',
        state: 'pending',
        beneficiaryName: 'Payee 1',
        amount: '10.00',
      });
      expect(await rpc('massTransferStatus', { batchId: uploaded.batchId }, payer.tokens)).toMatchObject({ status: 'processing', processed: 0 });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('reports two bad wire rows on their rows and fields with the single wire checks, and keeps nothing', async () => {
      const payer = await newCustomer('mass-wire-errors', 10_000_00n);
      const text = [
        "Beneficiary name,Bank's country,IBAN,SWIFT (BIC),Routing number (ABA),Account number,Amount",
        `Ada Lovelace,,${ADA_IBAN},${ADA_SWIFT},,,100.00`,
        'Bad Iban,,DE88 3704 0044 0532 0130 00,COBADEFFXXX,,,50.00',
        'Ben Ortiz,US,,,021000021,123456789,75.00',
        'Bad Routing,US,,,021000022,123456789,20.00',
      ].join('\n');
      const answer = await upload(payer, 'wire', csvDataUrl(text, 'wires.csv'));
      expect(answer).toMatchObject({ responseCode: '00', summary: { count: 4, validCount: 2, invalidCount: 2, total: '175.00' } });
      expect(answer.batchId).toBeUndefined();
      expect(answer.errors!.map(({ row, field }) => [row, field])).toEqual([
        [2, 'iban'],
        [4, 'routingNumber'],
      ]);
      expect(answer.errors![0]!.message).toMatch(/IBAN/);
      expect(await db().selectFrom('transfer_batches').select('id').where('customer_id', '=', payer.customerId).execute()).toEqual([]);
    });

    it('ends a batch partially completed when the network returns and fails some payouts, with their money and fees back', async () => {
      const payer = await newCustomer('mass-wire-partial', 5_000_00n);
      const rows = ['100.00', '200.00', '300.00', '400.00'].map((amount, index) => `Payee ${index + 1},${ADA_IBAN},${ADA_SWIFT},${amount},`);
      const uploaded = await upload(payer, 'wire', csvDataUrl(`${WIRE_HEADER}\n${rows.join('\n')}\n`));
      const fee = (amount: bigint) => transferFee('wire', amount);
      expect((await confirm(payer, uploaded.batchId!)).status).toBe('processing');
      await runAll();
      const { payments } = await rpc('massTransferPayments', { batchId: uploaded.batchId, pageSize: 10 }, payer.tokens);
      const ids = payments!.map((payment) => payment.operationId as number);
      expect(await network(ids[0]!, 'settle')).toEqual({ state: 'settled' });
      expect(await network(ids[1]!, 'settle')).toEqual({ state: 'settled' });
      expect(await network(ids[2]!, 'return')).toEqual({ state: 'returned' });
      // Not yet over: one payout is still at the rail.
      await runAll();
      expect(await rpc('massTransferStatus', { batchId: uploaded.batchId }, payer.tokens)).toMatchObject({ status: 'processing', processed: 3, failed: 1 });
      expect(await network(ids[3]!, 'fail')).toEqual({ state: 'failed' });
      await runAll();
      expect(await rpc('massTransferStatus', { batchId: uploaded.batchId }, payer.tokens)).toMatchObject({
        status: 'partiallyCompleted',
        processed: 4,
        failed: 2,
      });
      // What left: the two settled wires and their fees; the returned and the failed came back whole.
      expect(await balance(payer)).toMatchObject({ balance: 5_000_00n - 300_00n - fee(100_00n) - fee(200_00n), pending: 0n });
      const after = await rpc('massTransferPayments', { batchId: uploaded.batchId, pageSize: 10 }, payer.tokens);
      expect(after.payments!.map((payment) => payment.status)).toEqual(['completed', 'completed', 'failed', 'failed']);
      expect(after.payments![2]!.failure).toBeTruthy();
      // Whoever uploaded it is told, with the link that opens the batch.
      const told = JSON.parse((await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ purpose: 'batchPartially' })}`)).text);
      expect(told.messages.find((message: { to: string }) => message.to === payer.email)).toMatchObject({
        body: expect.stringContaining(`/history/batch-transfers/${uploaded.batchId}`),
      });
      expect(await rpc('payoutStatus', { operationId: ids[2] }, payer.tokens)).toMatchObject({ state: 'returned' });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    /** The newest step-up code sent for `purpose` (by SMS or e-mail, after the call's commit). */
    const latestCode = async (purpose: string): Promise<string> => {
      const outbox = JSON.parse((await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ purpose })}`)).text);
      return /^(\d{6}) is your code/.exec(outbox.messages[0].body)![1]!;
    };
    const demoUsd = async (tokens: Tokens) =>
      ((await client.rpc('balanceInquiry', {}, { token: tokens.accessToken })).body.accounts as Array<{ accountId: number; currencyCode: string }>).find(
        (account) => account.currencyCode === 'USD',
      )!.accountId;
    const demoBalance = async (accountId: number) => (await accountStates(db(), [accountId])).get(accountId)!;
    const demoWires = (amounts: string[]) =>
      csvDataUrl(`${WIRE_HEADER}\n${amounts.map((amount, index) => `Supplier ${index + 1},${ADA_IBAN},${ADA_SWIFT},${amount},`).join('\n')}\n`);

    it('asks the second factor at confirm, bound to the batch and its total, as a single payout asks it', async () => {
      // The demo business customer's two-step setting asks an SMS code for every transfer.
      const owner = await client.signIn(DEMO_LOGINS.business);
      const accountId = await demoUsd(owner);
      const uploaded = await rpc('massTransferUpload', { transferType: 'wire', accountId, batchName: 'Suppliers', file: demoWires(['12.00', '8.00']) }, owner);
      const before = await demoBalance(accountId);
      const challenge = await confirm({ tokens: owner } as Customer, uploaded.batchId!);
      expect(challenge).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      const requestId = (challenge as unknown as { requestId: string }).requestId;
      expect(await demoBalance(accountId)).toEqual(before);
      const code = await latestCode('massTransferConfirm');
      const wrong = await rpc(
        'massTransferConfirm',
        { idempotencyKey: randomUUID(), batchId: uploaded.batchId, confirm: { requestId, approvalCode: code === '000000' ? '111111' : '000000' } },
        owner,
      );
      expect(wrong.responseCode).toBe('TA1');
      expect(await demoBalance(accountId)).toEqual(before);
      const done = await rpc(
        'massTransferConfirm',
        { idempotencyKey: randomUUID(), batchId: uploaded.batchId, confirm: { requestId, approvalCode: code } },
        owner,
      );
      expect(done).toMatchObject({ responseCode: '00', status: 'processing', count: 2 });
      expect((await demoBalance(accountId)).balance).toBe(before.balance - 20_00n - 2n * transferFee('wire', 10_00n));
    });

    it('makes a batch approval request of an initiator, which an approver approves or declines as a whole with mass approve', async () => {
      const clerk = await client.signIn(APPROVALS_DEMO_LOGIN);
      const approver = await client.signIn(DEMO_LOGINS.business);
      const accountId = await demoUsd(clerk);
      const before = await demoBalance(accountId);
      const request = async (amounts: string[], name: string) => {
        const uploaded = await rpc('massTransferUpload', { transferType: 'wire', accountId, batchName: name, file: demoWires(amounts) }, clerk);
        expect(uploaded.status).toBe('awaitingConfirmation');
        // No code is asked of the initiator: the batch is funded and waits for an approver.
        expect(await confirm({ tokens: clerk } as Customer, uploaded.batchId!)).toMatchObject({ responseCode: '00', status: 'awaitingApproval' });
        return uploaded.batchId!;
      };
      const declinedId = await request(['30.00', '20.00'], 'Declined suppliers');
      const approvedId = await request(['11.00', '9.00', '5.00'], 'Approved suppliers');
      const held = 50_00n + 2n * transferFee('wire', 25_00n) + 25_00n + 3n * transferFee('wire', 9_00n);
      expect((await demoBalance(accountId)).balance).toBe(before.balance - held);
      // The initiator may not decide it.
      expect((await rpc('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId: approvedId, declined: false }, clerk)).responseCode).not.toBe(
        '00',
      );

      // Declined: its funding comes back whole, and it is over.
      const declined = await rpc('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId: declinedId, declined: true }, approver);
      expect(declined).toMatchObject({ responseCode: '00', approved: 0, declined: 2 });
      expect(await rpc('massTransferStatus', { batchId: declinedId }, clerk)).toMatchObject({ status: 'declined' });

      // Approved with the approver's own code: its payments go.
      const first = await rpc('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId: approvedId, declined: false }, approver);
      expect(first).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      expect(await rpc('massTransferStatus', { batchId: approvedId }, clerk)).toMatchObject({ status: 'awaitingApproval' });
      const confirmCode = { requestId: (first as unknown as { requestId: string }).requestId, approvalCode: await latestCode('massTransferApprove') };
      const approved = await rpc(
        'transactionRequestMassApprove',
        { idempotencyKey: randomUUID(), batchId: approvedId, declined: false, confirm: confirmCode },
        approver,
      );
      expect(approved).toMatchObject({ responseCode: '00', approved: 3, declined: 0 });
      expect(await rpc('massTransferStatus', { batchId: approvedId }, clerk)).toMatchObject({ status: 'processing' });
      await runAll();
      const payouts = await db().selectFrom('transfers').select(['kind', 'status']).where('batch_id', '=', BigInt(approvedId)).execute();
      expect(payouts).toEqual([
        { kind: 'wire', status: 'processing' },
        { kind: 'wire', status: 'processing' },
        { kind: 'wire', status: 'processing' },
      ]);
      expect((await demoBalance(accountId)).balance).toBe(before.balance - 25_00n - 3n * transferFee('wire', 9_00n));
      // Decided once: deciding it again decides nothing, and moves no money.
      const again = await rpc('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId: declinedId, declined: true }, approver);
      expect(again).toMatchObject({ responseCode: '00', approved: 0, declined: 0 });
      expect(await rpc('massTransferStatus', { batchId: declinedId }, clerk)).toMatchObject({ status: 'declined' });
      expect((await demoBalance(accountId)).balance).toBe(before.balance - 25_00n - 3n * transferFee('wire', 9_00n));
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('lets a customer upload only the kinds of batch its mass sending flags allow, and says which those are', async () => {
      const limited = await newCustomer('mass-flags', 1_000_00n, 'USD', { massSendingUser: true, massSendingWire: true });
      expect(await rpc('massTransferTypes', {}, limited.tokens)).toMatchObject({
        responseCode: '00',
        transferTypes: ['p2p', 'wire'],
        permissions: { massSendingUser: true, massSendingWire: true, massSendingEft: false, massSendingGlobal: false },
      });
      const file = csvDataUrl(`${WIRE_HEADER}\nAda Lovelace,${ADA_IBAN},${ADA_SWIFT},10.00,\n`);
      expect(await upload(limited, 'wire', file, { onlySummary: true })).toMatchObject({ responseCode: '00', summary: { validCount: 1 } });
      const eft = await rpc('massSampleFile', { transferType: 'eft' }, limited.tokens);
      const refused = await upload(limited, 'eft', `data:text/csv;name=eft.csv;base64,${eft.content}`);
      expect(refused).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'transferType', description: 'Your account may not send batches of this kind.' }],
      });
      // A customer granted nothing may send no batch at all.
      const none = await newCustomer('mass-flags-none', 1_000_00n, 'USD', {});
      expect(await rpc('massTransferTypes', {}, none.tokens)).toMatchObject({ transferTypes: [] });
      expect((await upload(none, 'wire', file)).validationErrors).toEqual([{ field: 'transferType', description: expect.any(String) }]);
      expect(await db().selectFrom('transfer_batches').select('id').where('customer_id', 'in', [limited.customerId, none.customerId]).execute()).toEqual([]);
    });

    it("gives a sample file for every method that passes that method's own checks", async () => {
      const usd = await newCustomer('mass-samples', 10_000_00n);
      const cad = await newCustomer('mass-samples-cad', 10_000_00n, 'CAD');
      for (const method of BATCH_METHODS.filter((name) => name !== 'p2p')) {
        const sample = await rpc('massSampleFile', { transferType: method }, usd.tokens);
        expect(sample.fileName).toBe(`mass-${method}-sample.csv`);
        const from = method === 'interac' ? cad : usd;
        const answer = await upload(from, method, `data:text/csv;name=${sample.fileName};base64,${sample.content}`, { onlySummary: true });
        expect({ method, ...answer }).toMatchObject({ method, responseCode: '00', errors: [], summary: { count: 2, validCount: 2 } });
      }
      // Interac pays only Canadian dollars.
      const sample = await rpc('massSampleFile', { transferType: 'interac' }, usd.tokens);
      const refused = await upload(usd, 'interac', `data:text/csv;name=i.csv;base64,${sample.content}`);
      expect(refused).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'accountId' }] });
    });
  });
}
