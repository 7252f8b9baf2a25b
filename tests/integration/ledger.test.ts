import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerError } from '../../server/ledger/errors.ts';
import { checkLedgerInvariant } from '../../server/ledger/invariant.ts';
import { postLedgerTransaction, writeLedgerTransaction, type LedgerPosting } from '../../server/ledger/post-transaction.ts';
import { systemAccountId } from '../../server/ledger/system-accounts.ts';
import { currentBalance, foldSystemBalances } from '../../server/ledger/system-balances.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

for (const backend of BACKENDS) {
  describe(`ledger on ${backend.name}`, () => {
    let test: TestServer;
    let customerId: number;

    const db = () => test.server.db;
    const openAccount = async (currency = 'USD') =>
      (await db().insertInto('accounts').values({ customer_id: customerId, currency_code: currency, type: 1001 }).returning('id').executeTakeFirstOrThrow()).id;
    const balanceOf = async (id: number) => (await db().selectFrom('accounts').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance;
    const transactionCount = async () =>
      Number(
        (
          await db()
            .selectFrom('ledger_transactions')
            .select((eb) => eb.fn.countAll<bigint>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const fund = async (account: number, amount: bigint, currency = 'USD') =>
      postLedgerTransaction(db(), {
        operationType: 'Deposit',
        description: 'Test funding',
        legs: [
          { accountId: await systemAccountId(db(), 'clearing:deposit', currency), amount: -amount },
          { accountId: account, amount },
        ],
      });
    const transfer = (from: number, to: number, amount: bigint, idempotencyKey?: string): LedgerPosting => ({
      operationType: 'Transfer',
      description: 'Test transfer',
      legs: [
        { accountId: from, amount: -amount },
        { accountId: to, amount },
      ],
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
    /** A transfer whose payer also pays a fee into the USD fee account (a system account). */
    const withFee = async (from: number, to: number, amount: bigint, fee: bigint): Promise<LedgerPosting> => ({
      operationType: 'Transfer',
      description: 'With a fee',
      legs: [
        { accountId: from, amount: -(amount + fee) },
        { accountId: to, amount },
        { accountId: await systemAccountId(db(), 'fees', 'USD'), amount: fee },
      ],
    });
    const refusalOf = async (work: Promise<unknown>) => {
      try {
        await work;
        return undefined;
      } catch (error) {
        if (error instanceof LedgerError) return error.reason;
        throw error;
      }
    };

    beforeAll(async () => {
      test = await startTestServer(backend);
      customerId = (await db().selectFrom('customers').select('id').where('first_name', '=', 'Anna').executeTakeFirstOrThrow()).id;
    });
    afterAll(() => test?.close());

    it('holds the invariant after the demo history', async () => {
      const report = await checkLedgerInvariant(db());
      expect(report).toEqual({ holds: true, unbalancedCurrencies: [], accountsOutOfStep: [], unbalancedTransactions: [], holdsOutOfStep: [] });
      const customerBalances = await db().selectFrom('accounts').select('balance').where('customer_id', 'is not', null).execute();
      expect(customerBalances.every((row) => row.balance >= 0n)).toBe(true);
    });

    it('notices a balance changed behind the ledger', async () => {
      const account = await openAccount();
      await db().updateTable('accounts').set({ balance: 500n }).where('id', '=', account).execute();
      try {
        const report = await checkLedgerInvariant(db());
        expect(report.holds).toBe(false);
        expect(report.unbalancedCurrencies).toEqual([{ currencyCode: 'USD', total: 500n }]);
        expect(report.accountsOutOfStep).toEqual([{ accountId: account, balance: 500n, entries: 0n }]);
      } finally {
        await db().updateTable('accounts').set({ balance: 0n }).where('id', '=', account).execute();
      }
    });

    it('never overdraws under 40 concurrent transfers, and the invariant holds', async () => {
      const source = await openAccount();
      const targets = [await openAccount(), await openAccount()];
      await fund(source, 10_000n);
      const outcomes = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => postLedgerTransaction(db(), transfer(source, targets[i % 2]!, 700n))));
      const posted = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(posted).toHaveLength(14);
      expect(refused.every((o) => o.reason instanceof LedgerError && o.reason.reason === 'insufficientFunds')).toBe(true);
      expect(await balanceOf(source)).toBe(200n);
      expect((await balanceOf(targets[0]!)) + (await balanceOf(targets[1]!))).toBe(9_800n);
      expect((await checkLedgerInvariant(db())).holds).toBe(true);
    });

    it('moves money both ways at once without deadlock', async () => {
      const a = await openAccount();
      const b = await openAccount();
      await fund(a, 100_000n);
      await fund(b, 100_000n);
      await Promise.all(Array.from({ length: 40 }, (_, i) => postLedgerTransaction(db(), i % 2 ? transfer(a, b, 1_000n + BigInt(i)) : transfer(b, a, 1_000n))));
      const movedToB = Array.from({ length: 20 }, (_, k) => 1_000n + BigInt(2 * k + 1)).reduce((s, x) => s + x, 0n);
      expect(await balanceOf(a)).toBe(100_000n - movedToB + 20_000n);
      expect(await balanceOf(b)).toBe(100_000n + movedToB - 20_000n);
      expect((await checkLedgerInvariant(db())).holds).toBe(true);
    });

    it('posts a payment that no revenue-split contract touches in one statement', async () => {
      const from = await openAccount();
      const to = await openAccount();
      await fund(from, 5_000n);
      const sent: string[] = [];
      const counted = db().withPlugin({
        transformQuery: (args) => {
          sent.push(args.node.kind);
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const posted = await postLedgerTransaction(counted, transfer(from, to, 1_250n, 'one-statement-1'));
      expect(posted.replayed).toBe(false);
      expect(sent).toEqual(['RawNode']);
      expect(await balanceOf(from)).toBe(3_750n);
      expect(await balanceOf(to)).toBe(1_250n);
    });

    it('answers a retry with the same idempotency key with the first result, once', async () => {
      const from = await openAccount();
      const to = await openAccount();
      await fund(from, 5_000n);
      const first = await postLedgerTransaction(db(), transfer(from, to, 1_250n, 'retry-key-1'));
      expect(first.replayed).toBe(false);
      const again = await postLedgerTransaction(db(), transfer(from, to, 1_250n, 'retry-key-1'));
      expect(again).toEqual({ ...first, replayed: true });
      expect(await balanceOf(from)).toBe(3_750n);
      expect(await balanceOf(to)).toBe(1_250n);
    });

    it('posts concurrent requests with one idempotency key exactly once', async () => {
      const from = await openAccount();
      const to = await openAccount();
      await fund(from, 5_000n);
      const results = await Promise.all(Array.from({ length: 10 }, () => postLedgerTransaction(db(), transfer(from, to, 999n, 'racing-key'))));
      expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
      expect(await balanceOf(to)).toBe(999n);
    });

    it('refuses the same idempotency key with different parameters', async () => {
      const from = await openAccount();
      const to = await openAccount();
      await fund(from, 5_000n);
      await postLedgerTransaction(db(), transfer(from, to, 100n, 'key-2'));
      expect(await refusalOf(postLedgerTransaction(db(), transfer(from, to, 200n, 'key-2')))).toBe('idempotencyConflict');
      expect(await balanceOf(to)).toBe(100n);
    });

    it('refuses unbalanced, unknown-account, closed-account and overdrawing postings, writing nothing', async () => {
      const from = await openAccount();
      const to = await openAccount();
      const euros = await openAccount('EUR');
      const closed = await openAccount();
      await db().updateTable('accounts').set({ status: 11 }).where('id', '=', closed).execute();
      await fund(from, 1_000n);
      const before = await transactionCount();

      const leg = (accountId: number, amount: bigint) => ({ accountId, amount });
      const post = (legs: LedgerPosting['legs']) => postLedgerTransaction(db(), { operationType: 'Transfer', description: 'bad', legs });
      expect(await refusalOf(post([leg(from, -100n), leg(to, 99n)]))).toBe('unbalanced');
      expect(await refusalOf(post([leg(from, -100n), leg(euros, 100n)]))).toBe('unbalanced');
      expect(await refusalOf(post([leg(from, -100n), leg(999_999, 100n)]))).toBe('unknownAccount');
      expect(await refusalOf(post([leg(from, -100n), leg(closed, 100n)]))).toBe('closedAccount');
      expect(await refusalOf(post([leg(from, -1_001n), leg(to, 1_001n)]))).toBe('insufficientFunds');
      expect(await refusalOf(post([leg(from, -100n)]))).toBe('invalidEntries');

      expect(await transactionCount()).toBe(before);
      expect(await balanceOf(from)).toBe(1_000n);
      expect(await balanceOf(to)).toBe(0n);
    });

    it('names what is wrong in a refusal: the difference per currency, the account concerned', async () => {
      const from = await openAccount();
      const to = await openAccount();
      const euros = await openAccount('EUR');
      await fund(from, 1_000n);
      const leg = (accountId: number, amount: bigint) => ({ accountId, amount });
      const post = (legs: LedgerPosting['legs']) => postLedgerTransaction(db(), { operationType: 'Transfer', description: 'bad', legs });
      await expect(post([leg(from, -100n), leg(to, 99n)])).rejects.toThrow('(USD -1 minor units)');
      await expect(post([leg(from, -100n), leg(euros, 100n)])).rejects.toThrow('(USD -100, EUR +100 minor units)');
      await expect(post([leg(from, -100n), leg(999_999, 100n)])).rejects.toMatchObject({ reason: 'unknownAccount', accountId: 999_999 });
      await expect(post([leg(to, 5n), leg(from, -2_000n), leg(euros, 1_995n)])).rejects.toMatchObject({ reason: 'unbalanced' });
      await expect(post([leg(to, 2_000n), leg(from, -2_000n)])).rejects.toMatchObject({
        reason: 'insufficientFunds',
        accountId: from,
        message: `Account ${from} does not hold enough money for this transaction: lower the amount or add funds first.`,
      });
    });

    it('moves a system account by deltas that a fold adds into its balance, the invariant holding throughout', async () => {
      const fees = await systemAccountId(db(), 'fees', 'USD');
      const from = await openAccount();
      const to = await openAccount();
      await fund(from, 1_000n);
      await foldSystemBalances(db());
      const feesNow = async () =>
        (await db()
          .selectFrom('accounts as a')
          .select(['a.balance', currentBalance.as('current')])
          .where('a.id', '=', fees)
          .executeTakeFirstOrThrow()) as {
          balance: bigint;
          current: bigint;
        };
      const before = await feesNow();
      await postLedgerTransaction(db(), await withFee(from, to, 100n, 5n));
      expect(await balanceOf(from)).toBe(895n);
      const unfolded = await feesNow();
      expect(unfolded.balance).toBe(before.balance);
      expect(BigInt(unfolded.current)).toBe(BigInt(before.current) + 5n);
      expect((await checkLedgerInvariant(db())).holds).toBe(true);

      expect(await foldSystemBalances(db())).toBeGreaterThan(0);
      const folded = await feesNow();
      expect(folded.balance).toBe(BigInt(before.current) + 5n);
      expect(BigInt(folded.current)).toBe(folded.balance);
      expect((await checkLedgerInvariant(db())).holds).toBe(true);
    });

    it.runIf(backend.name === 'PostgreSQL')('never makes a posting wait for another that pays the same system account', async () => {
      const [a, b, c, d] = [await openAccount(), await openAccount(), await openAccount(), await openAccount()];
      await fund(a, 1_000n);
      await fund(c, 1_000n);
      // The first posting stays uncommitted, holding whatever it locked, while the second runs.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let firstPosted!: () => void;
      const posted = new Promise<void>((resolve) => (firstPosted = resolve));
      const first = db()
        .transaction()
        .execute(async (trx) => {
          await writeLedgerTransaction(trx, await withFee(a, b, 10n, 1n));
          firstPosted();
          await held;
        });
      await posted;
      // A lock wait would end the second posting with 55P03 (lock_timeout) instead of a posting: this
      // decides by the locks taken, not by how long anything took.
      const posting = await withFee(c, d, 10n, 1n);
      const second = await db()
        .transaction()
        .execute(async (trx) => {
          await sql`set local lock_timeout = '1s'`.execute(trx);
          return writeLedgerTransaction(trx, posting);
        })
        .then(
          () => 'posted',
          (error: unknown) => (error as { code?: string }).code ?? String(error),
        );
      release();
      await first;
      expect(second).toBe('posted');
      expect(await balanceOf(d)).toBe(10n);
    });

    it('lets an account go down to its minimum and no further, counting held amounts', async () => {
      const from = await openAccount();
      const to = await openAccount();
      await db().updateTable('accounts').set({ balance_min: -500n, pending: 200n }).where('id', '=', from).execute();
      expect(await refusalOf(postLedgerTransaction(db(), transfer(from, to, 301n)))).toBe('insufficientFunds');
      await postLedgerTransaction(db(), transfer(from, to, 300n));
      expect(await balanceOf(from)).toBe(-300n);
    });
  });
}
