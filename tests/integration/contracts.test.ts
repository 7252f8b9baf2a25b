/**
 * Revenue-split contracts (issue 19 item 1): created and signed on both sides through the sandbox
 * e-signature provider's signed callback, activated, and then every payment the sender receives split
 * to the beneficiaries in the payment's own database transaction, exactly (each share floored to the
 * minor unit, the remainder left with the sender), also under parallel payments on PostgreSQL. Each
 * action from the statuses the state machine refuses it in is answered VF, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareOf } from '../../server/ledger/revenue-split.ts';
import { postLedgerTransaction } from '../../server/ledger/post-transaction.ts';
import { holdLedgerTransaction, settleHeldTransaction } from '../../server/ledger/holds.ts';
import { ApiClient, type Json, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, fund, mapConcurrently, openAccount, TEST_PASSWORD } from './ledger-support.ts';

interface Party {
  customerId: number;
  accountId: number;
  tokens: Tokens;
}

for (const backend of BACKENDS) {
  describe(`revenue-split contracts on ${backend.name}`, () => {
    let test: TestServer;
    let sender: Party;
    let beneficiary: Party;
    let second: Party;
    let payerAccount: number;
    let companyId: number;
    let firstContract: number;

    const call = async (verb: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: Json }> => {
      const response = await fetch(`${test.url}${path}`, {
        method: verb,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    };
    const as = (party: Party) => ({
      get: (path: string) => call('GET', path, party.tokens.accessToken),
      post: (path: string, body?: unknown) => call('POST', path, party.tokens.accessToken, body ?? {}),
      put: (path: string, body: unknown) => call('PUT', path, party.tokens.accessToken, body),
    });
    /** Signs through the sandbox provider: the sign link's page, its Sign button, the provider's callback. */
    const sign = async (party: Party, contractId: number) => {
      const link = await as(party).get(`/contract/${contractId}/signUrl`);
      expect(link.status).toBe(200);
      const page = await fetch(`${test.url}${link.body.signUrl}`);
      expect(await page.text()).toContain('Sign');
      const signed = await fetch(`${test.url}${link.body.signUrl}/sign`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(signed.status).toBe(200);
    };
    const today = () => new Date().toISOString().slice(0, 10);
    const creation = (from: Party, to: Party, percentage: number) => ({
      companyId,
      senderId: from.customerId,
      senderSignerName: 'Sam Sender',
      senderObligations: ['Share the revenue of the site'],
      beneficiaryId: to.customerId,
      beneficiarySignerName: 'Bea Beneficiary',
      beneficiaryObligations: ['Bring traffic to the site'],
      activeFrom: today(),
      percentage,
      note: 'Affiliate programme',
    });
    const balance = async (accountId: number) =>
      (await test.server.db.selectFrom('accounts').select('balance').where('id', '=', accountId).executeTakeFirstOrThrow()).balance;
    const pay = (amount: bigint, key?: string) =>
      postLedgerTransaction(test.server.db, {
        operationType: 'Transfer',
        description: 'Payment for services',
        ...(key ? { idempotencyKey: key } : {}),
        legs: [
          { accountId: payerAccount, amount: -amount },
          { accountId: sender.accountId, amount },
        ],
      });
    const activeContract = async (from: Party, to: Party, percentage: number) => {
      const created = await as(from).put('/contract', creation(from, to, percentage));
      expect(created.status).toBe(200);
      const id = created.body.contract.id as number;
      await sign(from, id);
      await sign(to, id);
      expect((await as(from).get(`/contract/${id}`)).body.contract.status).toBe('ACTIVE');
      return id;
    };

    beforeAll(async () => {
      test = await startTestServer(backend);
      const { db } = test.server;
      const client = new ApiClient(test.url);
      const business = async (name: string): Promise<Party> => {
        const made = await createPersonalCustomer(db, name);
        await db
          .updateTable('customers')
          .set({ type: 'business', business_name: `${name} Ltd` })
          .where('id', '=', made.customerId)
          .execute();
        return {
          customerId: made.customerId,
          accountId: await openAccount(db, made.customerId, 'USD'),
          tokens: await client.signIn(made.email, TEST_PASSWORD),
        };
      };
      sender = await business('Sender');
      beneficiary = await business('Beneficiary');
      second = await business('Second');
      companyId = (await business('Company')).customerId;
      const payer = await createPersonalCustomer(db, 'payer');
      payerAccount = await openAccount(db, payer.customerId, 'USD');
      await fund(db, payerAccount, 100_000_000n);
    }, 180_000);
    afterAll(() => test?.close());

    it('creates a contract, signs it on both sides through the provider, activates it and splits a payment into both histories', async () => {
      const created = await as(sender).put('/contract', creation(sender, beneficiary, 10));
      expect(created.status).toBe(200);
      expect(created.body.contract).toMatchObject({ status: 'UNSIGNED', direction: 'PAY', percentage: 10 });
      firstContract = created.body.contract.id;
      expect((await as(sender).get(`/contract/${firstContract}/checkSigner`)).body).toEqual({ canSign: true });
      expect((await as(beneficiary).get(`/contract/${firstContract}/checkSigner`)).body).toEqual({ canSign: false });
      expect((await as(beneficiary).get(`/contract/${firstContract}/signUrl`)).status).toBe(400);

      await sign(sender, firstContract);
      expect((await as(beneficiary).get(`/contract/${firstContract}`)).body.contract).toMatchObject({ status: 'WAITING', direction: 'RECEIVE' });
      // A forged provider callback moves nothing.
      const forged = await fetch(`${test.url}/esign/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-esign-signature': 'forged' },
        body: JSON.stringify({ contractId: firstContract, customerId: beneficiary.customerId, event: 'signed' }),
      });
      expect(forged.status).toBe(401);
      await sign(beneficiary, firstContract);
      expect((await as(sender).get(`/contract/${firstContract}`)).body.contract.status).toBe('ACTIVE');

      const before = { sender: await balance(sender.accountId), beneficiary: await balance(beneficiary.accountId) };
      const payment = await pay(1_009n);
      expect(await balance(beneficiary.accountId)).toBe(before.beneficiary + 100n);
      expect(await balance(sender.accountId)).toBe(before.sender + 909n);
      // Both histories show the split, described as such, beside the payment.
      const entries = await test.server.db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
        .select(['e.account_id', 'e.amount', 't.description', 't.id'])
        .where('e.account_id', 'in', [sender.accountId, beneficiary.accountId])
        .where('t.id', '>=', payment.transactionId)
        .orderBy('t.id')
        .execute();
      const split = entries.filter((entry) => entry.description.startsWith('Revenue split'));
      expect(split.map((entry) => [entry.account_id, BigInt(entry.amount)])).toEqual(
        expect.arrayContaining([
          [sender.accountId, -100n],
          [beneficiary.accountId, 100n],
        ]),
      );
      expect(split[0]!.description).toContain(`contract #${firstContract}`);

      const list = await as(beneficiary).get('/contract?statuses=ACTIVE');
      expect(list.body.data.map((contract: Json) => contract.id)).toContain(firstContract);
      expect(list.body.meta).toMatchObject({ receive: 1, active: 1 });
      const pdf = await fetch(`${test.url}${(await as(sender).get(`/contract/${firstContract}/pdfUrl`)).body.pdfUrl}`);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
    });

    it('refuses each action from the statuses the state machine does not allow it in', async () => {
      const id = firstContract;
      // ACTIVE: no cancel, reject, terminateCancel, terminateNow, identification.
      for (const action of ['cancel', 'reject', 'terminateCancel', 'terminateNow', 'identificationStarted']) {
        const refused = await as(sender).post(`/contract/${id}/${action}`);
        expect([action, refused.status, refused.body.responseCode]).toEqual([action, 400, 'VF']);
      }
      expect((await as(sender).post(`/contract/${id}/terminate`, { note: 'Programme closed' })).body.contract.status).toBe('TERMINATING');
      expect((await as(beneficiary).post(`/contract/${id}/terminate`, { note: 'Again' })).body.responseCode).toBe('VF');
      expect((await as(beneficiary).post(`/contract/${id}/terminateCancel`)).body.contract.status).toBe('ACTIVE');

      // UNSIGNED: the counterparty may not reject, cancel or sign; the initiator cancels.
      const other = await as(beneficiary).put('/contract', creation(sender, beneficiary, 1));
      const otherId = other.body.contract.id as number;
      expect((await as(sender).post(`/contract/${otherId}/reject`)).body.responseCode).toBe('VF');
      expect((await as(sender).post(`/contract/${otherId}/cancel`)).body.responseCode).toBe('VF');
      expect((await as(sender).post(`/contract/${otherId}/terminate`, { note: 'x' })).body.responseCode).toBe('VF');
      expect((await as(beneficiary).post(`/contract/${otherId}/cancel`)).body.contract.status).toBe('CANCELLED');
      expect((await as(beneficiary).post(`/contract/${otherId}/cancel`)).body.responseCode).toBe('VF');

      // Not a party, or no such contract: the Contracts 404.
      const unknown = await as(second).get(`/contract/${id}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.responseDescription).toBe('Contract or customer not found.');
      // Bad input is a TA1 on its field.
      const bad = await as(sender).put('/contract', { ...creation(sender, beneficiary, 0), senderObligations: [] });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((error: Json) => error.field)).toEqual(expect.arrayContaining(['percentage', 'senderObligations']));
    });

    it('refuses a contract that would take the sender past 100 percent', async () => {
      const over = await as(sender).put('/contract', creation(sender, second, 90.01));
      expect(over.status).toBe(400);
      expect(over.body.errors[0].field).toBe('percentage');
    });

    it('splits parallel payments into a sender with two active contracts exactly, no minor unit lost', async () => {
      const secondContract = await activeContract(sender, second, 33.33);
      const accounts = [sender.accountId, beneficiary.accountId, second.accountId, payerAccount];
      const before = await Promise.all(accounts.map(balance));
      const amounts = Array.from({ length: 24 }, (_, index) => BigInt(1 + ((index * 7_919) % 100_003)));
      await mapConcurrently(amounts, 8, (amount, index) => pay(amount, `split-${backend.name.length}-${index}-${amount}`));
      const after = await Promise.all(accounts.map(balance));
      const toFirst = amounts.reduce((sum, amount) => sum + shareOf(amount, 1_000), 0n);
      const toSecond = amounts.reduce((sum, amount) => sum + shareOf(amount, 3_333), 0n);
      const total = amounts.reduce((sum, amount) => sum + amount, 0n);
      expect(after[1]! - before[1]!).toBe(toFirst);
      expect(after[2]! - before[2]!).toBe(toSecond);
      expect(after[0]! - before[0]!).toBe(total - toFirst - toSecond);
      expect(after[3]! - before[3]!).toBe(-total);
      expect(secondContract).toBeGreaterThan(firstContract);
    });

    it('splits a held payment (a transfer confirmed by a code) when it is posted, not while it is held', async () => {
      const accounts = [sender.accountId, beneficiary.accountId, second.accountId];
      const before = await Promise.all(accounts.map(balance));
      const held = await test.server.db.transaction().execute((trx) =>
        holdLedgerTransaction(trx, {
          operationType: 'Transfer',
          description: 'Payment for services, awaiting its code',
          legs: [
            { accountId: payerAccount, amount: -10_000n },
            { accountId: sender.accountId, amount: 10_000n },
          ],
        }),
      );
      expect(await Promise.all(accounts.map(balance))).toEqual(before);
      await test.server.db.transaction().execute((trx) => settleHeldTransaction(trx, held.transactionId, 'post'));
      const after = await Promise.all(accounts.map(balance));
      expect(after[1]! - before[1]!).toBe(shareOf(10_000n, 1_000));
      expect(after[2]! - before[2]!).toBe(shareOf(10_000n, 3_333));
      expect(after[0]! - before[0]!).toBe(10_000n - shareOf(10_000n, 1_000) - shareOf(10_000n, 3_333));
    });
  });
}
