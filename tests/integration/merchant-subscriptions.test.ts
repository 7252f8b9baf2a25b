/**
 * Recurring buttons and their subscribers (issue 18 item 5): a checkout payment of a recurring button starts
 * a subscription; the installment runner charges each due installment once (run twice at the same clock),
 * the next when the clock moves on, records a refused one (not enough money) and leaves the subscription past
 * due; a cancelled subscription is never charged again; reading needs balanceInfo, cancelling companySettings.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdapters } from '../../server/adapters/index.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { runDueInstallments } from '../../server/merchant/subscriptions.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, fund, openAccount, readerAndBlindUsers, TEST_PASSWORD } from './ledger-support.ts';

const DAY = 86_400_000;

for (const backend of BACKENDS) {
  describe(`recurring buttons and subscribers on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let northwind: Tokens;
    let northwindId: number;
    let usdAccountId: number;
    const run = (now: Date) =>
      runDueInstallments({
        db: test.server.db,
        adapters: createAdapters({ sandboxes: true, gateways: { messages: { sms: '', email: '' } } } as never, test.server.db),
        now,
      });
    const call = async (method: string, params: object, tokens: Tokens, customerId?: number) =>
      (await client.rpc(method, params, { token: tokens.accessToken, ...(customerId ? { customerId } : {}) })).body;
    const recurringButton = async (change: object) =>
      (
        await call(
          'merchantButtonCreate',
          {
            name: 'Weekly lesson',
            accountId: usdAccountId,
            amount: '10.00',
            successUrl: 'https://shop.example/thanks',
            cancelUrl: 'https://shop.example/cart',
            ...change,
          },
          northwind,
        )
      ).button as { id: number };
    /** A payer with `cents` on a USD account, signed in, who confirms nothing (no second factor set). */
    const payer = async (name: string, cents: bigint) => {
      const { customerId, email } = await createPersonalCustomer(test.server.db, name);
      const accountId = await openAccount(test.server.db, customerId, 'USD');
      await fund(test.server.db, accountId, cents);
      return { email, accountId, tokens: await client.signIn(email, TEST_PASSWORD) };
    };
    const subscriberOf = async (email: string) => {
      const list = await call('subscriberList', { payerEmail: email.toUpperCase() }, northwind);
      expect(list).toMatchObject({ responseCode: '00', total: 1, pageSize: 50 });
      return list.subscribers[0] as { subscriptionId: number; state: string; installmentsPaid: number };
    };
    const installments = async (subscriptionId: number) =>
      (await call('subscriberInstallmentList', { subscriptionId }, northwind)).installments as Array<{
        number: number;
        state: string;
        transactionId?: number;
        failureReason?: string;
      }>;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      northwind = await client.signIn(DEMO_LOGINS.business);
      northwindId = (await test.server.db.selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.business).executeTakeFirstOrThrow())
        .customer_id!;
      const accounts = (await call('balanceInquiry', {}, northwind)).accounts as Array<{ accountId: number; currencyCode: string }>;
      usdAccountId = accounts.find((a) => a.currencyCode === 'USD')!.accountId;
    });
    afterAll(async () => {
      await test?.close();
    });

    it('refuses a number of payments without an interval, and a recurring button without a fixed amount', async () => {
      const form = { name: 'Bad', accountId: usdAccountId, successUrl: 'https://shop.example/a', cancelUrl: 'https://shop.example/b' };
      expect(await call('merchantButtonCreate', { ...form, amount: '5.00', recurringInstallments: 3 }, northwind)).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'recurringInterval' }],
      });
      expect(await call('merchantButtonCreate', { ...form, minAmount: '5.00', recurringInterval: 'month' }, northwind)).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'amount' }],
      });
      expect((await call('merchantButtonCreate', { ...form, amount: '5.00', recurringInterval: 'fortnight' }, northwind)).responseCode).toBe('TA1');
    });

    it('starts a subscription by a checkout payment and charges each installment once, then records a refusal', async () => {
      const button = await recurringButton({ recurringInterval: 'week', recurringInstallments: 3 });
      expect((await call('merchantButtonGet', { id: button.id }, northwind)).button).toMatchObject({ recurringInterval: 'week', recurringInstallments: 3 });
      const ben = await payer('subs-ben', 2500n);
      const paid = await call('checkoutPay', { idempotencyKey: randomUUID(), buttonId: button.id, accountId: ben.accountId }, ben.tokens);
      expect(paid).toMatchObject({ responseCode: '00', status: 'completed' });

      const start = new Date();
      const subscriber = await subscriberOf(ben.email);
      expect(subscriber).toMatchObject({ state: 'active', amount: '10.00', currencyCode: 'USD', interval: 'week', installments: 3, installmentsPaid: 0 });
      expect(await installments(subscriber.subscriptionId)).toMatchObject([{ number: 1, state: 'pending', transactionId: Number(paid.operationId) }]);

      // The first installment is settled; nothing else is due yet.
      expect(await run(start)).toEqual({ settled: 1, paid: 0, failed: 0 });
      // A week later the second is charged, once, however often the scheduler runs at that time.
      const week = new Date(start.getTime() + 7 * DAY + 60_000);
      expect(await run(week)).toEqual({ settled: 0, paid: 1, failed: 0 });
      expect(await run(week)).toEqual({ settled: 0, paid: 0, failed: 0 });
      const second = await installments(subscriber.subscriptionId);
      expect(second.map((i) => [i.number, i.state])).toEqual([
        [1, 'paid'],
        [2, 'paid'],
      ]);
      const transferId = BigInt(second[1]!.transactionId!);
      expect(await test.server.db.selectFrom('checkout_payments').select('button_id').where('transfer_id', '=', transferId).executeTakeFirst()).toEqual({
        button_id: button.id,
      });
      const balance = await test.server.db.selectFrom('accounts').select('balance').where('id', '=', ben.accountId).executeTakeFirstOrThrow();
      expect(balance.balance).toBeLessThanOrEqual(500n); // two installments and their fees paid

      // The third finds 5.00 of 10.00: recorded failed, the subscription past due, never tried again.
      const fortnight = new Date(start.getTime() + 14 * DAY + 120_000);
      expect(await run(fortnight)).toEqual({ settled: 0, paid: 0, failed: 1 });
      await run(new Date(fortnight.getTime() + 30 * DAY));
      const third = await installments(subscriber.subscriptionId);
      expect(third).toHaveLength(3);
      expect(third[2]).toMatchObject({ number: 3, state: 'failed' });
      expect(third[2]!.failureReason).toMatch(/^[^{}]{8,}$/); // worded, not a key
      expect(third[2]!.failureReason).not.toMatch(/^server\./);
      expect(await subscriberOf(ben.email)).toMatchObject({ state: 'pastDue', installmentsPaid: 2 });
      expect((await call('subscriberList', { state: 'pastDue' }, northwind)).subscribers.map((s: { payerEmail: string }) => s.payerEmail)).toContain(ben.email);
      expect((await checkLedgerInvariant(test.server.db)).holds).toBe(true);

      const events = await test.server.db
        .selectFrom('webhook_messages')
        .select('event_type')
        .where('customer_id', '=', northwindId)
        .where('event_type', 'like', 'subscription.%')
        .orderBy('created_at')
        .execute();
      const hasEndpoint = await test.server.db
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('customer_id', '=', northwindId)
        .where('enabled', '=', true)
        .executeTakeFirst();
      // Northwind's demo has an enabled endpoint: the events are queued for it.
      expect(hasEndpoint).toBeDefined();
      expect(events.map((e) => e.event_type)).toEqual(expect.arrayContaining(['subscription.created', 'subscription.charged']));
    });

    it('stops charging a subscription the merchant cancels; cancelling needs companySettings, reading balanceInfo', async () => {
      const button = await recurringButton({ name: 'Monthly box', recurringInterval: 'month' });
      const cleo = await payer('subs-cleo', 10_000n);
      expect((await call('checkoutPay', { idempotencyKey: randomUUID(), buttonId: button.id, accountId: cleo.accountId }, cleo.tokens)).status).toBe(
        'completed',
      );
      const { subscriptionId } = await subscriberOf(cleo.email);
      const start = new Date();
      expect((await run(start)).settled).toBeGreaterThanOrEqual(1);

      const { reader, blind } = await readerAndBlindUsers(test.server.db, client, northwindId, 'subs');
      expect((await call('subscriberList', {}, reader, northwindId)).responseCode).toBe('00');
      expect((await call('subscriberInstallmentList', { subscriptionId }, reader, northwindId)).responseCode).toBe('00');
      expect((await call('subscriberCancel', { subscriptionId }, reader, northwindId)).responseCode).toBe('13');
      expect((await call('subscriberList', {}, blind, northwindId)).responseCode).toBe('13');
      expect((await call('subscriberCancel', { subscriptionId }, cleo.tokens)).responseCode).toBe('13');

      const cancelled = await call('subscriberCancel', { subscriptionId }, northwind);
      expect(cancelled).toMatchObject({ responseCode: '00', subscriber: { state: 'cancelled', installmentsPaid: 1 } });
      expect(cancelled.subscriber.nextDueAt).toBeUndefined();
      expect(await call('subscriberCancel', { subscriptionId }, northwind)).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'subscriptionId' }],
      });
      await run(new Date(start.getTime() + 40 * DAY));
      expect(await installments(subscriptionId)).toHaveLength(1);
      expect((await call('subscriberList', { state: 'cancelled', payerEmail: cleo.email }, northwind)).total).toBe(1);
      expect((await call('subscriberList', { pageSize: 101 }, northwind)).responseCode).toBe('TA1');
    });
  });
}
