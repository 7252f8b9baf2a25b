/**
 * Payer identity verification and reputation (issue 18 item 6): the fee answered from
 * schemas/data/payer-verification.json; a request charges it once (replayed with its idempotency key) and is
 * refused without the money; the payer opens the e-mailed link and completes the identity sandbox, which
 * finishes the request and raises the merchant's verification.finished webhook event; the current list and
 * the history with trimmed and empty filters; the reputation rows of a checkout payment; the rights.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_BUSINESS_RIGHTS, type BusinessRight } from '../../server/db/schema.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { applyPayerVerificationEvent } from '../../server/merchant/payer-verification.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, fund, openAccount, TEST_PASSWORD } from './ledger-support.ts';

const ANNA_PHONE = '447700900123';
const cents = (amount: string) => Math.round(Number(amount) * 100);

for (const backend of BACKENDS) {
  describe(`payer verification and reputation on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;
    let northwindId: number;

    const call = async (method: string, params: object, tokens: Tokens, customerId?: number) =>
      (await client.rpc(method, params, { token: tokens.accessToken, ...(customerId ? { customerId } : {}) })).body;
    const account = async (tokens: Tokens, currency: string) =>
      ((await call('balanceInquiry', {}, tokens)).accounts as Array<{ accountId: number; currencyCode: string; balance: string }>).find(
        (a) => a.currencyCode === currency,
      )!;
    const outbox = async (to: string, purpose: string) =>
      JSON.parse((await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to, purpose })}`)).text).messages as Array<{ body: string }>;
    const businessUser = async (name: string, rights: BusinessRight[]) => {
      const { userId, email } = await createPersonalCustomer(test.server.db, name);
      await test.server.db.insertInto('customer_access').values({ user_id: userId, customer_id: northwindId, rights }).execute();
      return client.signIn(email, TEST_PASSWORD);
    };

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
      northwindId = (await test.server.db.selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.business).executeTakeFirstOrThrow())
        .customer_id!;
    });
    afterAll(async () => {
      await test?.close();
    });

    it('answers the fee', async () => {
      expect(await call('payerVerificationFee', {}, northwind)).toMatchObject({ responseCode: '00', amount: '2.50', currencyCode: 'USD' });
    });

    it('charges the fee once, e-mails the payer, and finishes when the payer completes the sandbox', async () => {
      const before = await account(northwind, 'USD');
      const params = { idempotencyKey: randomUUID(), email: 'Payer.One@Example.com', accountId: before.accountId };
      const first = await call('payerVerificationCreate', params, northwind);
      expect(first).toMatchObject({
        responseCode: '00',
        verification: { email: 'payer.one@example.com', state: 'pending', feeAmount: '2.50', feeCurrencyCode: 'USD' },
      });
      expect(await call('payerVerificationCreate', params, northwind)).toEqual(first);
      expect(cents(before.balance) - cents((await account(northwind, 'USD')).balance)).toBe(250);
      expect((await call('payerVerificationCreate', { ...params, email: 'other@example.com' }, northwind)).validationErrors).toMatchObject([
        { field: 'idempotencyKey' },
      ]);
      // One pending request per payer.
      const again = await call('payerVerificationCreate', { ...params, idempotencyKey: randomUUID() }, northwind);
      expect(again).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'email' }] });
      expect((await checkLedgerInvariant(test.server.db)).holds).toBe(true);

      const id = first.verification.id as string;
      const current = await call('payerVerificationList', {}, northwind);
      expect(current.verifications.map((v: { id: string }) => v.id)).toContain(id);

      // The payer gets the link to the identity provider's page and completes it there.
      const [mail] = await outbox('payer.one@example.com', 'payerVerification');
      const link = /https?:\/\/\S+\/sandbox\/identity\/(\S+)/.exec(mail!.body);
      expect(link).not.toBeNull();
      const page = await fetch(`${test.url}/sandbox/identity/${link![1]}`);
      expect(page.status).toBe(200);
      const done = await fetch(`${test.url}/sandbox/identity/${link![1]}`, {
        method: 'POST',
        body: new URLSearchParams({ outcome: 'completed', documentType: 'passport', number: 'P123', firstName: 'Pat', lastName: 'One' }),
        redirect: 'manual',
      });
      expect(done.status).toBe(303);

      const finished = (await call('payerVerificationHistory', { email: 'payer.one' }, northwind)).verifications;
      expect(finished).toMatchObject([{ id, state: 'completed' }]);
      expect(finished[0].finishedAt).toBeTruthy();
      const events = await test.server.db
        .selectFrom('webhook_messages')
        .select(['payload'])
        .where('customer_id', '=', northwindId)
        .where('event_type', '=', 'verification.finished')
        .execute();
      const payloads = events.map((event) => JSON.stringify(event.payload));
      expect(payloads.some((payload) => payload.includes(id) && payload.includes('"completed"'))).toBe(true);

      // A later report of the same session (providers resend) changes nothing.
      const sessionId = link![1]!;
      expect(await applyPayerVerificationEvent(test.server.db, 'sandbox', { event: 'session.failed', sessionId, reason: 'late' })).toBe(true);
      const states = await test.server.db.selectFrom('payer_verification_requests').select('state').where('id', '=', id).execute();
      expect(states).toEqual([{ state: 'completed' }]);
    });

    it('refuses the request when the account cannot pay the fee', async () => {
      const { customerId, email } = await createPersonalCustomer(test.server.db, 'poor-merchant');
      const accountId = await openAccount(test.server.db, customerId, 'EUR');
      await fund(test.server.db, accountId, 100n);
      const poor = await client.signIn(email, TEST_PASSWORD);
      const refused = await call('payerVerificationCreate', { idempotencyKey: randomUUID(), email: 'someone@example.com', accountId }, poor);
      expect(refused).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'accountId' }] });
      expect((await call('payerVerificationHistory', {}, poor)).total).toBe(0);
    });

    it('filters the history by a trimmed e-mail, state and dates, dropping empty values', async () => {
      const all = await call('payerVerificationHistory', {}, northwind);
      expect(all).toMatchObject({ responseCode: '00', pageSize: 1000, pageNumber: 1 });
      expect(all.total).toBeGreaterThanOrEqual(3);
      const empties = await call('payerVerificationHistory', { email: '  ', state: '', fromDate: '', toDate: '' }, northwind);
      expect(empties.total).toBe(all.total);
      expect((await call('payerVerificationHistory', { email: '  PAYER.one@example.com  ' }, northwind)).total).toBe(1);
      const pending = await call('payerVerificationHistory', { state: 'pending' }, northwind);
      expect(pending.verifications.every((v: { state: string }) => v.state === 'pending')).toBe(true);
      expect(pending.verifications.map((v: { email: string }) => v.email)).toContain('buyer@contoso.example');
      // The demo's finished request was made three days ago, everything else later than two days ago.
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
      const old = await call('payerVerificationHistory', { toDate: twoDaysAgo }, northwind);
      expect(old.verifications.map((v: { email: string }) => v.email)).toEqual([DEMO_LOGINS.personal]);
      expect((await call('payerVerificationHistory', { fromDate: 'yesterday' }, northwind)).validationErrors).toMatchObject([{ field: 'fromDate' }]);
    });

    it('lists the payers of checkout payments in the reputation, with a trimmed e-mail filter', async () => {
      const before = (await call('merchantReputationList', { email: `  ${DEMO_LOGINS.personal.toUpperCase()} ` }, northwind)).payers;
      expect(before).toMatchObject([{ email: DEMO_LOGINS.personal, currencyCode: 'USD', verified: true }]);
      expect((await call('merchantReputationList', { email: '' }, northwind)).pageSize).toBe(100);
      expect((await call('merchantReputationList', { email: 'nobody-like-this' }, northwind)).payers).toEqual([]);

      const { button } = await call(
        'merchantButtonCreate',
        {
          name: 'Reputation test',
          accountId: (await account(northwind, 'USD')).accountId,
          amount: '7.00',
          successUrl: 'https://shop.example/thanks',
          cancelUrl: 'https://shop.example/cart',
        },
        northwind,
      );
      const paid = await call('checkoutPay', { idempotencyKey: randomUUID(), buttonId: button.id, accountId: (await account(anna, 'USD')).accountId }, anna);
      const [sms] = JSON.parse((await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to: ANNA_PHONE, purpose: 'transferConfirmation' })}`)).text)
        .messages as Array<{ body: string }>;
      const code = /^([0-9]{6}) is your code/.exec(sms!.body)![1];
      expect(await call('transferApprove', { trxid: paid.operationId, approvalCode: code }, anna)).toMatchObject({ status: 'completed' });

      const after = (await call('merchantReputationList', { email: DEMO_LOGINS.personal }, northwind)).payers[0];
      expect(after.payments).toBe(before[0].payments + 1);
      expect(cents(after.amount) - cents(before[0].amount)).toBe(700);
      // Anna is nobody's payer but her own merchants'.
      expect((await call('merchantReputationList', {}, anna)).payers).toEqual([]);
    });

    it('needs balanceInfo to read and transfers to ask (and pay for) a verification', async () => {
      const blind = await businessUser(
        'verification-blind',
        ALL_BUSINESS_RIGHTS.filter((right) => right !== 'balanceInfo'),
      );
      const spendless = await businessUser(
        'verification-spendless',
        ALL_BUSINESS_RIGHTS.filter((right) => right !== 'transfers'),
      );
      for (const method of ['payerVerificationFee', 'payerVerificationList', 'payerVerificationHistory', 'merchantReputationList']) {
        expect((await call(method, {}, blind, northwindId)).responseCode).toBe('13');
        expect((await call(method, {}, spendless, northwindId)).responseCode).toBe('00');
      }
      const accountId = (await account(northwind, 'USD')).accountId;
      const params = { idempotencyKey: randomUUID(), email: 'rights@example.com', accountId };
      expect((await call('payerVerificationCreate', params, spendless, northwindId)).responseCode).toBe('13');
      expect((await call('payerVerificationCreate', params, anna, northwindId)).responseCode).toBe('13');
      expect((await call('payerVerificationCreate', params, blind, northwindId)).responseCode).toBe('00');
    });
  });
}
