/**
 * Proof on a real PostgreSQL that concurrent money movement neither loses nor invents a cent:
 * 64 transfers and exchanges among several customers' accounts in two currencies run at once, with
 * retries of the same idempotency key sent alongside and after. Afterwards every balance equals the
 * sum of its posted entries, each currency sums to zero, no account is below its minimum, every
 * acknowledged transfer exists exactly once and refused ones left nothing.
 * (tests/integration/ledger.test.ts holds the smaller single-pair cases.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerError } from '../../server/ledger/errors.ts';
import { holdLedgerTransaction, settleHeldTransaction } from '../../server/ledger/holds.ts';
import { postLedgerTransaction, type LedgerPosting } from '../../server/ledger/post-transaction.ts';
import { systemAccountId } from '../../server/ledger/system-accounts.ts';
import { randomUUID } from 'node:crypto';
import { ApiClient, type Answer } from '../support/api-client.ts';
import { BACKENDS, startDeployment, TWO_PROCESSES, type TestDeployment } from './harness.ts';
import { accountStates, createPersonalCustomer, fund, HEALTHY, ledgerHealth, openAccount, TEST_PASSWORD, transactionsPerKey } from './ledger-support.ts';

const postgres = BACKENDS.find((backend) => backend.name === 'PostgreSQL')!;

/** A small deterministic generator, so a failing run can be replayed exactly. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

for (const backend of [postgres, TWO_PROCESSES])
  describe(`ledger under concurrent load on ${backend.name}`, () => {
    let test: TestDeployment;
    const db = () => test.server.db;
    /** Customer accounts by currency. */
    const usd: number[] = [];
    const eur: number[] = [];
    let fx: { USD: number; EUR: number };

    beforeAll(async () => {
      test = await startDeployment(backend);
      for (const name of ['Ines', 'Jonas', 'Kira']) {
        const { customerId } = await createPersonalCustomer(db(), name);
        usd.push(await openAccount(db(), customerId, 'USD'));
        eur.push(await openAccount(db(), customerId, 'EUR', name === 'Kira' ? -5_000n : 0n));
      }
      for (const account of usd) await fund(db(), account, 15_000n);
      for (const account of eur) await fund(db(), account, 10_000n);
      fx = { USD: await systemAccountId(db(), 'fx', 'USD'), EUR: await systemAccountId(db(), 'fx', 'EUR') };
    });
    afterAll(() => test?.close());

    /** A transfer between two accounts of one currency, or an exchange from USD to EUR through the FX accounts. */
    function operation(random: () => number, index: number, keyPrefix: string): LedgerPosting {
      const amount = BigInt(1_000 + Math.floor(random() * 9_000));
      const pick = (list: number[]) => list[Math.floor(random() * list.length)]!;
      const key = `${keyPrefix}-${index}`;
      if (index % 4 === 3) {
        // Exchange at 0.92 EUR per USD, rounded down to the cent.
        const from = pick(usd);
        const to = pick(eur);
        const toAmount = (amount * 92n) / 100n;
        return {
          operationType: 'Exchange',
          description: `Exchange ${index}`,
          idempotencyKey: key,
          legs: [
            { accountId: from, amount: -amount },
            { accountId: fx.USD, amount },
            { accountId: fx.EUR, amount: -toAmount },
            { accountId: to, amount: toAmount },
          ],
        };
      }
      const list = index % 4 === 1 ? eur : usd;
      const from = pick(list);
      let to = pick(list);
      if (to === from) to = list[(list.indexOf(from) + 1) % list.length]!;
      return {
        operationType: 'Transfer',
        description: `Transfer ${index}`,
        idempotencyKey: key,
        legs: [
          { accountId: from, amount: -amount },
          { accountId: to, amount },
        ],
      };
    }

    it('64 concurrent transfers and exchanges with idempotent retries keep every cent', async () => {
      const random = generator(20_260_404);
      const postings = Array.from({ length: 64 }, (_, i) => operation(random, i, `concurrency-${Date.now()}`));
      const accounts = [...usd, ...eur];
      const before = await accountStates(db(), accounts);

      // Every fourth key is sent three times at once, every other one twice; the rest once.
      const attempts = postings.flatMap((posting, i) => Array.from({ length: i % 4 === 0 ? 3 : i % 2 === 0 ? 2 : 1 }, () => posting));
      attempts.sort(() => random() - 0.5);
      const outcomes = await Promise.allSettled(attempts.map((posting) => postLedgerTransaction(db(), posting)));
      // ...and every key once more after the load, as a client that never saw its answer would.
      const later = await Promise.allSettled(postings.map((posting) => postLedgerTransaction(db(), posting)));

      const unexpected = [...outcomes, ...later].filter(
        (o): o is PromiseRejectedResult => o.status === 'rejected' && !(o.reason instanceof LedgerError && o.reason.reason === 'insufficientFunds'),
      );
      expect(unexpected.map((o) => String(o.reason))).toEqual([]);

      const acknowledged = new Map<string, bigint>();
      attempts.forEach((posting, i) => {
        const outcome = outcomes[i]!;
        if (outcome.status === 'fulfilled') {
          const earlier = acknowledged.get(posting.idempotencyKey!);
          // Every answer for one key names the same ledger transaction.
          if (earlier !== undefined) expect(outcome.value.transactionId).toBe(earlier);
          acknowledged.set(posting.idempotencyKey!, outcome.value.transactionId);
        }
      });
      postings.forEach((posting, i) => {
        const outcome = later[i]!;
        const first = acknowledged.get(posting.idempotencyKey!);
        if (first !== undefined) {
          // A retry after the load replays the first answer.
          expect(outcome).toMatchObject({ status: 'fulfilled', value: { transactionId: first, replayed: true } });
        } else if (outcome.status === 'fulfilled') {
          acknowledged.set(posting.idempotencyKey!, outcome.value.transactionId);
        }
      });
      // The funds run short on purpose: some transfers are refused, many go through.
      expect(acknowledged.size).toBeGreaterThan(16);
      expect(acknowledged.size).toBeLessThan(64);

      const perKey = await transactionsPerKey(
        db(),
        postings.map((posting) => posting.idempotencyKey!),
      );
      for (const posting of postings) {
        expect(perKey.get(posting.idempotencyKey!), posting.idempotencyKey).toBe(acknowledged.has(posting.idempotencyKey!) ? 1 : 0);
      }

      // Each account moved by exactly the acknowledged legs.
      const expected = new Map([...before].map(([id, state]) => [id, state.balance]));
      for (const posting of postings) {
        if (!acknowledged.has(posting.idempotencyKey!)) continue;
        for (const leg of posting.legs) if (expected.has(leg.accountId)) expected.set(leg.accountId, expected.get(leg.accountId)! + leg.amount);
      }
      const after = await accountStates(db(), accounts);
      expect(new Map([...after].map(([id, state]) => [id, state.balance]))).toEqual(expected);

      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('64 concurrent p2p transfers and exchanges over HTTP, with retried keys, each land exactly once', async () => {
      const random = generator(64_064);
      const client = new ApiClient(test.url);
      const people: Array<{ customerId: number; email: string; accounts: { USD: number; EUR: number }; token: string }> = [];
      for (const name of ['Olga', 'Pavel', 'Rosa', 'Sami']) {
        const customer = await createPersonalCustomer(db(), name);
        const accounts = { USD: await openAccount(db(), customer.customerId, 'USD'), EUR: await openAccount(db(), customer.customerId, 'EUR') };
        await fund(db(), accounts.USD, 30_000n);
        await fund(db(), accounts.EUR, 20_000n);
        people.push({ ...customer, accounts, token: (await client.signIn(customer.email, TEST_PASSWORD)).accessToken });
      }
      const accounts = people.flatMap((person) => [person.accounts.USD, person.accounts.EUR]);
      const before = await accountStates(db(), accounts);

      // Three of four are p2p transfers in USD or EUR to another customer; every fourth exchanges USD into the payer's EUR.
      const requests = Array.from({ length: 64 }, (_, i) => {
        const payer = people[Math.floor(random() * people.length)]!;
        const cents = 500 + Math.floor(random() * 9_500);
        const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        const idempotencyKey = randomUUID();
        if (i % 4 === 3) {
          return {
            payer,
            method: 'accountTransfer',
            params: { idempotencyKey, fromAccount: payer.accounts.USD, toAccount: payer.accounts.EUR, amount, currency: 'USD' },
          };
        }
        const others = people.filter((person) => person !== payer);
        const payee = others[Math.floor(random() * others.length)]!;
        const currency = i % 2 ? 'EUR' : 'USD';
        return {
          payer,
          method: 'p2pTransfer',
          params: { idempotencyKey, accountId: payer.accounts[currency as 'USD' | 'EUR'], amount, currency, toEmail: payee.email },
        };
      });
      const call = (request: (typeof requests)[number]) => client.rpc(request.method, request.params, { token: request.payer.token });

      const sends = requests.flatMap((request, i) => Array.from({ length: i % 4 === 0 ? 3 : i % 2 === 0 ? 2 : 1 }, () => request));
      sends.sort(() => random() - 0.5);
      const answers = await Promise.all(sends.map(call));
      // With two processes, both answered some of them.
      if (test.answeredBy) expect(test.answeredBy().size).toBe(2);
      const laterAnswers = await Promise.all(requests.map(call));

      /** The operation id of each acknowledged key; every other answer must be the refusal for funds. */
      const acknowledged = new Map<string, number>();
      const judge = (request: (typeof requests)[number], answer: Answer) => {
        const key = request.params.idempotencyKey;
        if (answer.body?.responseCode === '00') {
          const operationId = Number(answer.body.operationId);
          if (acknowledged.has(key)) expect(operationId, `every answer for key ${key}`).toBe(acknowledged.get(key));
          acknowledged.set(key, operationId);
          expect(answer.body.status).toBe('completed');
        } else {
          expect(answer.body, `refusal of ${request.method} ${key}`).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'amount' }] });
          expect(answer.body.validationErrors[0].description).toMatch(/enough/);
        }
      };
      sends.forEach((request, i) => judge(request, answers[i]!));
      const acknowledgedDuringLoad = new Map(acknowledged);
      requests.forEach((request, i) => {
        judge(request, laterAnswers[i]!);
        // A key acknowledged during the load is replayed afterwards, never run again.
        const first = acknowledgedDuringLoad.get(request.params.idempotencyKey);
        if (first !== undefined) expect(Number(laterAnswers[i]!.body.operationId)).toBe(first);
      });
      expect(acknowledged.size).toBeGreaterThan(16);
      expect(acknowledged.size).toBeLessThan(64);

      // Exactly the acknowledged transfers exist, once each, each with its own ledger transaction; refused keys left nothing.
      const transfers = await db()
        .selectFrom('transfers')
        .select(['id', 'status', 'from_account_id', 'to_account_id', 'amount', 'fee', 'to_amount', 'ledger_transaction_id'])
        .where(
          'customer_id',
          'in',
          people.map((person) => person.customerId),
        )
        .execute();
      expect(transfers.map((transfer) => Number(transfer.id)).sort((a, b) => a - b)).toEqual([...acknowledged.values()].sort((a, b) => a - b));
      expect(new Set(transfers.map((transfer) => String(transfer.ledger_transaction_id))).size).toBe(transfers.length);
      expect(transfers.every((transfer) => transfer.status === 'completed' && transfer.ledger_transaction_id !== null)).toBe(true);
      const keys = await db()
        .selectFrom('idempotency_keys')
        .select('key')
        .where(
          'key',
          'in',
          requests.map((request) => request.params.idempotencyKey),
        )
        .execute();
      expect(new Set(keys.map((row) => row.key))).toEqual(new Set(acknowledged.keys()));

      // Every account moved by exactly its transfers (fees included), nothing left held, the ledger agrees with itself.
      const after = await accountStates(db(), accounts);
      for (const id of accounts) {
        const out = transfers.filter((t) => t.from_account_id === id).reduce((sum, t) => sum + BigInt(t.amount) + BigInt(t.fee), 0n);
        const into = transfers.filter((t) => t.to_account_id === id).reduce((sum, t) => sum + BigInt(t.to_amount), 0n);
        expect(after.get(id), `account ${id}`).toMatchObject({ balance: before.get(id)!.balance - out + into, pending: 0n });
      }
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('a transfer confirmed by its code from several calls at once is completed once', async () => {
      const client = new ApiClient(test.url);
      // Approval mode 4: a code by e-mail confirms each transfer.
      const people: Array<{ customerId: number; email: string; accountId: number; token: string }> = [];
      for (const name of ['Tomas', 'Uma']) {
        const customer = await createPersonalCustomer(db(), name, { approveMode: 4 });
        const accountId = await openAccount(db(), customer.customerId, 'USD');
        await fund(db(), accountId, 50_000n);
        people.push({ ...customer, accountId, token: (await client.signIn(customer.email, TEST_PASSWORD)).accessToken });
      }
      const [payer, payee] = people as [(typeof people)[number], (typeof people)[number]];
      const before = await accountStates(db(), [payer.accountId, payee.accountId]);

      const submitted = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          client.rpc(
            'p2pTransfer',
            { idempotencyKey: randomUUID(), accountId: payer.accountId, amount: `${10 + i}.00`, currency: 'USD', toEmail: payee.email },
            { token: payer.token },
          ),
        ),
      );
      for (const answer of submitted) expect(answer.body).toMatchObject({ responseCode: '00', status: 'awaitingConfirmation', approveType: 'approvalCode' });
      // Held, not moved, until confirmed.
      expect((await accountStates(db(), [payer.accountId])).get(payer.accountId)!.balance).toBe(before.get(payer.accountId)!.balance);

      const messages = await db()
        .selectFrom('outbox_messages')
        .select('body')
        .where('recipient', '=', payer.email)
        .where('purpose', '=', 'transferConfirmation')
        .execute();
      const codeFor = (amount: string) => {
        // The message writes the amount as the reader's language writes money ('$10.00' in English).
        const written = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(Number(amount));
        const message = messages.find((m) => m.body.includes(written));
        return /^([0-9]{4,8}) /.exec(message?.body ?? '')?.[1];
      };
      // Each transfer confirmed by four calls at once.
      const confirmations = await Promise.all(
        submitted.flatMap((answer) => {
          const code = codeFor(answer.body.amount);
          expect(code, `code for ${answer.body.amount}`).toBeDefined();
          return Array.from({ length: 4 }, () => client.rpc('transferApprove', { trxid: answer.body.operationId, approvalCode: code }, { token: payer.token }));
        }),
      );
      for (const answer of confirmations) expect(answer.body).toMatchObject({ responseCode: '00', status: 'completed' });

      const ids = submitted.map((answer) => answer.body.operationId as number);
      const transfers = await db()
        .selectFrom('transfers')
        .select(['id', 'status', 'amount', 'fee', 'to_amount', 'ledger_transaction_id'])
        .where('id', 'in', ids.map(BigInt))
        .execute();
      expect(transfers).toHaveLength(8);
      expect(transfers.every((t) => t.status === 'completed')).toBe(true);
      const entries = await db()
        .selectFrom('ledger_entries')
        .select(['transaction_id', 'status'])
        .where(
          'transaction_id',
          'in',
          transfers.map((t) => t.ledger_transaction_id!),
        )
        .execute();
      expect(entries.every((entry) => entry.status === 'posted')).toBe(true);
      const out = transfers.reduce((sum, t) => sum + BigInt(t.amount) + BigInt(t.fee), 0n);
      const into = transfers.reduce((sum, t) => sum + BigInt(t.to_amount), 0n);
      const after = await accountStates(db(), [payer.accountId, payee.accountId]);
      expect(after.get(payer.accountId)).toMatchObject({ balance: before.get(payer.accountId)!.balance - out, pending: 0n });
      expect(after.get(payee.accountId)).toMatchObject({ balance: before.get(payee.accountId)!.balance + into, pending: 0n });
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });

    it('holds made, posted and voided concurrently with transfers keep every held amount backed and every cent', async () => {
      const random = generator(4_040_404);
      const accounts = [...usd, ...eur];
      for (const account of accounts) await fund(db(), account, 20_000n);
      const before = await accountStates(db(), accounts);
      const prefix = `holds-${Date.now()}`;
      const holdPostings = Array.from({ length: 32 }, (_, i) => ({ ...operation(random, i, `${prefix}-hold`), description: `Held ${i}` }));
      const transfers = Array.from({ length: 32 }, (_, i) => operation(random, i, `${prefix}-transfer`));

      const hold = (posting: LedgerPosting) => test.server.db.transaction().execute((trx) => holdLedgerTransaction(trx, posting));
      const [heldOutcomes, transferOutcomes] = await Promise.all([
        Promise.allSettled(holdPostings.map(hold)),
        Promise.allSettled(transfers.map((posting) => postLedgerTransaction(db(), posting))),
      ]);
      const refusedOnlyForFunds = (o: PromiseSettledResult<unknown>) =>
        o.status === 'fulfilled' || (o.reason instanceof LedgerError && o.reason.reason === 'insufficientFunds');
      expect([...heldOutcomes, ...transferOutcomes].filter((o) => !refusedOnlyForFunds(o)).map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);

      // Settle every hold twice at once, alternately posting and voiding: one settle wins, the other is refused.
      const held = holdPostings.flatMap((posting, i) => {
        const outcome = heldOutcomes[i]!;
        return outcome.status === 'fulfilled' ? [{ posting, transactionId: outcome.value.transactionId, post: i % 2 === 0 }] : [];
      });
      expect(held.length).toBeGreaterThan(4);
      const settle = (transactionId: bigint, post: boolean) =>
        test.server.db.transaction().execute((trx) => settleHeldTransaction(trx, transactionId, post ? 'post' : 'void'));
      const settled = await Promise.allSettled(held.flatMap((h) => [settle(h.transactionId, h.post), settle(h.transactionId, h.post)]));
      for (let i = 0; i < held.length; i++) {
        const pair = [settled[2 * i]!, settled[2 * i + 1]!];
        expect(
          pair.filter((o) => o.status === 'fulfilled'),
          `settles of hold ${held[i]!.transactionId}: ${pair.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok')).join(', ')}`,
        ).toHaveLength(1);
        const refused = pair.find((o): o is PromiseRejectedResult => o.status === 'rejected')!;
        expect(refused.reason).toBeInstanceOf(LedgerError);
        expect((refused.reason as LedgerError).reason).toBe('invalidEntries');
      }

      // Balances moved by exactly the acknowledged transfers and the posted holds; nothing stays held.
      const expected = new Map([...before].map(([id, state]) => [id, state.balance]));
      const apply = (posting: LedgerPosting) => {
        for (const leg of posting.legs) if (expected.has(leg.accountId)) expected.set(leg.accountId, expected.get(leg.accountId)! + leg.amount);
      };
      transfers.forEach((posting, i) => transferOutcomes[i]!.status === 'fulfilled' && apply(posting));
      held.filter((h) => h.post).forEach((h) => apply(h.posting));
      const after = await accountStates(db(), accounts);
      expect(new Map([...after].map(([id, state]) => [id, state.balance]))).toEqual(expected);
      for (const [id, state] of after) expect(state.pending, `pending of account ${id}`).toBe(before.get(id)!.pending);
      const statuses = await db()
        .selectFrom('ledger_entries')
        .select(['transaction_id', 'status'])
        .where(
          'transaction_id',
          'in',
          held.map((h) => h.transactionId),
        )
        .execute();
      for (const h of held) {
        expect(new Set(statuses.filter((row) => row.transaction_id === h.transactionId).map((row) => row.status))).toEqual(
          new Set([h.post ? 'posted' : 'voided']),
        );
      }
      expect(await ledgerHealth(db())).toMatchObject(HEALTHY);
    });
  });
