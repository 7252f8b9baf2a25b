/**
 * A payout's second factor and business approval (issue 15 item 5), against the real server on PGlite and
 * PostgreSQL, on the wire rail (every rail goes through the same createPayout): a customer whose two-step
 * setting asks for a code gets 'awaitingConfirmation', the money held and nothing sent to the rail; the
 * code is bound to the payout's amount and beneficiary; confirming hands the payout to its rail exactly
 * once, even when confirmed concurrently, and leaves the hold to the rail's settlement; cancelling or too
 * many wrong codes release the hold. A business user who may only create requests makes a request that
 * the approver sees with its rail and beneficiary: approved, it goes to the rail; declined, the hold is
 * released. Another customer's payout is refused with 13.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPROVALS_DEMO_LOGIN } from '../../server/approvals/demo-seed.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { railAdapters } from '../../server/rails/adapters.ts';
import { resendPendingPayouts, RESEND_AFTER_SECONDS } from '../../server/rails/payouts.ts';
import { confirmTransfer } from '../../server/transfers/confirmation.ts';
import { type Tokens } from '../support/api-client.ts';
import { BACKENDS } from './harness.ts';
import { railTestServer, type RailAnswer, type RailCustomer } from './rails-support.ts';
import { accountStates, HEALTHY, ledgerHealth } from './ledger-support.ts';

const ADA = { beneficiaryName: 'Ada Lovelace', iban: 'DE89 3704 0044 0532 0130 00', swift: 'COBADEFFXXX' };
const BOB = { beneficiaryName: 'Bob Marley', iban: 'GB82 WEST 1234 5698 7654 32', swift: 'NWBKGB2L' };
/** The customer's two-step setting that asks a code by SMS (an e-mail code when they have no phone). */
const SMS_MODE = 2;

type Customer = RailCustomer;

