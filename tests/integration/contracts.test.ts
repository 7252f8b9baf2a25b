/**
 * Revenue-split contracts (issue 19 item 1): created and signed on both sides through the sandbox
 * e-signature provider's signed callback, activated, and then every payment the sender receives split
 * to the beneficiaries in the payment's own database transaction, exactly (each share floored to the
 * minor unit, the remainder left with the sender), also under parallel payments on PostgreSQL. Each
 * action from the statuses the state machine refuses it in is answered VF, never a 500.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../../server/config/config.ts';
import { CONTRACT_ACTIONS, CONTRACT_MOVES, CONTRACT_STATUSES, nextContractStatus, type ContractAction } from '../../server/contracts/contract-status.ts';
import { esignMac, esignSecret } from '../../server/contracts/e-signature.ts';
import { runContractClock } from '../../server/contracts/service.ts';
import { shareOf } from '../../server/ledger/revenue-split.ts';
import { postLedgerTransaction } from '../../server/ledger/post-transaction.ts';
import { holdLedgerTransaction, settleHeldTransaction } from '../../server/ledger/holds.ts';
import { ApiClient, type Json, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, fund, mapConcurrently, openAccount, TEST_PASSWORD } from './ledger-support.ts';

interface Party {
  customerId: number;
  email: string;
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
    let payerEmail: string;
    let companyId: number;
    let firstContract: number;
    let business: (name: string) => Promise<Party>;

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
      business = async (name: string): Promise<Party> => {
        const made = await createPersonalCustomer(db, name);
        await db
          .updateTable('customers')
          .set({ type: 'business', business_name: `${name} Ltd` })
          .where('id', '=', made.customerId)
          .execute();
        return {
          customerId: made.customerId,
          email: made.email,
          accountId: await openAccount(db, made.customerId, 'USD'),
          tokens: await client.signIn(made.email, TEST_PASSWORD),
        };
      };
      sender = await business('Sender');
      beneficiary = await business('Beneficiary');
      second = await business('Second');
      companyId = (await business('Company')).customerId;
      const payer = await createPersonalCustomer(db, 'payer');
      payerEmail = payer.email;
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
      // The signature covers the bytes sent, not the JSON they parse to: a body laid out otherwise than the one
      // signed is refused, and one signed as it is laid out (spaces, its own key order) is taken.
      const event = { event: 'signed', customerId: beneficiary.customerId, contractId: firstContract };
      const callback = (body: string, mac: string) =>
        fetch(`${test.url}/esign/callback`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-esign-signature': mac }, body });
      const spaced = JSON.stringify(event, null, 2);
      expect((await callback(spaced, esignMac(JSON.stringify(event), esignSecret()))).status).toBe(401);
      expect((await callback('{"event":', esignMac('{"event":', esignSecret()))).status).toBe(400);
      expect((await callback(spaced, esignMac(spaced, esignSecret()))).status).toBe(200);
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
    const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const statusOf = async (id: number) =>
      await test.server.db.selectFrom('contracts').select(['status', 'identification_status']).where('id', '=', id).executeTakeFirstOrThrow();
    /** A provider callback for `party`'s signature, signed with the provider's secret as the provider would sign it. */
    const providerCallback = async (party: Party, id: number) => {
      const body = JSON.stringify({ contractId: id, customerId: party.customerId, event: 'signed' });
      const response = await fetch(`${test.url}/esign/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-esign-signature': esignMac(body, esignSecret()) },
        body,
      });
      return { status: response.status, body: (await response.json()) as Json };
    };
    /** Signs through the provider as `party`: the sign link (refused when the party may not sign), then its Sign button. */
    const signAs = async (party: Party, id: number) => {
      const link = await as(party).get(`/contract/${id}/signUrl`);
      if (link.status !== 200) {
        // The provider's own callback for a signature the table refuses is refused alike.
        const callback = await providerCallback(party, id);
        return callback.body.responseCode === link.body.responseCode
          ? link
          : { status: callback.status, body: { responseCode: `callback ${callback.body.responseCode}` } };
      }
      const signed = await fetch(`${test.url}${link.body.signUrl}/sign`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      return { status: signed.status, body: {} as Json };
    };
    /** How a party takes each action of the table through the REST paths (the clock's moves have none). */
    const byRest: Partial<Record<ContractAction, (party: Party, id: number) => Promise<{ status: number; body: Json }>>> = {
      sign: signAs,
      cancel: (party, id) => as(party).post(`/contract/${id}/cancel`),
      reject: (party, id) => as(party).post(`/contract/${id}/reject`),
      terminate: (party, id) => as(party).post(`/contract/${id}/terminate`, { note: 'Programme closed' }),
      terminateCancel: (party, id) => as(party).post(`/contract/${id}/terminateCancel`),
      terminateNow: (party, id) => as(party).post(`/contract/${id}/terminateNow`),
      identificationStarted: (party, id) => as(party).post(`/contract/${id}/identificationStarted`),
      identified: (party, id) => as(party).post('/split-pay-signer-identification', { contractId: id }),
    };
    const clockOnly = (action: ContractAction) => CONTRACT_STATUSES.every((status) => [undefined, 'clock'].includes(CONTRACT_MOVES[status][action]?.by));

    it('allows or refuses each action from each status, by each party, exactly as the table says', async () => {
      const { db } = test.server;
      // Every action a party takes has its REST path here; the clock's are taken by runContractClock below.
      expect(Object.keys(byRest).sort()).toEqual(CONTRACT_ACTIONS.filter((action) => !clockOnly(action)).sort());
      const payer = await business('MatrixSender');
      const payee = await business('MatrixBeneficiary');
      // activeFrom to come: a second signature leaves it SIGNED, an identification leads back to SIGNED.
      const created = await as(payer).put('/contract', { ...creation(payer, payee, 1), activeFrom: dayFrom(30) });
      expect(created.status).toBe(200);
      const id = created.body.contract.id as number;
      const facts = { payerMustIdentify: false, started: false };
      const put = (
        status: string,
        initiator: Party,
        dates: { from: string; to: string | null; asked: Date } = { from: dayFrom(30), to: null, asked: new Date() },
      ) =>
        db
          .updateTable('contracts')
          .set({
            status: status as never,
            initiator_id: initiator.customerId,
            identification_status: status === 'NEED_IDENTIFICATION' ? 'NEW' : null,
            terminated_at: status === 'TERMINATING' ? dates.asked : null,
            terminated_by: status === 'TERMINATING' ? initiator.customerId : null,
            terminate_note: null,
            active_from: dates.from,
            active_to: dates.to,
          })
          .where('id', '=', id)
          .execute();
      const got: string[] = [];
      const wanted: string[] = [];
      for (const initiator of [payer, payee]) {
        for (const status of CONTRACT_STATUSES) {
          for (const party of [payer, payee]) {
            const actor = { initiator: party === initiator, payer: party === payer };
            const who = `${party === payer ? 'sender' : 'beneficiary'}${actor.initiator ? ' (initiator)' : ''}`;
            await put(status, initiator);
            const canSign = (await as(party).get(`/contract/${id}/checkSigner`)).body.canSign;
            got.push(`${status} checkSigner by ${who}: ${canSign}`);
            wanted.push(`${status} checkSigner by ${who}: ${nextContractStatus(status, 'sign', actor, facts) !== undefined}`);
            for (const [action, take] of Object.entries(byRest) as [ContractAction, NonNullable<(typeof byRest)[ContractAction]>][]) {
              await put(status, initiator);
              const answer = await take(party, id);
              const next = nextContractStatus(status, action, actor, facts);
              got.push(`${status} ${action} by ${who}: ${answer.status === 200 ? 'allowed' : answer.body.responseCode} -> ${(await statusOf(id)).status}`);
              wanted.push(`${status} ${action} by ${who}: ${next ? 'allowed' : 'VF'} -> ${next ?? status}`);
              if (answer.status === 200 && answer.body.contract) expect(answer.body.contract.status).toBe(next);
            }
          }
        }
      }
      // The clock's moves: activeFrom and activeTo passed, a termination asked two days ago.
      for (const status of CONTRACT_STATUSES) {
        await put(status, payer, { from: dayFrom(-10), to: dayFrom(-2), asked: new Date(Date.now() - 2 * 86_400_000) });
        await runContractClock(db);
        const move = (Object.keys(CONTRACT_MOVES[status]) as ContractAction[]).find((action) => CONTRACT_MOVES[status][action]!.by === 'clock');
        got.push(`${status} clock: ${(await statusOf(id)).status}`);
        wanted.push(`${status} clock: ${move ? nextContractStatus(status, move, 'clock', { payerMustIdentify: false, started: true }) : status}`);
      }
      expect(got).toEqual(wanted);
      await put('CANCELLED', payer);
    }, 120_000);

    it('identifies the payer: NEW, a push, PROCESSING, FAILED while unverified, then SUCCESS and ACTIVE', async () => {
      const { db } = test.server;
      const payer = await business('UnidentifiedPayer');
      const payee = await business('IdentifyingBeneficiary');
      await db.updateTable('customers').set({ verified: false }).where('id', '=', payer.customerId).execute();
      const created = await as(payer).put('/contract', creation(payer, payee, 5));
      const id = created.body.contract.id as number;
      await sign(payer, id);
      await sign(payee, id);
      expect((await as(payer).get(`/contract/${id}`)).body.contract).toMatchObject({ status: 'NEED_IDENTIFICATION', identificationStatus: 'NEW' });

      // The beneficiary pushes the payer to identify; the payer may not push itself.
      expect((await as(payer).post(`/contract/${id}/identificationPush`)).body.responseCode).toBe('VF');
      expect((await as(payee).post(`/contract/${id}/identificationPush`)).body).toEqual({ sent: true });
      const pushed = await db
        .selectFrom('notifications')
        .select(['type', 'body'])
        .where('customer_id', '=', payer.customerId)
        .where('type', '=', 'contractIdentification')
        .execute();
      expect(pushed).toHaveLength(1);
      expect(pushed[0]!.body).toMatchObject({ values: { id } });

      // Only the payer starts it, once while it runs.
      expect((await as(payee).post(`/contract/${id}/identificationStarted`)).body.responseCode).toBe('VF');
      expect((await as(payer).post(`/contract/${id}/identificationStarted`)).body.contract).toMatchObject({
        status: 'NEED_IDENTIFICATION',
        identificationStatus: 'PROCESSING',
      });
      expect((await as(payer).post(`/contract/${id}/identificationStarted`)).body.responseCode).toBe('VF');

      // Not verified: FAILED, still waiting; the payer may start again.
      const failed = await as(payer).post('/split-pay-signer-identification', { contractId: id });
      expect(failed.body.contract).toMatchObject({ status: 'NEED_IDENTIFICATION', identificationStatus: 'FAILED' });
      expect((await as(payer).post(`/contract/${id}/identificationStarted`)).body.contract.identificationStatus).toBe('PROCESSING');
      expect((await as(payee).post('/split-pay-signer-identification', { contractId: id })).body.responseCode).toBe('VF');

      // Verified: SUCCESS, and activeFrom has come, so ACTIVE.
      await db.updateTable('customers').set({ verified: true }).where('id', '=', payer.customerId).execute();
      const identified = await as(payer).post('/split-pay-signer-identification', { contractId: id });
      expect(identified.body.contract).toMatchObject({ status: 'ACTIVE', identificationStatus: 'SUCCESS' });
      expect((await as(payee).post(`/contract/${id}/identificationPush`)).body.responseCode).toBe('VF');
      expect((await as(payer).post(`/contract/${id}/identificationStarted`)).body.responseCode).toBe('VF');

      // The stats: the active percentages each way, and the counts.
      const payerStats = (await as(payer).get('/contract/stats')).body;
      expect(payerStats).toMatchObject({ payPercentage: 5, receivePercentage: 0, meta: { pay: 1, receive: 0, active: 1, total: 1, pending: 0, ended: 0 } });
      expect((await as(payee).get('/contract/stats')).body).toMatchObject({ payPercentage: 0, receivePercentage: 5, meta: { pay: 0, receive: 1, active: 1 } });
    });

    it('pages a filtered list by the count of what the filters match; meta counts all the contracts', async () => {
      // The sender's: two ACTIVE (to the beneficiary and to the second), one CANCELLED.
      const active = await as(sender).get('/contract?statuses=ACTIVE,TERMINATING&pageSize=1&page=2&orderDir=DESC');
      expect(active.status).toBe(200);
      expect(active.body).toMatchObject({ total: 2, page: 2, pageSize: 1, meta: { total: 3, active: 2, ended: 1 } });
      expect(active.body.data.map((contract: Json) => contract.id)).toEqual([firstContract]);
      expect((await as(sender).get('/contract?statuses=ACTIVE,TERMINATING&pageSize=1&page=3')).body).toMatchObject({ data: [], total: 2 });
      expect((await as(sender).get('/contract?counterpartyName=second')).body).toMatchObject({ total: 1, meta: { total: 3 } });
      expect((await as(sender).get('/contract?companyName=nobody')).body).toMatchObject({ data: [], total: 0, meta: { total: 3 } });
      expect((await as(sender).get('/contract')).body.total).toBe(3);
    });

    it('searches companies, looks customers up by e-mail and verifies a counterparty', async () => {
      const found = await as(sender).get('/company?query=company%20lt');
      expect(found.status).toBe(200);
      expect(found.body.data).toContainEqual({ id: companyId, title: 'Company Ltd' });
      expect(found.body.meta.count).toBe(found.body.data.length);
      const all = await as(sender).get('/company?query=ltd');
      const onePage = await as(sender).get('/company?query=ltd&pageSize=1&page=2');
      expect(onePage.body.meta).toEqual({ count: 1, total: all.body.meta.total });
      expect(onePage.body.data).toEqual([all.body.data[1]]);
      const excluded = await as(sender).get(`/company?query=company%20lt&forCounterpartyCustomerId=${companyId}`);
      expect(excluded.body.data.map((company: Json) => company.id)).not.toContain(companyId);

      expect((await as(sender).get(`/customer/lookup?email=${encodeURIComponent(beneficiary.email.toUpperCase())}`)).body).toEqual({
        id: beneficiary.customerId,
        type: 'BUSINESS',
      });
      expect((await as(sender).get(`/customer/lookup?email=${encodeURIComponent(payerEmail)}`)).body.type).toBe('PERSONAL');
      const unknown = await as(sender).get('/customer/lookup?email=nobody%40nowhere.example');
      expect([unknown.status, unknown.body.responseDescription]).toEqual([404, 'Contract or customer not found.']);

      const verify = async (body: unknown) => (await as(sender).post('/contract/verify', body)).body;
      expect(await verify({ companyId, counterpartyId: beneficiary.customerId })).toEqual({ isValid: true });
      expect(await verify({ companyId, counterpartyId: sender.customerId })).toEqual({ isValid: false });
      const personal = (await test.server.db.selectFrom('customer_emails').select('customer_id').where('email', '=', payerEmail).executeTakeFirstOrThrow())
        .customer_id;
      expect(await verify({ companyId: personal, counterpartyId: beneficiary.customerId })).toEqual({ isValid: false });
      expect(await verify({ companyId, counterpartyId: personal })).toEqual({ isValid: false });
    });

    it('moves contracts on the clock: activeFrom reached to ACTIVE, activeTo passed to EXPIRED, a termination when due to TERMINATED', async () => {
      const { db } = test.server;
      const payer = await business('ClockSender');
      const payee = await business('ClockBeneficiary');
      const signedBoth = async (activeFrom: string, activeTo?: string) => {
        const created = await as(payer).put('/contract', { ...creation(payer, payee, 2), activeFrom, ...(activeTo ? { activeTo } : {}) });
        const id = created.body.contract.id as number;
        await sign(payer, id);
        await sign(payee, id);
        return id;
      };
      const at = (date: string, time = '00:00:01') => new Date(`${date}T${time}Z`);
      const starting = await signedBoth(dayFrom(1));
      const ending = await signedBoth(dayFrom(0), dayFrom(1));
      const endingTerminated = await signedBoth(dayFrom(0), dayFrom(1));
      const terminated = await signedBoth(dayFrom(0));
      expect((await statusOf(starting)).status).toBe('SIGNED');
      expect((await statusOf(ending)).status).toBe('ACTIVE');
      await as(payee).post(`/contract/${endingTerminated}/terminate`, { note: 'Closing' });
      await as(payee).post(`/contract/${terminated}/terminate`, { note: 'Closing' });
      const asked = (await db.selectFrom('contracts').select('terminated_at').where('id', '=', terminated).executeTakeFirstOrThrow()).terminated_at!;

      await runContractClock(db, at(dayFrom(0), '23:59:59'));
      expect((await statusOf(starting)).status).toBe('SIGNED');
      await runContractClock(db, at(dayFrom(1)));
      // activeFrom has come; activeTo is the last day of the contract, not yet passed; a termination asked under a day ago waits.
      expect((await statusOf(starting)).status).toBe('ACTIVE');
      expect((await statusOf(ending)).status).toBe('ACTIVE');
      expect((await statusOf(endingTerminated)).status).toBe('TERMINATING');
      await runContractClock(db, new Date(asked.getTime() + 23 * 3_600_000));
      expect((await statusOf(terminated)).status).toBe('TERMINATING');
      await runContractClock(db, new Date(asked.getTime() + 25 * 3_600_000));
      expect((await statusOf(terminated)).status).toBe('TERMINATED');
      await runContractClock(db, at(dayFrom(2)));
      expect((await statusOf(ending)).status).toBe('EXPIRED');
      expect((await statusOf(endingTerminated)).status).toBe('TERMINATED');
      expect((await statusOf(starting)).status).toBe('ACTIVE');
      // Both parties hear of a move the clock made.
      const told = await db
        .selectFrom('notifications')
        .select('customer_id')
        .where('type', '=', 'contractExpired')
        .where('customer_id', 'in', [payer.customerId, payee.customerId])
        .execute();
      expect(told.map((row) => row.customer_id).sort()).toEqual([payer.customerId, payee.customerId].sort());
    });
  });
}

describe('contracts on a brand without them (paydek)', () => {
  let test: TestServer;
  let token: string;
  beforeAll(async () => {
    test = await startTestServer(BACKENDS[0]!, { brand: 'paydek' });
    const made = await createPersonalCustomer(test.server.db, 'NoContracts');
    await test.server.db.updateTable('customers').set({ type: 'business', business_name: 'No Contracts Ltd' }).where('id', '=', made.customerId).execute();
    token = (await new ApiClient(test.url).signIn(made.email, TEST_PASSWORD)).accessToken;
  }, 180_000);
  afterAll(() => test?.close());

  it('refuses every path of the contracts service with 13', async () => {
    const document = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'schemas/api/rest.openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { tags?: string[]; operationId: string }>>;
    };
    // A valid call of each path, so that only the brand refuses it.
    const valid: Record<string, { query?: string; body?: unknown }> = {
      contractList: {},
      contractCreate: {
        body: {
          companyId: 1,
          senderId: 1,
          senderSignerName: 'A',
          senderObligations: ['x'],
          beneficiaryId: 2,
          beneficiarySignerName: 'B',
          beneficiaryObligations: ['y'],
          activeFrom: '2030-01-01',
          percentage: 1,
        },
      },
      contractStats: {},
      contractVerify: { body: { companyId: 1, counterpartyId: 2 } },
      customerLookup: { query: '?email=someone%40example.com' },
      companySearch: { query: '?query=x' },
      contractGet: {},
      contractCheckSigner: {},
      contractCancel: { body: {} },
      contractReject: { body: {} },
      contractTerminate: { body: { note: 'x' } },
      contractTerminateCancel: { body: {} },
      contractTerminateNow: { body: {} },
      contractIdentificationStarted: { body: {} },
      contractPdfUrl: {},
      contractSignUrl: {},
      contractIdentificationPush: { body: {} },
      splitPaySignerIdentification: { body: { contractId: 1 } },
    };
    const answers: string[] = [];
    const operations = Object.entries(document.paths).flatMap(([route, verbs]) =>
      Object.entries(verbs)
        .filter(([, operation]) => operation.tags?.includes('Contracts'))
        .map(([verb, operation]) => ({ route, verb, operationId: operation.operationId })),
    );
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(valid).sort());
    for (const { route, verb, operationId } of operations) {
      const { query = '', body } = valid[operationId]!;
      const response = await fetch(`${test.url}${route.replace('{id}', '1').replace('{contractId}', '1')}${query}`, {
        method: verb.toUpperCase(),
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      answers.push(`${operationId} ${response.status} ${((await response.json()) as Json).responseCode}`);
    }
    expect(answers).toEqual(operations.map(({ operationId }) => `${operationId} 403 13`));
  });
});
