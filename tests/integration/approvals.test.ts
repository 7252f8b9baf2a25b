import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVALS_DEMO_LOGIN } from '../../server/approvals/demo-seed.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { MAX_CHALLENGES_PER_WINDOW, STEP_UP_WINDOW_MINUTES } from '../../server/signin/step-up.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { currentBalance } from '../../server/ledger/system-balances.ts';

interface Account {
  accountId: number;
  balance: string;
  pendingAmount: string;
  currencyCode: string;
}

const cents = (value: string) => Math.round(Number(value) * 100);

for (const backend of BACKENDS) {
  describe(`business approval queue on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let approver: Tokens;
    let approver2: Tokens;
    let clerk: Tokens;
    let anna: Tokens;

    const call = (method: string, params: object, tokens: Tokens) => client.rpc(method, params, { token: tokens.accessToken });
    const account = async (tokens: Tokens, currency: string): Promise<Account> =>
      (await call('balanceInquiry', {}, tokens)).body.accounts.find((a: Account) => a.currencyCode === currency);
    /** The newest approval code the approver was sent (by SMS or e-mail, after the call's commit). */
    const latestApprovalCode = async (): Promise<string> => {
      const outbox = JSON.parse((await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ purpose: 'transferRequestApproval' })}`)).text);
      return /^(\d{6}) is your code/.exec(outbox.messages[0].body)![1]!;
    };
    /** The first call of an approval: its challenge, and the code that was sent for it. */
    const startApproval = async (ids: number[], tokens = approver) => {
      const answer = await call('transactionRequestApprove', { idempotencyKey: randomUUID(), transactionIds: ids, declined: false }, tokens);
      if (answer.body.status !== 'awaitingConfirmation') return { answer };
      return { answer, requestId: answer.body.requestId as string, code: await latestApprovalCode() };
    };
    const confirmApproval = (ids: number[], started: { requestId?: string; code?: string }, tokens = approver, approvalCode = started.code) =>
      call(
        'transactionRequestApprove',
        { idempotencyKey: randomUUID(), transactionIds: ids, declined: false, confirm: { requestId: started.requestId, approvalCode } },
        tokens,
      );
    /** Approves with the approver's code (or declines, which needs none); answers the final call. */
    const approve = async (ids: number[], tokens = approver, declined = false, reason?: string) => {
      if (declined)
        return call('transactionRequestApprove', { idempotencyKey: randomUUID(), transactionIds: ids, declined, ...(reason ? { reason } : {}) }, tokens);
      const started = await startApproval(ids, tokens);
      return started.requestId ? confirmApproval(ids, started, tokens) : started.answer;
    };
    const massApprove = async (batchId: number, tokens = approver) => {
      const first = await call('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId, declined: false }, tokens);
      if (first.body.status !== 'awaitingConfirmation') return first;
      const confirm = { requestId: first.body.requestId, approvalCode: await latestApprovalCode() };
      return call('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId, declined: false, confirm }, tokens);
    };
    const clerkSends = async (amount: string, toEmail = DEMO_LOGINS.personal, currency = 'USD') => {
      const from = await account(clerk, currency);
      const sent = await call('p2pTransfer', { idempotencyKey: randomUUID(), accountId: from.accountId, amount, toEmail, note: `request ${amount}` }, clerk);
      expect(sent.body).toMatchObject({ responseCode: '00', status: 'awaitingApproval' });
      debited.set(sent.body.operationId, cents(sent.body.amount) + cents(sent.body.fee));
      return sent.body.operationId as number;
    };
    /** What each request takes from the source account: amount plus fee, in cents. */
    const debited = new Map<number, number>();
    const snapshot = async () => {
      const db = test.server.db;
      return {
        accounts: await db
          .selectFrom('accounts as a')
          .select(['a.id', currentBalance.as('balance'), 'a.pending'])
          .orderBy('a.id')
          .execute(),
        transfers: await db.selectFrom('transfers').select(['id', 'status', 'decided_by_user_id']).orderBy('id').execute(),
        batches: await db.selectFrom('transfer_batches').select(['id', 'status']).orderBy('id').execute(),
        entries: await db.selectFrom('ledger_entries').select(['id', 'status']).orderBy('id').execute(),
      };
    };

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      approver = await client.signIn(DEMO_LOGINS.business);
      approver2 = await client.signIn(DEMO_LOGINS.business);
      clerk = await client.signIn(APPROVALS_DEMO_LOGIN);
      anna = await client.signIn(DEMO_LOGINS.personal);
    });
    afterAll(() => test?.close());

    it('shows the seeded requests: all of them to the approver, their own to the clerk', async () => {
      const all = await call('transactionRequestList', {}, approver);
      expect(all.body).toMatchObject({ responseCode: '00', mayApprove: true, total: 4 });
      expect(all.body.requests.map((r: { amount: string }) => r.amount).sort()).toEqual(['1250.00', '180.00', '86.40', '95.50']);
      expect(all.body.requests[0]).toMatchObject({ status: 'awaitingApproval', createdBy: { email: APPROVALS_DEMO_LOGIN } });
      const batch = all.body.requests.filter((r: { batchId?: number }) => r.batchId);
      expect(batch).toHaveLength(2);
      expect(batch[0].batchName).toBe('Contributor payouts June');
      expect(all.body.requests.find((r: { amount: string }) => r.amount === '1250.00').payee).toBe('Anna Novak');

      const mine = await call('transactionRequestList', { size: 50 }, clerk);
      expect(mine.body).toMatchObject({ responseCode: '00', mayApprove: false, total: 4 });

      const counts = await call('approvalNotificationCounts', {}, approver);
      expect(counts.body).toMatchObject({ responseCode: '00', pending: 4, mine: 0, access: 'approve' });
      expect((await call('approvalNotificationCounts', {}, clerk)).body).toMatchObject({ pending: 0, mine: 4, access: 'request' });
      expect((await call('approvalNotificationCounts', {}, anna)).body).toMatchObject({ pending: 0, mine: 0, access: 'none' });

      const users = await call('transactionRequestUsers', {}, approver);
      expect(users.body.users).toEqual([{ userId: expect.any(Number), email: APPROVALS_DEMO_LOGIN }]);
      expect((await call('transactionRequestUsers', {}, clerk)).body.responseCode).toBe('13');
    });

    it('filters by batch, type, creator and dates and pages by the asked size', async () => {
      const batch = await call('transactionRequestList', { groupedTransactionType: 'batch' }, approver);
      expect(batch.body.total).toBe(2);
      const single = await call('transactionRequestList', { groupedTransactionType: 'single' }, approver);
      expect(single.body.total).toBe(2);
      expect((await call('transactionRequestList', { transactionType: 'account' }, approver)).body.total).toBe(0);
      const users = (await call('transactionRequestUsers', {}, approver)).body.users;
      expect((await call('transactionRequestList', { createdBy: users[0].userId }, approver)).body.total).toBe(4);
      expect((await call('transactionRequestList', { createdBy: 999_999 }, approver)).body.total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      expect((await call('transactionRequestList', { fromDate: today, toDate: today }, approver)).body.total).toBe(4);
      expect((await call('transactionRequestList', { toDate: '2020-01-01' }, approver)).body.total).toBe(0);
      const page = await call('transactionRequestList', { size: 3, page: 2 }, approver);
      expect(page.body).toMatchObject({ total: 4 });
      expect(page.body.requests).toHaveLength(1);
    });

    it('holds a clerk request, refuses the clerk approving it (13), and the approver moves the money exactly once', async () => {
      const before = await account(clerk, 'USD');
      const payeeBefore = await account(anna, 'USD');
      const id = await clerkSends('40.00');
      const held = await account(clerk, 'USD');
      expect(held.balance).toBe(before.balance);
      expect(cents(held.pendingAmount) - cents(before.pendingAmount)).toBe(debited.get(id));
      expect(debited.get(id)).toBeGreaterThanOrEqual(4000);

      const unchanged = await snapshot();
      expect((await approve([id], clerk)).body.responseCode).toBe('13');
      expect((await call('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId: 1, declined: false }, clerk)).body.responseCode).toBe('13');
      expect(await snapshot()).toEqual(unchanged);

      // Two approvers confirm at the same time, each with their own code: one approves, the other finds it decided.
      const mine = await startApproval([id], approver);
      const theirs = await startApproval([id], approver2);
      expect(mine.answer.body).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation', approveType: 'sms' });
      expect(await snapshot()).toEqual(unchanged);
      const [first, second] = await Promise.all([confirmApproval([id], mine, approver), confirmApproval([id], theirs, approver2)]);
      const outcomes = [first.body, second.body].map((body) => body.results[0].outcome).sort();
      expect(first.body.responseCode).toBe('00');
      expect(second.body.responseCode).toBe('00');
      expect(outcomes).toEqual(['alreadyDecided', 'approved']);

      const after = await account(clerk, 'USD');
      expect(cents(after.pendingAmount)).toBe(cents(before.pendingAmount));
      expect(cents(before.balance) - cents(after.balance)).toBe(debited.get(id));
      expect(cents((await account(anna, 'USD')).balance) - cents(payeeBefore.balance)).toBe(4000);
      expect((await call('transferStatus', { trxid: id }, clerk)).body).toMatchObject({ status: 'completed' });
      expect((await checkLedgerInvariant(test.server.db)).holds).toBe(true);

      const decided = await call('transactionRequestList', { status: 'decided' }, approver);
      expect(decided.body.requests[0]).toMatchObject({ transactionId: id, status: 'completed', decidedBy: DEMO_LOGINS.business });
      const notice = JSON.parse(
        (await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to: APPROVALS_DEMO_LOGIN, purpose: 'transferRequestDecision' })}`)).text,
      );
      expect(notice.messages[0].body).toMatch(new RegExp(`request ${id} of \\$40\\.00 to .* was approved`));
    });

    it("asks the approver's own second factor, bound to the requests and their amounts, before any money moves", async () => {
      const [id, other] = [await clerkSends('12.00'), await clerkSends('13.00')];
      const before = await snapshot();
      const started = await startApproval([id]);
      expect(started.answer.body).toMatchObject({
        responseCode: '00',
        status: 'awaitingConfirmation',
        approveType: 'sms',
        approvalSentTo: expect.stringMatching(/^\+\d+ •/),
      });
      const sms = JSON.parse((await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ purpose: 'transferRequestApproval' })}`)).text).messages[0];
      expect(sms.body).toContain(`$12.00 to ${DEMO_LOGINS.personal}`);
      expect(await snapshot()).toEqual(before);

      // The code opens only what it was sent for: other requests, or more of them, need their own.
      const elsewhere = await confirmApproval([other], started);
      expect(elsewhere.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'transactionIds' }] });
      expect((await confirmApproval([id, other], started)).body.validationErrors[0].field).toBe('transactionIds');
      // Another user's code (the clerk's session cannot even call it) and a wrong code move nothing.
      expect((await confirmApproval([id], started, clerk)).body.responseCode).toBe('13');
      const wrong = started.code === '000000' ? '111111' : '000000';
      expect((await confirmApproval([id], started, approver, wrong)).body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'confirm.approvalCode', description: 'The code is wrong. 4 attempts left.' }],
      });
      expect(await snapshot()).toEqual(before);

      const done = await confirmApproval([id], started);
      expect(done.body).toMatchObject({ responseCode: '00', approved: 1, results: [{ transactionId: id, outcome: 'approved' }] });
      // Sent once: again it moves nothing (nothing is left to send, so no code is asked), and the other request still waits.
      expect((await confirmApproval([id], started)).body).toMatchObject({
        responseCode: '00',
        approved: 0,
        results: [{ transactionId: id, outcome: 'alreadyDecided' }],
      });
      expect(
        await test.server.db.selectFrom('step_up_challenges').select('used_at').where('id', '=', BigInt(started.requestId!)).executeTakeFirstOrThrow(),
      ).toEqual({ used_at: expect.any(Date) });
      expect((await call('transferStatus', { trxid: other }, clerk)).body.status).toBe('awaitingApproval');
      await approve([other], approver, true);
    });

    it('counts wrong codes although each wrong call rolls back: the fifth ends the challenge and nothing moved', async () => {
      const id = await clerkSends('14.00');
      const started = await startApproval([id]);
      const wrong = started.code === '000000' ? '111111' : '000000';
      const before = await snapshot();
      const answers = [];
      // The same idempotency key each time: a refused call keeps no key, so it may be sent again.
      const idempotencyKey = randomUUID();
      for (let attempt = 0; attempt < 6; attempt++) {
        answers.push(
          (
            await call(
              'transactionRequestApprove',
              { idempotencyKey, transactionIds: [id], declined: false, confirm: { requestId: started.requestId, approvalCode: wrong } },
              approver,
            )
          ).body,
        );
      }
      expect(answers.map((answer) => answer.validationErrors[0].description)).toEqual([
        'The code is wrong. 4 attempts left.',
        'The code is wrong. 3 attempts left.',
        'The code is wrong. 2 attempts left.',
        'The code is wrong. 1 attempt left.',
        'Too many wrong codes: ask for a new code.',
        'This code was already used or has ended: ask for a new one.',
      ]);
      // Even the right code no longer opens it.
      expect((await confirmApproval([id], started)).body.responseCode).toBe('TA1');
      expect(await snapshot()).toEqual(before);
      await approve([id], approver, true);
    });

    it(`refuses more than ${MAX_CHALLENGES_PER_WINDOW} approval codes in ${STEP_UP_WINDOW_MINUTES} minutes, so codes are not sent without end`, async () => {
      const id = await clerkSends('16.00');
      const business = await test.server.db.selectFrom('users').select('id').where('email', '=', DEMO_LOGINS.business).executeTakeFirstOrThrow();
      const sent = await test.server.db
        .selectFrom('step_up_challenges')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', business.id)
        .where('action', '=', 'transfersApprove')
        .where('created_at', '>', new Date(Date.now() - STEP_UP_WINDOW_MINUTES * 60_000))
        .executeTakeFirstOrThrow();
      const answers = [];
      for (let index = Number(sent.n); index <= MAX_CHALLENGES_PER_WINDOW; index++) answers.push((await startApproval([id])).answer.body);
      expect(answers.slice(0, -1).every((answer) => answer.status === 'awaitingConfirmation')).toBe(true);
      expect(answers.at(-1)).toMatchObject({ responseCode: 'AE', responseDescription: expect.stringMatching(/Too many codes/) });
      // Declining moves money back to the customer and needs no code.
      expect((await approve([id], approver, true)).body).toMatchObject({ responseCode: '00', declined: 1 });
      // Later approvals would wait out the window: let the rest of this file start again.
      await test.server.db.deleteFrom('step_up_challenges').where('user_id', '=', business.id).execute();
    });

    it('approves many requests concurrently, each once', async () => {
      const ids = [await clerkSends('1.00'), await clerkSends('2.00'), await clerkSends('3.00')];
      const before = await account(clerk, 'USD');
      const flows = [
        [approver, ids],
        [approver2, [...ids].reverse()],
        [approver, [ids[1]!]],
      ] as const;
      const started: Array<Awaited<ReturnType<typeof startApproval>>> = [];
      for (const [tokens, chosen] of flows) started.push(await startApproval([...chosen], tokens));
      const answers = await Promise.all(flows.map(([tokens, chosen], index) => confirmApproval([...chosen], started[index]!, tokens)));
      for (const answer of answers) expect(answer.body.responseCode).toBe('00');
      expect(answers.reduce((sum, answer) => sum + answer.body.approved, 0)).toBe(3);
      const after = await account(clerk, 'USD');
      const total = ids.reduce((sum, id) => sum + debited.get(id)!, 0);
      expect(cents(before.balance) - cents(after.balance)).toBe(total);
      expect(cents(before.pendingAmount) - cents(after.pendingAmount)).toBe(total);
      expect((await checkLedgerInvariant(test.server.db)).holds).toBe(true);
    });

    it('declines a request and releases its funds, with the reason for the clerk', async () => {
      const before = await account(clerk, 'USD');
      const id = await clerkSends('15.00');
      const answer = await approve([id], approver, true, "Not in this month's budget");
      expect(answer.body).toMatchObject({ responseCode: '00', declined: 1, results: [{ transactionId: id, outcome: 'declined', status: 'declined' }] });
      const after = await account(clerk, 'USD');
      expect(after).toMatchObject({ balance: before.balance, pendingAmount: before.pendingAmount });
      const status = await call('transferStatus', { trxid: id }, clerk);
      expect(status.body).toMatchObject({ status: 'declined', declineReason: "Not in this month's budget" });
      expect((await approve([id], approver)).body.results[0]).toMatchObject({ outcome: 'alreadyDecided', status: 'declined' });
    });

    it('approves a whole batch at once and settles the batch', async () => {
      const list = await call('transactionRequestList', { groupedTransactionType: 'batch' }, approver);
      const batchId = list.body.requests[0].batchId as number;
      const before = await account(approver, 'EUR');
      const answer = await massApprove(batchId);
      expect(answer.body).toMatchObject({ responseCode: '00', approved: 2, skipped: 0 });
      const after = await account(approver, 'EUR');
      expect(cents(before.pendingAmount) - cents(after.pendingAmount)).toBe(cents(before.balance) - cents(after.balance));
      expect(cents(before.balance) - cents(after.balance)).toBeGreaterThanOrEqual(27_550);
      const batch = await test.server.db.selectFrom('transfer_batches').select('status').where('id', '=', BigInt(batchId)).executeTakeFirstOrThrow();
      expect(batch.status).toBe('completed');
      const again = await call('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId, declined: true }, approver);
      expect(again.body).toMatchObject({ responseCode: '00', approved: 0, declined: 0, results: [] });
    });

    it("refuses another customer's request or batch with 13 and changes nothing", async () => {
      const id = await clerkSends('9.00');
      const annaUsd = await account(anna, 'USD');
      const annas = await call(
        'p2pTransfer',
        { idempotencyKey: randomUUID(), accountId: annaUsd.accountId, amount: '1.00', toEmail: DEMO_LOGINS.business },
        anna,
      );
      const before = await snapshot();
      // Anna (another customer) names Northwind's request; the approver names Anna's transfer among its own.
      expect((await approve([id], anna)).body.responseCode).toBe('13');
      expect((await approve([id, annas.body.operationId], approver)).body.responseCode).toBe('13');
      expect((await approve([id], anna, true)).body.responseCode).toBe('13');
      const batchId = Number((await test.server.db.selectFrom('transfer_batches').select('id').executeTakeFirstOrThrow()).id);
      expect((await call('transactionRequestMassApprove', { idempotencyKey: randomUUID(), batchId, declined: true }, anna)).body.responseCode).toBe('13');
      expect((await call('transactionRequestList', {}, anna)).body).toMatchObject({ responseCode: '00', total: 0, requests: [] });
      expect(await snapshot()).toEqual(before);
    });

    it('never lets a user approve their own request', async () => {
      const id = await clerkSends('4.00');
      const clerkUser = await test.server.db.selectFrom('users').select('id').where('email', '=', APPROVALS_DEMO_LOGIN).executeTakeFirstOrThrow();
      await test.server.db
        .updateTable('customer_access')
        .set({ rights: ['balanceInfo', 'transfers', 'transfersApprove'] })
        .where('user_id', '=', clerkUser.id)
        .execute();
      try {
        const answer = await approve([id], clerk);
        expect(answer.body).toMatchObject({
          responseCode: '00',
          approved: 0,
          skipped: 1,
          results: [{ transactionId: id, outcome: 'ownRequest', status: 'awaitingApproval' }],
        });
        const withdrawn = await approve([id], clerk, true);
        expect(withdrawn.body).toMatchObject({ responseCode: '00', declined: 1 });
      } finally {
        await test.server.db
          .updateTable('customer_access')
          .set({ rights: ['balanceInfo', 'transfers'] })
          .where('user_id', '=', clerkUser.id)
          .execute();
      }
    });
  });
}
