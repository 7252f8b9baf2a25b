/**
 * Global pay batches in the business approval queue (issue 16 item 5, document 001 'mass approve (batchId,
 * declined)'), through the API on PGlite and PostgreSQL with the business demo users: a batch submitted by
 * clerk@ (who may only initiate) is funded and waits for an approver, no sender's code sent; it is listed as
 * one request (its payments, total and fees; counted in the approvers' badge); business@ approves it with
 * their own code (each recipient then gets their link) or declines it (its whole funding back); either way it
 * shows under Decided with who decided.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVALS_DEMO_LOGIN } from '../../server/approvals/demo-seed.ts';
import { GLOBAL_PAY_REQUEST_OFFSET } from '../../server/approvals/queue.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Json, type Tokens } from '../support/api-client.ts';
import { csvDataUrl, startNorthwindApprovals } from './batch-support.ts';
import { BACKENDS, type TestServer } from './harness.ts';
import { accountStates, HEALTHY, ledgerHealth, uniqueEmail } from './ledger-support.ts';

const HEADER = 'amount,description,beneficiaryType,beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,feeShare,forbiddenMethods';

for (const backend of BACKENDS) {
  describe(`global pay batches in the approval queue on ${backend.name}`, () => {
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
    const rpc = async (method: string, params: object, tokens: Tokens): Promise<Json> => (await client.rpc(method, params, { token: tokens.accessToken })).body;
    const balance = async () => (await accountStates(db(), [accountId])).get(accountId)!.balance;
    const list = async (tokens: Tokens, params: object = {}) => {
      const answer = await rpc('transactionRequestList', params, tokens);
      expect(answer.responseCode).toBe('00');
      return answer as Json & { requests: Json[]; total: number };
    };
    const messages = (purpose: string, to?: string) =>
      db()
        .selectFrom('outbox_messages')
        .select(['id', 'body', 'recipient'])
        .where('purpose', '=', purpose)
        .$if(to !== undefined, (qb) => qb.where('recipient', '=', to!.toLowerCase()))
        .orderBy('id', 'desc')
        .execute();

    /** clerk@ uploads and submits a global pay batch of two payments: funded, it waits for an approver. */
    const requestBatch = async (name: string) => {
      const emails = [uniqueEmail('ana'), uniqueEmail('ben')];
      const file = csvDataUrl(
        [HEADER, `30.00,Fees,individual,Ana Weber,${emails[0]},DE,sender,`, `20.00,Fees,individual,Ben Carter,${emails[1]},GB,beneficiary,`].join('\n'),
      );
      const uploaded = await rpc('globalPayUpload', { accountId, batchName: name, attachedFile: file }, clerk);
      expect(uploaded).toMatchObject({ responseCode: '00', batch: { status: 'draft', count: 2, total: '50.00' } });
      const batchId = uploaded.batch.batchId as number;
      const codesBefore = (await messages('globalPayApproval')).length;
      const before = await balance();
      const submitted = await rpc('globalPaySubmit', { idempotencyKey: randomUUID(), batchId }, clerk);
      expect(submitted).toMatchObject({ responseCode: '00', batch: { status: 'awaitingApproval', approvalRequested: true } });
      // No sender's code: the batch waits for an approver, funded (its total and the sender's fees held).
      expect(submitted.approval).toBeUndefined();
      expect(submitted.batch.operationId).toBeUndefined();
      expect(await messages('globalPayApproval')).toHaveLength(codesBefore);
      const held = before - (await balance());
      expect(held).toBe(5000n + BigInt(Math.round(Number(submitted.batch.fees) * 100)));
      return { batchId, emails, held, fees: submitted.batch.fees as string };
    };

    it('lists a submitted batch as one request, approved with the approver’s code: each recipient is sent their link', async () => {
      const badge = await rpc('approvalNotificationCounts', {}, approver);
      const { batchId, emails, fees } = await requestBatch('Models, approved');
      const transactionId = -(GLOBAL_PAY_REQUEST_OFFSET + batchId);

      const waiting = await list(approver);
      expect(waiting.requests.find((item: Json) => item.transactionId === transactionId)).toEqual({
        transactionId,
        transactionType: 'globalPay',
        status: 'awaitingApproval',
        batchId,
        batchName: 'Models, approved',
        batchType: 'globalPay',
        batchKey: `globalPay-${batchId}`,
        paymentCount: 2,
        createdBy: { userId: expect.any(Number), email: APPROVALS_DEMO_LOGIN },
        createdDate: expect.any(String),
        fromAccountId: accountId,
        amount: '50.00',
        fee: fees,
        currencyCode: 'USD',
        toAmount: '50.00',
        toCurrencyCode: 'USD',
        payee: 'Batch payments: 2',
      });
      expect(await rpc('approvalNotificationCounts', {}, approver)).toMatchObject({ pending: badge.pending + 1 });
      expect((await list(clerk)).requests.some((item: Json) => item.transactionId === transactionId)).toBe(true);
      expect((await list(approver, { transactionType: 'globalPay' })).requests.map((item: Json) => item.transactionId)).toContain(transactionId);
      expect((await list(approver, { transactionType: 'wire' })).requests.some((item: Json) => item.transactionId === transactionId)).toBe(false);
      expect((await list(approver, { groupedTransactionType: 'single' })).requests.some((item: Json) => item.transactionId === transactionId)).toBe(false);

      // The sender's code path is closed: the initiator may not approve, and no code approves it either.
      expect((await rpc('globalPayBatchApprove', { idempotencyKey: randomUUID(), operationId: batchId, approvalCode: '123456' }, clerk)).responseCode).not.toBe(
        '00',
      );
      const byCode = await rpc('globalPayBatchApprove', { idempotencyKey: randomUUID(), operationId: batchId, approvalCode: '123456' }, approver);
      expect(byCode).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'operationId' }] });
      // Nor is a mass batch of that number decided in its place.
      const asMass = await rpc('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId, declined: true }, approver);
      expect(asMass.declined ?? 0).toBe(0);
      expect((await rpc('globalPayBatchGet', { batchId }, clerk)).status).toBe('awaitingApproval');

      // Approving asks the approver's own code, bound to the batch; nothing is sent before it.
      const params = { batchId, batchType: 'globalPay', declined: false };
      const challenge = await rpc('transactionRequestMassApprove', { idempotencyKey: randomUUID(), ...params }, approver);
      expect(challenge).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      expect(await messages('globalPayLink', emails[0])).toHaveLength(0);
      const sms = (await messages('globalPayApprove'))[0]!;
      expect(sms.body).toContain('Models, approved');
      const approved = await rpc(
        'transactionRequestMassApprove',
        { idempotencyKey: randomUUID(), ...params, confirm: { requestId: challenge.requestId, approvalCode: /^(\d{6}) /.exec(sms.body)![1] } },
        approver,
      );
      expect(approved).toMatchObject({ responseCode: '00', approved: 2, declined: 0 });
      expect(await rpc('globalPayBatchGet', { batchId }, clerk)).toMatchObject({ status: 'submitted' });
      for (const email of emails) expect((await messages('globalPayLink', email))[0]!.body).toMatch(/\/receive\/[A-Za-z0-9_-]{43,}/);
      expect((await list(approver)).requests.some((item: Json) => item.transactionId === transactionId)).toBe(false);
      const decided = (await list(approver, { status: 'decided' })).requests.find((item: Json) => item.transactionId === transactionId);
      expect(decided).toMatchObject({
        status: 'completed',
        paymentCount: 2,
        amount: '50.00',
        decidedBy: DEMO_LOGINS.business,
        decidedDate: expect.any(String),
      });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('gives the whole funding back when an approver declines it, and lists it as declined', async () => {
      const start = await balance();
      const { batchId, emails, held } = await requestBatch('Models, declined');
      expect(await balance()).toBe(start - held);
      const declined = await rpc(
        'transactionRequestMassApprove',
        { idempotencyKey: randomUUID(), batchId, batchType: 'globalPay', declined: true, reason: 'Not this month' },
        approver,
      );
      expect(declined).toMatchObject({ responseCode: '00', approved: 0, declined: 2 });
      expect(await balance()).toBe(start);
      expect(await rpc('globalPayBatchGet', { batchId }, clerk)).toMatchObject({ status: 'rejected' });
      expect(await messages('globalPayLink', emails[0])).toHaveLength(0);
      const decided = (await list(clerk, { status: 'decided' })).requests.find((item: Json) => item.batchId === batchId && item.batchType === 'globalPay');
      expect(decided).toMatchObject({ status: 'declined', paymentCount: 2, amount: '50.00', decidedBy: DEMO_LOGINS.business, declineReason: 'Not this month' });
      // Decided once: deciding again is refused on the batch, and nothing moves.
      const again = await rpc('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId, batchType: 'globalPay', declined: true }, approver);
      expect(again).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'batchId' }] });
      expect(await balance()).toBe(start);
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('makes a single global pay payment an initiator sends an approval request too', async () => {
      const start = await balance();
      const email = uniqueEmail('fay');
      const payment = {
        amount: '40.00',
        beneficiaryType: 'individual',
        beneficiaryName: 'Fay Tremblay',
        beneficiaryEmail: email,
        beneficiaryCountryCode: 'CA',
        feeShare: 'sender',
      };
      const codesBefore = (await messages('globalPayApproval')).length;
      const submitted = await rpc('p2pGlobalPaySubmit', { idempotencyKey: randomUUID(), accountId, ...payment }, clerk);
      expect(submitted).toMatchObject({ responseCode: '00', approvalRequested: true });
      expect(submitted.approval).toBeUndefined();
      expect(await messages('globalPayApproval')).toHaveLength(codesBefore);
      expect(await balance()).toBeLessThan(start - 4000n);
      // The initiator cannot send it with a code of their own.
      const byCode = await rpc('globalPayPaymentApprove', { idempotencyKey: randomUUID(), operationId: submitted.batchId, approvalCode: '123456' }, clerk);
      expect(byCode).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'operationId' }] });
      const request = (await list(approver, { transactionType: 'globalPay' })).requests.find((item: Json) => item.batchId === submitted.batchId);
      expect(request).toMatchObject({ status: 'awaitingApproval', batchType: 'globalPay', paymentCount: 1, amount: '40.00', batchName: 'Fay Tremblay' });
      const declined = await rpc(
        'transactionRequestMassApprove',
        { idempotencyKey: randomUUID(), batchId: submitted.batchId, batchType: 'globalPay', declined: true },
        approver,
      );
      expect(declined).toMatchObject({ responseCode: '00', declined: 1 });
      expect(await balance()).toBe(start);
      expect(await messages('globalPayLink', email)).toHaveLength(0);
    });
  });
}
