/**
 * Person-to-person transfers beyond the core (issue 4 items 4 and 5), against the real server on
 * PGlite and PostgreSQL: check payee, the blacklist refusal on toEmail, the fee preview, templates,
 * recent payees, escrow landing exactly once on activation and taken back by the sender, the payee's
 * invitation, push confirmation from the sandbox device page, and 13 for another customer's objects
 * with nothing changed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { releaseEscrowFor } from '../../server/transfers/escrow.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { currentBalance } from '../../server/ledger/system-balances.ts';
import { solvedChallenge } from '../support/bot-challenge.ts';

interface Account {
  accountId: number;
  balance: string;
  pendingAmount: string;
  currencyCode: string;
}

interface OutboxMessage {
  to: string;
  subject: string | null;
  body: string;
  purpose: string;
}

let serial = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++serial}@example.org`;
const cents = (amount: string) => Math.round(Number(amount) * 100);

for (const backend of BACKENDS) {
  describe(`p2p transfers on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;
    let annaCustomerId: number;
    let annaUserId: number;

    const db = () => test.server.db;
    const call = (method: string, params: Record<string, unknown>, tokens = anna) => client.rpc(method, params, { token: tokens.accessToken });
    const accountsOf = async (tokens: Tokens): Promise<Account[]> => (await call('balanceInquiry', {}, tokens)).body.accounts;
    const account = async (tokens: Tokens, currency: string) => (await accountsOf(tokens)).find((a) => a.currencyCode === currency)!;
    const p2p = (params: Record<string, unknown>, tokens = anna) => call('p2pTransfer', { idempotencyKey: randomUUID(), ...params }, tokens);
    const outbox = async (to: string, purpose: string): Promise<OutboxMessage[]> =>
      JSON.parse((await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to, purpose })}`)).text).messages;
    /** Anna's transaction approval mode: null sends at once, 1 push, 2 sms. */
    const approvalMode = (mode: number | null) =>
      db().updateTable('customers').set({ transaction_approve_mode: mode }).where('id', '=', annaCustomerId).execute();
    const snapshot = async () => ({
      accounts: await db()
        .selectFrom('accounts as a')
        .select(['a.id', currentBalance.as('balance'), 'a.pending'])
        .orderBy('a.id')
        .execute(),
      transfers: await db().selectFrom('transfers').select(['id', 'status', 'to_account_id']).orderBy('id').execute(),
      templates: await db().selectFrom('payment_templates').selectAll().orderBy('id').execute(),
      entries: (
        await db()
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    });

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
      const user = await db().selectFrom('users').select(['id', 'customer_id']).where('email', '=', DEMO_LOGINS.personal).executeTakeFirstOrThrow();
      annaUserId = user.id;
      annaCustomerId = user.customer_id!;
    });
    afterAll(() => test?.close());

    it('checks a payee: registered, unknown, a user of the same business, blacklisted', async () => {
      expect((await call('checkPayee', { email: 'Business@Example.com' })).body).toMatchObject({
        responseCode: '00',
        exist: true,
        exists: true,
        isEmployee: false,
        outBlacklist: false,
      });
      expect((await call('checkPayee', { email: uniqueEmail('nobody') })).body).toMatchObject({
        exist: false,
        exists: false,
        isEmployee: false,
        outBlacklist: false,
      });
      expect((await call('checkPayee', { email: DEMO_LOGINS.business }, northwind)).body).toMatchObject({ exists: true, isEmployee: true });

      const blocked = uniqueEmail('blocked');
      expect((await call('blacklistAdd', { email: blocked, blockType: 'p2p' })).body.responseCode).toBe('00');
      expect((await call('checkPayee', { email: blocked })).body).toMatchObject({ exists: false, outBlacklist: true });
      const invoicesOnly = uniqueEmail('invoices');
      await call('blacklistAdd', { email: invoicesOnly, blockType: 'invoices' });
      expect((await call('checkPayee', { email: invoicesOnly })).body.outBlacklist).toBe(false);
      // Another customer's blacklist is not Anna's.
      expect((await call('checkPayee', { email: blocked }, northwind)).body.outBlacklist).toBe(false);
    });

    it('refuses a blacklisted payee on toEmail and changes nothing', async () => {
      const blocked = uniqueEmail('spam');
      await call('blacklistAdd', { email: blocked, blockType: 'all' });
      const { accountId } = await account(anna, 'USD');
      const before = await snapshot();
      const refused = await p2p({ accountId, amount: '5.00', toEmail: blocked.toUpperCase(), templateName: 'Never saved' });
      expect(refused.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'toEmail', description: expect.stringMatching(/blacklist/) }] });
      expect(await snapshot()).toEqual(before);
    });

    it("previews the fee only for an amount above zero, on the caller's own account", async () => {
      const { accountId } = await account(anna, 'USD');
      expect((await call('p2pFee', { amount: '100.00', accountId })).body).toMatchObject({
        responseCode: '00',
        fee: '0.50',
        total: '100.50',
        currencyCode: 'USD',
      });
      expect((await call('p2pFee', { amount: '1.00', accountId })).body).toMatchObject({ fee: '0.25', total: '1.25' });
      expect((await call('p2pFee', { amount: '0', accountId })).body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'amount' }] });
      expect((await call('p2pFee', { amount: '10.00', accountId }, northwind)).body.responseCode).toBe('13');
    });

    it("saves a template with the transfer, lists it, refuses another customer's and deletes it", async () => {
      await approvalMode(2);
      const { accountId } = await account(anna, 'USD');
      const sent = await p2p({ accountId, amount: '12.34', toEmail: 'Business@Example.com', note: 'Lunch', reference: 'R-1', templateName: 'Studio lunch' });
      expect(sent.body).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation' });
      const listed = await call('paymentTemplateList', {});
      const template = listed.body.templates.find((entry: { name: string }) => entry.name === 'Studio lunch');
      expect(template).toMatchObject({
        type: 'p2p',
        toEmail: 'business@example.com',
        accountId,
        amount: '12.34',
        currencyCode: 'USD',
        note: 'Lunch',
        reference: 'R-1',
      });
      // The same name replaces the template.
      await p2p({ accountId, amount: '20.00', toEmail: 'business@example.com', templateName: 'studio LUNCH' });
      const again = (await call('paymentTemplateList', {})).body.templates.filter((entry: { name: string }) => entry.name.toLowerCase() === 'studio lunch');
      expect(again).toHaveLength(1);
      expect(again[0]).toMatchObject({ id: template.id, amount: '20.00' });
      expect((await call('paymentTemplateList', {}, northwind)).body.templates.some((entry: { id: number }) => entry.id === template.id)).toBe(false);

      const before = await snapshot();
      expect((await call('paymentTemplateDelete', { id: template.id }, northwind)).body.responseCode).toBe('13');
      expect(await snapshot()).toEqual(before);
      expect((await call('paymentTemplateDelete', { id: template.id })).body).toMatchObject({ responseCode: '00', deleted: true });
      expect((await call('paymentTemplateList', {})).body.templates.some((entry: { id: number }) => entry.id === template.id)).toBe(false);
      expect((await call('paymentTemplateDelete', { id: template.id })).body.responseCode).toBe('13');
    });

    it('answers the last three distinct payees, newest first, searchable', async () => {
      await approvalMode(null);
      const { accountId } = await account(anna, 'USD');
      const payees = [uniqueEmail('first'), uniqueEmail('second'), uniqueEmail('third')];
      for (const toEmail of [...payees, DEMO_LOGINS.business, payees[1]!]) {
        expect((await p2p({ accountId, amount: '1.00', toEmail })).body.responseCode).toBe('00');
      }
      const recent = await call('recentTransfers', { types: ['p2p'], permission: '3d', limit: 3 });
      expect(recent.body.transfers.map((entry: { email: string }) => entry.email)).toEqual([payees[1], DEMO_LOGINS.business, payees[2]]);
      expect(recent.body.transfers[1]).toMatchObject({ type: 'p2p', name: 'Northwind Studio Ltd', amount: '1.00', currencyCode: 'USD', accountId });
      const searched = await call('recentTransfers', { types: ['p2p'], limit: 3, search: 'northwind' });
      expect(searched.body.transfers.map((entry: { email: string }) => entry.email)).toEqual([DEMO_LOGINS.business]);
      expect((await call('recentTransfers', { types: ['wire'] })).body.transfers).toEqual([]);
      expect(
        (await call('recentTransfers', { types: ['p2p'] }, northwind)).body.transfers.some((entry: { email: string }) => payees.includes(entry.email)),
      ).toBe(false);
    });

    it('keeps money for an unregistered e-mail in escrow, invites the payee, and lands it exactly once on activation', async () => {
      await approvalMode(null);
      const payee = uniqueEmail('Newcomer');
      const { accountId } = await account(anna, 'EUR');
      const sent = await p2p({ accountId, amount: '15.00', toEmail: payee, note: 'Welcome gift' });
      expect(sent.body).toMatchObject({ responseCode: '00', status: 'awaitingPayee', fee: '0.25' });
      const [invitation] = await outbox(payee.toLowerCase(), 'p2pInvitation');
      expect(invitation?.subject).toBe('Anna Novak sent you €15.00');
      expect(invitation?.body).toMatch(/register/);

      const registered = await client.rpc('accountCreate', {
        firstName: 'Nia',
        lastName: 'Newcomer',
        username: payee,
        password: 'Register-2026',
        residenceCountryCode: 'RO',
        birthDay: '1991-02-03',
        phoneCountryCode: '+40',
        phone: '721 000 222',
        registrationType: 'freelancers',
        acceptedTerms: ['privacyPolicy', 'userAgreement'],

        challengeToken: await solvedChallenge(client.baseUrl),
      });
      expect(registered.body.responseCode).toBe('00');
      const transfer = () =>
        db()
          .selectFrom('transfers')
          .select(['status', 'to_customer_id', 'to_account_id'])
          .where('id', '=', BigInt(sent.body.operationId))
          .executeTakeFirstOrThrow();
      expect((await transfer()).status).toBe('awaitingPayee');

      const [activation] = await outbox(payee.toLowerCase(), 'activation');
      const code = /\b([0-9]{6})\b/.exec(activation!.body)![1]!;
      const activated = await client.rpc('accountActivate', { username: payee, activationCode: code });
      expect(activated.body.responseCode).toBe('00');
      const landed = await transfer();
      expect(landed).toMatchObject({ status: 'completed' });
      expect(landed.to_customer_id).not.toBeNull();
      const newcomer = { accessToken: activated.body.accessToken } as Tokens;
      expect((await account(newcomer, 'EUR')).balance).toBe('15.00');

      // Exactly once: running the release again moves nothing.
      const user = await db().selectFrom('users').select('id').where('email', '=', payee.toLowerCase()).executeTakeFirstOrThrow();
      const before = await snapshot();
      expect(
        await db()
          .transaction()
          .execute((trx) => releaseEscrowFor(trx, user.id)),
      ).toBe(0);
      expect(await snapshot()).toEqual(before);
      expect((await account(newcomer, 'EUR')).balance).toBe('15.00');
      expect((await checkLedgerInvariant(db())).holds).toBe(true);
      // The payee's history shows it.
      const history = await call('transactionHistory', {}, newcomer);
      expect(JSON.stringify(history.body)).toContain('Anna Novak');
    });

    it('lets the sender take back money waiting in escrow, and only the sender', async () => {
      await approvalMode(null);
      const { accountId, balance } = await account(anna, 'USD');
      const sent = await p2p({ accountId, amount: '9.00', toEmail: uniqueEmail('later') });
      expect(sent.body.status).toBe('awaitingPayee');
      expect(cents((await account(anna, 'USD')).balance)).toBe(cents(balance) - 925);

      const waiting = (await call('p2pPendingList', {})).body.transfers;
      expect(waiting[0]).toMatchObject({ operationId: sent.body.operationId, amount: '9.00', fee: '0.25', currencyCode: 'USD' });
      expect(
        (await call('p2pPendingList', {}, northwind)).body.transfers.some((entry: { operationId: number }) => entry.operationId === sent.body.operationId),
      ).toBe(false);

      const before = await snapshot();
      const foreign = await call('p2pPendingCancel', { idempotencyKey: randomUUID(), trxid: sent.body.operationId }, northwind);
      expect(foreign.body.responseCode).toBe('13');
      expect(await snapshot()).toEqual(before);

      const canceled = await call('p2pPendingCancel', { idempotencyKey: randomUUID(), trxid: sent.body.operationId });
      expect(canceled.body).toMatchObject({ responseCode: '00', status: 'canceled' });
      expect((await account(anna, 'USD')).balance).toBe(balance);
      expect((await call('p2pPendingList', {})).body.transfers.some((entry: { operationId: number }) => entry.operationId === sent.body.operationId)).toBe(
        false,
      );
      const twice = await call('p2pPendingCancel', { idempotencyKey: randomUUID(), trxid: sent.body.operationId });
      expect(twice.body.responseCode).toBe('TA1');
      const settled = await db().selectFrom('p2p_escrow_settlements').selectAll().where('transfer_id', '=', BigInt(sent.body.operationId)).execute();
      expect(settled).toHaveLength(1);
      expect(settled[0]!.outcome).toBe('returned');
      expect((await checkLedgerInvariant(db())).holds).toBe(true);
      // A completed transfer is not in escrow.
      const direct = await p2p({ accountId, amount: '1.00', toEmail: DEMO_LOGINS.business });
      expect((await call('p2pPendingCancel', { idempotencyKey: randomUUID(), trxid: direct.body.operationId })).body.responseCode).toBe('TA1');
    });

    it('confirms and declines a transfer from the sandbox device page', async () => {
      await approvalMode(1);
      const device = await db()
        .insertInto('devices')
        .values({
          user_id: annaUserId,
          code: `test-${randomUUID()}`,
          type: 'android',
          name: 'Test phone',
          location: null,
          secret_hash: 'x',
          push_token: null,
          last_activity_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        const { accountId, pendingAmount } = await account(anna, 'USD');
        const pending = async () => JSON.parse((await client.get(`/sandbox/device/transfers?login=${DEMO_LOGINS.personal}`)).text).transfers;
        const decide = (key: string, result: string, deviceId = device.id) =>
          fetch(`${test.url}/sandbox/device/transfer-decide`, {
            method: 'POST',
            redirect: 'manual',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ deviceId: String(deviceId), key, result, login: DEMO_LOGINS.personal }).toString(),
          });
        const status = async (trxid: number) => (await call('transferStatus', { trxid })).body.status;

        const approved = await p2p({ accountId, amount: '4.00', toEmail: DEMO_LOGINS.business });
        expect(approved.body).toMatchObject({ status: 'awaitingConfirmation', approveType: 'push' });
        const [push] = await pending();
        expect(push).toMatchObject({ deviceId: device.id, body: expect.stringContaining('$4.00') });
        const page = await client.get(`/sandbox/device?login=${DEMO_LOGINS.personal}`);
        expect(page.text).toContain('Approve transfer');
        // Another user's device may not answer.
        const other = await db().selectFrom('devices').select('id').where('user_id', '<>', annaUserId).executeTakeFirst();
        if (other) {
          const refused = await decide(push.confirmKey, 'approve', other.id);
          expect(refused.headers.get('location')).toContain('transfer=gone');
          expect(await status(approved.body.operationId)).toBe('awaitingConfirmation');
        }
        const answer = await decide(push.confirmKey, 'approve');
        expect(answer.status).toBe(303);
        expect(answer.headers.get('location')).toContain('transfer=approved');
        expect(await status(approved.body.operationId)).toBe('completed');
        expect((await decide(push.confirmKey, 'decline')).headers.get('location')).toContain('transfer=gone');

        const declined = await p2p({ accountId, amount: '6.00', toEmail: DEMO_LOGINS.business });
        const [second] = await pending();
        expect((await decide(second.confirmKey, 'decline')).headers.get('location')).toContain('transfer=declined');
        expect(await status(declined.body.operationId)).toBe('canceled');
        expect((await account(anna, 'USD')).pendingAmount).toBe(pendingAmount);
        expect(await pending()).toEqual([]);
      } finally {
        await db().deleteFrom('devices').where('id', '=', device.id).execute();
        await approvalMode(2);
      }
    });
  });
}