for (const backend of BACKENDS) {
  describe(`payout confirmation and approval on ${backend.name}`, () => {
    const railServer = railTestServer(backend);
    const { db, rpc } = railServer;
    const wire = (from: Customer, amount: string, beneficiary: object = ADA) =>
      rpc('wireTransfer', { idempotencyKey: randomUUID(), accountId: from.account, amount, ...beneficiary }, from.tokens);
    const approve = (from: Customer, trxid: number, approvalCode: string) => rpc('transferApprove', { trxid, approvalCode }, from.tokens);
    const usd = railServer.balance;
    /** Whether the rail's network has the payout: the sandbox rail books every payout handed to it. */
    const atRail = async (operationId: number) =>
      (await db().selectFrom('rail_sandbox_payouts').select('end_to_end_id').where('end_to_end_id', '=', `WIRE-${operationId}`).execute()).length;
    /** The newest transfer code sent to `to` (by e-mail: test customers have no phone). */
    const latestCode = async (to: string): Promise<string> => {
      const answer = await railServer.client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to, purpose: 'transferConfirmation' })}`);
      const code = /^([0-9]{6}) is your code/.exec(JSON.parse(answer.text).messages[0]?.body ?? '')?.[1];
      if (!code) throw new Error(`no transfer code was sent to ${to}`);
      return code;
    };
    const wrongFor = (code: string) => (code === '999999' ? '999998' : '999999');

    /** A fresh customer with `funds` minor units of USD, signed in, whose setting asks a code for transfers. */
    const newCustomer = (name: string, funds: bigint) => railServer.newCustomer(name, funds, { approveMode: SMS_MODE });

    it('holds the money and sends nothing until the code is given; then the rail has it and the hold waits for its settlement', async () => {
      const ada = await newCustomer('asks', 1_000_00n);
      const sent = await wire(ada, '100.00');
      expect(sent).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation', approveType: 'approvalCode', amount: '100.00', fee: '15.00' });
      expect(sent.approvalSentTo).toMatch(/•••/);
      expect(await usd(ada)).toMatchObject({ balance: 1_000_00n, pending: 115_00n });
      expect(await atRail(sent.operationId!)).toBe(0);
      // The scheduler's resend never hands over a payout still waiting for its code.
      const rails = railAdapters({ sandboxes: true }, db());
      await resendPendingPayouts(db(), rails, new Date(Date.now() + (RESEND_AFTER_SECONDS + 5) * 1000));
      expect(await atRail(sent.operationId!)).toBe(0);

      const code = await latestCode(ada.email);
      expect(await approve(ada, sent.operationId!, code)).toMatchObject({ responseCode: '00', status: 'processing' });
      expect(await atRail(sent.operationId!)).toBe(1);
      expect(await usd(ada)).toMatchObject({ balance: 1_000_00n, pending: 115_00n });
      expect(await rpc('payoutStatus', { operationId: sent.operationId }, ada.tokens)).toMatchObject({ responseCode: '00', state: 'pending' });

      const settled = await railServer.client.post<{ state?: string }>(`/sandbox/rails/wire/payouts/WIRE-${sent.operationId}`, { action: 'settle' });
      expect(settled.body).toEqual({ state: 'settled' });
      expect(await usd(ada)).toMatchObject({ balance: 885_00n, pending: 0n });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it("binds the code to the payout: another payout's code, a changed amount or a changed beneficiary is refused", async () => {
      const ben = await newCustomer('bound', 2_000_00n);
      const first = await wire(ben, '100.00', ADA);
      const firstCode = await latestCode(ben.email);
      const second = await wire(ben, '200.00', BOB);
      const secondCode = await latestCode(ben.email);
      expect(second.status).toBe('awaitingConfirmation');

      // The first payout's code does not confirm the second, to another beneficiary for another amount.
      const crossed = await approve(ben, second.operationId!, firstCode === secondCode ? wrongFor(secondCode) : firstCode);
      expect(crossed).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'approvalCode' }] });
      expect(await atRail(second.operationId!)).toBe(0);

      // The beneficiary changed after the code was sent: the code no longer confirms the payout.
      const payout = await db()
        .selectFrom('rail_payouts')
        .select(['id', 'beneficiary'])
        .where('transfer_id', '=', BigInt(first.operationId!))
        .executeTakeFirstOrThrow();
      await db()
        .updateTable('rail_payouts')
        .set({ beneficiary: JSON.stringify({ ...payout.beneficiary, iban: 'GB82WEST12345698765432' }) })
        .where('id', '=', payout.id)
        .execute();
      expect(await approve(ben, first.operationId!, firstCode)).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'approvalCode', description: expect.stringMatching(/changed/i) }],
      });
      await db()
        .updateTable('rail_payouts')
        .set({ beneficiary: JSON.stringify(payout.beneficiary) })
        .where('id', '=', payout.id)
        .execute();

      // So does a changed amount.
      await db().updateTable('transfers').set({ amount: 150_00n }).where('id', '=', BigInt(second.operationId!)).execute();
      expect(await approve(ben, second.operationId!, secondCode)).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'approvalCode', description: expect.stringMatching(/changed/i) }],
      });
      await db().updateTable('transfers').set({ amount: 200_00n }).where('id', '=', BigInt(second.operationId!)).execute();
      expect((await atRail(first.operationId!)) + (await atRail(second.operationId!))).toBe(0);

      // Each code confirms its own payout once the facts are the ones it was sent for.
      expect(await approve(ben, first.operationId!, firstCode)).toMatchObject({ responseCode: '00', status: 'processing' });
      expect(await approve(ben, second.operationId!, secondCode)).toMatchObject({ responseCode: '00', status: 'processing' });
      expect((await atRail(first.operationId!)) + (await atRail(second.operationId!))).toBe(2);
    });

    it('hands a payout to its rail once, even when it is confirmed concurrently', async () => {
      const cy = await newCustomer('concurrent', 1_000_00n);
      const sent = await wire(cy, '50.00');
      const code = await latestCode(cy.email);
      const answers = await Promise.all(Array.from({ length: 4 }, () => approve(cy, sent.operationId!, code)));
      for (const answer of answers) expect(answer).toMatchObject({ responseCode: '00', status: 'processing' });
      expect(await atRail(sent.operationId!)).toBe(1);
      expect(await usd(cy)).toMatchObject({ balance: 1_000_00n, pending: 65_00n });

      // Of concurrent confirmations exactly one lets the payout go: only that one hands it to the rail.
      const again = await wire(cy, '60.00');
      const againCode = await latestCode(cy.email);
      const who = { customerId: cy.customerId, userId: cy.userId };
      const outcomes = await Promise.all(Array.from({ length: 3 }, () => confirmTransfer(db(), who, BigInt(again.operationId!), againCode)));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['processing', 'processing', 'processing']);
      expect(outcomes.filter((outcome) => outcome.confirmedNow)).toHaveLength(1);
      expect(await usd(cy)).toMatchObject({ balance: 1_000_00n, pending: 65_00n + 75_00n });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('releases the hold when the customer cancels or gives too many wrong codes; the payout never reaches its rail', async () => {
      const dee = await newCustomer('released', 1_000_00n);
      const canceled = await wire(dee, '100.00');
      expect(await rpc('transferCancel', { trxid: canceled.operationId }, dee.tokens)).toMatchObject({ responseCode: '00', status: 'canceled' });
      expect(await usd(dee)).toMatchObject({ balance: 1_000_00n, pending: 0n });
      const status = await rpc('payoutStatus', { operationId: canceled.operationId }, dee.tokens);
      expect(status).toMatchObject({ state: 'failed' });
      expect(status.timeline!.map((step) => step.state)).toEqual(['pending', 'failed']);
      expect((await approve(dee, canceled.operationId!, await latestCode(dee.email))).responseCode).toBe('TA1');

      const guessed = await wire(dee, '100.00');
      const wrong = wrongFor(await latestCode(dee.email));
      let last: RailAnswer | undefined;
      for (let attempt = 0; attempt < 5; attempt++) last = await approve(dee, guessed.operationId!, wrong);
      expect(last).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'approvalCode' }] });
      expect(await rpc('transferStatus', { trxid: guessed.operationId }, dee.tokens)).toMatchObject({ status: 'failed' });
      expect(await usd(dee)).toMatchObject({ balance: 1_000_00n, pending: 0n });
      expect((await atRail(canceled.operationId!)) + (await atRail(guessed.operationId!))).toBe(0);
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('refuses an expired code like a p2p one; a new code sent on request confirms the payout', async () => {
      const fay = await newCustomer('expired', 1_000_00n);
      const sent = await wire(fay, '40.00');
      const code = await latestCode(fay.email);
      // The code's time has passed, and the resend interval too (without waiting for either).
      await db()
        .updateTable('transfer_confirmations')
        .set({ expires_at: sql`now() - interval '1 second'` as never, created_at: sql`now() - interval '1 hour'` as never })
        .where('transfer_id', '=', BigInt(sent.operationId!))
        .execute();
      expect(await approve(fay, sent.operationId!, code)).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'approvalCode', description: expect.stringMatching(/expired/i) }],
      });
      expect(await atRail(sent.operationId!)).toBe(0);
      expect(await rpc('transferApprovalResend', { trxid: sent.operationId }, fay.tokens)).toMatchObject({
        responseCode: '00',
        status: 'awaitingConfirmation',
      });
      const fresh = await latestCode(fay.email);
      expect(await approve(fay, sent.operationId!, fresh)).toMatchObject({ responseCode: '00', status: 'processing' });
      expect(await atRail(sent.operationId!)).toBe(1);
    });

    it("refuses another customer's payout with 13: its code, its cancel and its status", async () => {
      const eve = await newCustomer('owner', 1_000_00n);
      const mallory = await newCustomer('other', 1_000_00n);
      const sent = await wire(eve, '100.00');
      const code = await latestCode(eve.email);
      expect((await rpc('transferApprove', { trxid: sent.operationId, approvalCode: code }, mallory.tokens)).responseCode).toBe('13');
      expect((await rpc('transferCancel', { trxid: sent.operationId }, mallory.tokens)).responseCode).toBe('13');
      expect((await rpc('transferApprovalResend', { trxid: sent.operationId }, mallory.tokens)).responseCode).toBe('13');
      expect((await rpc('payoutStatus', { operationId: sent.operationId }, mallory.tokens)).responseCode).toBe('13');
      expect(await atRail(sent.operationId!)).toBe(0);
      expect(await usd(eve)).toMatchObject({ balance: 1_000_00n, pending: 115_00n });
      expect(await approve(eve, sent.operationId!, code)).toMatchObject({ responseCode: '00', status: 'processing' });
    });

    describe('a business user who may only create requests', () => {
      let clerk: Tokens;
      let approver: Tokens;
      let from: number;

      beforeAll(async () => {
        clerk = await railServer.client.signIn(APPROVALS_DEMO_LOGIN);
        approver = await railServer.client.signIn(DEMO_LOGINS.business);
        from = ((await rpc('balanceInquiry', {}, clerk)).accounts as Array<{ accountId: number; currencyCode: string }>).find(
          (account) => account.currencyCode === 'USD',
        )!.accountId;
      });

      const clerkWires = (amount: string, beneficiary: object = ADA) =>
        rpc('wireTransfer', { idempotencyKey: randomUUID(), accountId: from, amount, ...beneficiary }, clerk);
      const pending = async () => (await accountStates(db(), [from])).get(from)!.pending;
      /** The approver approves with their own code, as the queue asks (issue 11). */
      const approveRequest = async (id: number) => {
        const first = await rpc('transactionRequestApprove', { idempotencyKey: randomUUID(), transactionIds: [id], declined: false }, approver);
        expect(first).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
        const outbox = JSON.parse(
          (await railServer.client.get(`/sandbox/outbox/messages?${new URLSearchParams({ purpose: 'transferRequestApproval' })}`)).text,
        );
        const approvalCode = /^(\d{6}) is your code/.exec(outbox.messages[0].body)![1]!;
        return rpc(
          'transactionRequestApprove',
          { idempotencyKey: randomUUID(), transactionIds: [id], declined: false, confirm: { requestId: first.requestId, approvalCode } },
          approver,
        );
      };

      it('creates a request the approver sees with its rail and beneficiary; approved, the payout goes to its rail', async () => {
        const before = await pending();
        const sent = await clerkWires('120.00', BOB);
        expect(sent).toMatchObject({ responseCode: '00', status: 'awaitingApproval', amount: '120.00', fee: '15.00' });
        expect(await pending()).toBe(before + 135_00n);
        expect(await atRail(sent.operationId!)).toBe(0);

        const queue = await rpc('transactionRequestList', { transactionType: 'wire' }, approver);
        const request = (queue.requests as Array<{ transactionId: number }>).find((row) => row.transactionId === sent.operationId);
        expect(request).toMatchObject({ transactionType: 'wire', payee: 'Bob Marley', amount: '120.00', status: 'awaitingApproval' });

        const decided = await approveRequest(sent.operationId!);
        expect(decided).toMatchObject({
          responseCode: '00',
          approved: 1,
          results: [{ transactionId: sent.operationId, outcome: 'approved', status: 'processing' }],
        });
        expect(await atRail(sent.operationId!)).toBe(1);
        expect(await pending()).toBe(before + 135_00n);
        expect(await rpc('payoutStatus', { operationId: sent.operationId }, approver)).toMatchObject({ state: 'pending', beneficiaryName: 'Bob Marley' });
      });

      it('declined, the hold is released and nothing reaches the rail', async () => {
        const before = await pending();
        const sent = await clerkWires('80.00');
        expect(await pending()).toBe(before + 95_00n);
        const declined = await rpc(
          'transactionRequestApprove',
          { idempotencyKey: randomUUID(), transactionIds: [sent.operationId], declined: true, reason: 'Wrong beneficiary' },
          approver,
        );
        expect(declined).toMatchObject({ responseCode: '00', declined: 1 });
        expect(await pending()).toBe(before);
        expect(await rpc('transferStatus', { trxid: sent.operationId }, clerk)).toMatchObject({ status: 'declined' });
        expect(await rpc('payoutStatus', { operationId: sent.operationId }, approver)).toMatchObject({ state: 'failed' });
        expect(await atRail(sent.operationId!)).toBe(0);
        expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
      });
    });
  });
}
