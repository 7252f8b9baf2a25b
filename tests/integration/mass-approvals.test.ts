/**
 * Mass batches in the business approval queue (issue 16, document 001 'mass approve (batchId, declined)'),
 * through the API on PGlite and PostgreSQL: a batch an initiator confirmed waits in transactionRequestList
 * as one request with its batch, name, payments and total (counted in the approvers' badge, filtered like
 * any request); approving it with the approver's code lets its payments run; declining it gives its whole
 * funding back.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVALS_DEMO_LOGIN } from '../../server/approvals/demo-seed.ts';
import { runBatches } from '../../server/batches/batches.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { sandboxMessages } from '../../server/messaging/messages.ts';
import { transferFee } from '../../server/pricing/pricing.ts';
import { railAdapters } from '../../server/rails/adapters.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { startNorthwindApprovals } from './batch-support.ts';
import { BACKENDS, type TestServer } from './harness.ts';
import { accountStates, HEALTHY, ledgerHealth } from './ledger-support.ts';

type Answer = Record<string, unknown> & { responseCode: string };
interface Request {
  transactionId: number;
  transactionType: string;
  status: string;
  batchId?: number;
  batchName?: string;
  paymentCount?: number;
  amount: string;
  fee: string;
  currencyCode: string;
  payee: string;
  createdBy: { email: string };
}

const WIRE_HEADER = 'Beneficiary name,IBAN,SWIFT (BIC),Amount,Note';
const wires = (amounts: string[]) =>
  `data:text/csv;name=wires.csv;base64,${Buffer.from(
    `${WIRE_HEADER}\n${amounts.map((amount, index) => `Supplier ${index + 1},DE89 3704 0044 0532 0130 00,COBADEFFXXX,${amount},`).join('\n')}\n`,
    'utf8',
  ).toString('base64')}`;

for (const backend of BACKENDS) {
  describe(`mass batches in the approval queue on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let clerk: Tokens;
    let approver: Tokens;
    let accountId: number;

    beforeAll(async () => {
      ({ test, client, clerk, approver, accountId } = await startNorthwindApprovals(backend));
    });
    afterAll(() => test?.close());

    const db = () => test.server.db;
    const rpc = async (method: string, params: object, tokens: Tokens): Promise<Answer> =>
      (await client.rpc(method, params, { token: tokens.accessToken })).body as Answer;
    const balance = async () => (await accountStates(db(), [accountId])).get(accountId)!.balance;
    const list = async (tokens: Tokens, params: object = {}) => {
      const answer = await rpc('transactionRequestList', params, tokens);
      expect(answer.responseCode).toBe('00');
      return answer as Answer & { requests: Request[]; total: number };
    };
    /** The clerk uploads and confirms a wire batch: funded, it waits for an approver. */
    const requestBatch = async (name: string, amounts: string[]) => {
      const uploaded = await rpc('massTransferUpload', { transferType: 'wire', accountId, batchName: name, file: wires(amounts) }, clerk);
      expect(uploaded).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      const confirmed = await rpc('massTransferConfirm', { idempotencyKey: randomUUID(), batchId: uploaded.batchId }, clerk);
      expect(confirmed).toMatchObject({ responseCode: '00', status: 'awaitingApproval' });
      return uploaded.batchId as number;
    };
    const latestCode = async (purpose: string): Promise<string> => {
      const outbox = JSON.parse((await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ purpose })}`)).text);
      return /^(\d{6}) is your code/.exec(outbox.messages[0].body)![1]!;
    };

    it('lists a batch waiting for approval as one request with its batch, name, payments and total', async () => {
      const before = await list(approver);
      const badge = await rpc('approvalNotificationCounts', {}, approver);
      const batchId = await requestBatch('Listed suppliers', ['40.00', '25.50', '10.00']);
      const fees = transferFee('wire', 40_00n) + transferFee('wire', 25_50n) + transferFee('wire', 10_00n);
      const cents = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

      const after = await list(approver);
      expect(after.total).toBe(before.total + 1);
      const request = after.requests.find((item) => item.batchId === batchId);
      expect(request).toEqual({
        transactionId: -batchId,
        transactionType: 'wire',
        status: 'awaitingApproval',
        batchId,
        batchName: 'Listed suppliers',
        batchKey: String(batchId),
        paymentCount: 3,
        createdBy: { userId: expect.any(Number), email: APPROVALS_DEMO_LOGIN },
        createdDate: expect.any(String),
        fromAccountId: accountId,
        amount: '75.50',
        fee: cents(fees),
        currencyCode: 'USD',
        toAmount: '75.50',
        toCurrencyCode: 'USD',
        payee: 'Batch payments: 3',
      });
      // The newest request comes first, and the approver's badge counts it.
      expect(after.requests[0]!.batchId).toBe(batchId);
      expect(await rpc('approvalNotificationCounts', {}, approver)).toMatchObject({ pending: (badge.pending as number) + 1 });
      // The initiator sees their own batch too; the filters apply to it as to any request.
      expect((await list(clerk)).requests.some((item) => item.batchId === batchId)).toBe(true);
      expect((await list(approver, { groupedTransactionType: 'batch', transactionType: 'wire' })).requests.map((item) => item.batchId)).toContain(batchId);
      expect((await list(approver, { groupedTransactionType: 'single' })).requests.some((item) => item.paymentCount !== undefined)).toBe(false);
      expect((await list(approver, { transactionType: 'eft' })).requests.some((item) => item.batchId === batchId)).toBe(false);
      // A page of one: the batch, then the next request on the next page, nothing listed twice.
      const first = await list(approver, { size: 1, page: 1 });
      const second = await list(approver, { size: 1, page: 2 });
      expect(first.requests.map((item) => item.transactionId)).toEqual([-batchId]);
      expect(second.requests).toHaveLength(1);
      expect(second.requests[0]!.transactionId).not.toBe(-batchId);
      expect(second.requests[0]).toEqual(before.requests[0]);
      // Decided, it leaves the queue.
      expect(await rpc('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId, declined: true }, approver)).toMatchObject({
        responseCode: '00',
      });
      expect((await list(approver)).total).toBe(before.total);
    });

    it('runs the batch approved with the approver’s code, and gives the whole funding back when declined', async () => {
      const start = await balance();
      const approvedId = await requestBatch('Approved suppliers', ['12.00', '8.00']);
      const declinedId = await requestBatch('Declined suppliers', ['30.00']);
      const approvedFees = transferFee('wire', 12_00n) + transferFee('wire', 8_00n);
      const declinedHeld = 30_00n + transferFee('wire', 30_00n);
      expect(await balance()).toBe(start - 20_00n - approvedFees - declinedHeld);

      // Declined from the queue: the total and its fees come back whole, and it is over.
      const declined = await rpc('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId: declinedId, declined: true }, approver);
      expect(declined).toMatchObject({ responseCode: '00', approved: 0, declined: 1 });
      expect(await balance()).toBe(start - 20_00n - approvedFees);
      expect(await rpc('massTransferStatus', { batchId: declinedId }, clerk)).toMatchObject({ status: 'declined' });
      expect((await list(approver)).requests.some((item) => item.batchId === declinedId)).toBe(false);

      // Approved: the approver's code first, nothing moves before it.
      const challenge = await rpc('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId: approvedId, declined: false }, approver);
      expect(challenge).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      expect((await list(approver)).requests.some((item) => item.batchId === approvedId)).toBe(true);
      const approved = await rpc(
        'transactionRequestMassApprove',
        {
          idempotencyKey: randomUUID(),
          batchId: approvedId,
          declined: false,
          confirm: { requestId: challenge.requestId, approvalCode: await latestCode('massTransferApprove') },
        },
        approver,
      );
      expect(approved).toMatchObject({ responseCode: '00', approved: 2, declined: 0 });
      expect((await list(approver)).requests.some((item) => item.batchId === approvedId)).toBe(false);
      expect(await rpc('massTransferStatus', { batchId: approvedId }, clerk)).toMatchObject({ status: 'processing' });
      // The runner makes its rows wire payouts, paid from the batch's funding: the account gives nothing more.
      while ((await runBatches(db(), 500, { rails: railAdapters({ sandboxes: true }, db()), messages: sandboxMessages(db()) })) > 0);
      const payouts = await db().selectFrom('transfers').select(['kind', 'status']).where('batch_id', '=', BigInt(approvedId)).execute();
      expect(payouts).toEqual([
        { kind: 'wire', status: 'processing' },
        { kind: 'wire', status: 'processing' },
      ]);
      expect(await balance()).toBe(start - 20_00n - approvedFees);
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('lists a decided batch under Decided: approved or declined, by whom and when, once', async () => {
      const approvedId = await requestBatch('Decided approved', ['6.00', '4.00']);
      const declinedId = await requestBatch('Decided declined', ['9.00']);
      // Waiting, neither is decided yet.
      const before = await list(approver, { status: 'decided' });
      expect(before.requests.some((item) => item.batchId === approvedId || item.batchId === declinedId)).toBe(false);

      const decidedFrom = new Date().toISOString();
      const declined = await rpc(
        'transactionRequestMassApprove',
        { idempotencyKey: randomUUID(), batchId: declinedId, declined: true, reason: '  Wrong month  ' },
        approver,
      );
      expect(declined).toMatchObject({ responseCode: '00', declined: 1 });
      const challenge = await rpc('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId: approvedId, declined: false }, approver);
      const approved = await rpc(
        'transactionRequestMassApprove',
        {
          idempotencyKey: randomUUID(),
          batchId: approvedId,
          declined: false,
          confirm: { requestId: challenge.requestId, approvalCode: await latestCode('massTransferApprove') },
        },
        approver,
      );
      expect(approved).toMatchObject({ responseCode: '00', approved: 2 });

      const after = await list(approver, { status: 'decided' });
      expect(after.total).toBe(before.total + 2);
      const decided = (batchId: number) => after.requests.filter((item) => item.batchId === batchId);
      expect(decided(approvedId)).toEqual([
        expect.objectContaining({
          transactionId: -approvedId,
          transactionType: 'wire',
          status: 'processing',
          batchName: 'Decided approved',
          paymentCount: 2,
          amount: '10.00',
          decidedBy: DEMO_LOGINS.business,
          decidedDate: expect.any(String),
        }),
      ]);
      expect(decided(approvedId)[0]).not.toHaveProperty('declineReason');
      expect(decided(declinedId)).toEqual([
        expect.objectContaining({
          transactionId: -declinedId,
          status: 'declined',
          paymentCount: 1,
          amount: '9.00',
          decidedBy: DEMO_LOGINS.business,
          declineReason: 'Wrong month',
        }),
      ]);
      // Decided after they were asked for, at or before now.
      for (const batchId of [approvedId, declinedId]) {
        const { decidedDate } = decided(batchId)[0] as Request & { decidedDate: string };
        expect(decidedDate >= decidedFrom && decidedDate <= new Date().toISOString()).toBe(true);
      }
      // The initiator sees their decided batches too; they are no longer waiting.
      expect((await list(clerk, { status: 'decided' })).requests.map((item) => item.batchId)).toEqual(expect.arrayContaining([approvedId, declinedId]));
      expect((await list(approver)).requests.some((item) => item.batchId === approvedId || item.batchId === declinedId)).toBe(false);
      // Paid by the runner, the approved batch's payments are not listed as decided requests of their own.
      while ((await runBatches(db(), 500, { rails: railAdapters({ sandboxes: true }, db()), messages: sandboxMessages(db()) })) > 0);
      const paid = await list(approver, { status: 'decided' });
      expect(paid.total).toBe(after.total);
      expect(paid.requests.filter((item) => item.batchId === approvedId).map((item) => item.transactionId)).toEqual([-approvedId]);
    });
  });
}
