/**
 * Crash proof on a real PostgreSQL: the real server runs as its own process, customers send p2p
 * transfers to each other over HTTP (some sent twice at once with one idempotency key), the process is
 * killed with SIGKILL in the middle of the load and started again on the same database. Then every
 * transfer acknowledged with '00' is there exactly once, retrying every key (answered or not) gives
 * exactly one transfer per key, the ledger's invariant holds and nothing is half-applied.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/schema.ts';
import { ApiClient } from '../support/api-client.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { createPersonalCustomer, createPostgresDatabase, fund, HEALTHY, ledgerHealth, openAccount, TEST_PASSWORD } from './ledger-support.ts';

const CUSTOMERS = 6;
const CLIENTS = 12;
/** Acknowledged transfers before the kill: the load is well under way, many calls are in flight. */
const ACKNOWLEDGED_BEFORE_KILL = 40;

interface Payer {
  customerId: number;
  email: string;
  accountId: number;
  token: string;
}

interface Attempt {
  key: string;
  payer: Payer;
  params: { idempotencyKey: string; accountId: number; amount: string; currency: string; toEmail: string };
  /** The operation id of every '00' answer received for this key. */
  acknowledged: number[];
}

describe('ledger survives a crash on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: RunningServer | undefined;
  let db: Kysely<Database>;
  const payers: Payer[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    server = await startServer({ DATABASE_URL: database.url });
    db = await openDatabase({ kind: 'postgres', url: database.url });
    const client = new ApiClient(server.url);
    for (let i = 0; i < CUSTOMERS; i++) {
      const customer = await createPersonalCustomer(db, `crash${i}`);
      const accountId = await openAccount(db, customer.customerId, 'USD');
      await fund(db, accountId, 5_000_000n);
      payers.push({ ...customer, accountId, token: (await client.signIn(customer.email, TEST_PASSWORD)).accessToken });
    }
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await db?.destroy();
    await database?.drop();
  });

  it('keeps every acknowledged transfer exactly once and nothing half-applied after SIGKILL mid-load', async () => {
    const attempts: Attempt[] = [];
    let acknowledgedCount = 0;
    let crashed = false;
    const running = server!;
    const client = new ApiClient(running.url);

    const send = async (attempt: Attempt) => {
      const answer = await client.rpc('p2pTransfer', attempt.params, { token: attempt.payer.token });
      if (answer.status === 200 && answer.body?.responseCode === '00') {
        attempt.acknowledged.push(Number(answer.body.operationId));
        if (attempt.acknowledged.length === 1) acknowledgedCount += 1;
      } else {
        throw new Error(`p2pTransfer answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
    };

    const worker = async (index: number) => {
      for (let n = 0; !crashed; n++) {
        const payer = payers[(index + n) % payers.length]!;
        // Any other customer: an offset from 1 to CUSTOMERS - 1 never lands on the payer.
        const to = payers[(index + n + 1 + (n % (payers.length - 1))) % payers.length]!;
        const key = randomUUID();
        const cents = 100 + ((index * 7919 + n * 104_729) % 9_900);
        const attempt: Attempt = {
          key,
          payer,
          params: {
            idempotencyKey: key,
            accountId: payer.accountId,
            amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
            currency: 'USD',
            toEmail: to.email,
          },
          acknowledged: [],
        };
        attempts.push(attempt);
        try {
          // Every third submission is sent twice at once, as a browser retrying on a timeout would.
          await Promise.all(n % 3 === 0 ? [send(attempt), send(attempt)] : [send(attempt)]);
        } catch (error) {
          if (crashed) continue;
          // A real refusal before the kill: stop the load and fail.
          crashed = true;
          throw error;
        }
      }
    };

    const killer = (async () => {
      while (!crashed && acknowledgedCount < ACKNOWLEDGED_BEFORE_KILL) await new Promise((resolve) => setTimeout(resolve, 5));
      if (crashed) return;
      // The load goes on until the kill has been sent, so every client has a call out when it lands
      // (stopping the clients first let them all collect their answers, leaving nothing cut off).
      const exited = running.crash();
      crashed = true;
      await exited;
    })();
    await Promise.all([killer, ...Array.from({ length: CLIENTS }, (_, index) => worker(index))]);

    const acknowledged = attempts.filter((attempt) => attempt.acknowledged.length);
    const unanswered = attempts.filter((attempt) => !attempt.acknowledged.length);
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    // Calls were cut off by the kill: their fate is unknown to the client.
    expect(unanswered.length).toBeGreaterThan(0);
    for (const attempt of acknowledged) expect(new Set(attempt.acknowledged).size, `answers for key ${attempt.key}`).toBe(1);

    // The database as the crash left it, before anyone touches it: nothing half-applied.
    expect(await ledgerHealth(db)).toMatchObject(HEALTHY);
    const keyRows = await db
      .selectFrom('idempotency_keys')
      .select(['key', 'response'])
      .where(
        'key',
        'in',
        attempts.map((attempt) => attempt.key),
      )
      .execute();
    const storedBeforeRestart = new Map(keyRows.map((row) => [row.key, Number((row.response as { operationId?: unknown }).operationId)]));
    for (const attempt of acknowledged) expect(storedBeforeRestart.get(attempt.key), `acknowledged key ${attempt.key}`).toBe(attempt.acknowledged[0]);
    // Each committed key has its transfer and each transfer its key: a call committed whole or not at all.
    const transfersBeforeRestart = await db
      .selectFrom('transfers')
      .select(['id', 'status'])
      .where(
        'customer_id',
        'in',
        payers.map((payer) => payer.customerId),
      )
      .execute();
    expect(transfersBeforeRestart.map((transfer) => Number(transfer.id)).sort((a, b) => a - b)).toEqual(
      [...storedBeforeRestart.values()].sort((a, b) => a - b),
    );
    expect(transfersBeforeRestart.every((transfer) => transfer.status === 'completed')).toBe(true);

    server = await startServer({ DATABASE_URL: database.url });
    const again = new ApiClient(server.url);
    // Every key again, acknowledged or not: the first answer for those that committed, a new transfer for the others.
    const retried = await Promise.all(
      attempts.map(async (attempt) => ({ attempt, answer: await again.rpc('p2pTransfer', attempt.params, { token: attempt.payer.token }) })),
    );
    for (const { attempt, answer } of retried) {
      expect(answer.body?.responseCode, `retry of ${attempt.key}: ${JSON.stringify(answer.body)}`).toBe('00');
      const earlier = attempt.acknowledged[0] ?? storedBeforeRestart.get(attempt.key);
      if (earlier !== undefined) expect(Number(answer.body.operationId), `retry of ${attempt.key}`).toBe(earlier);
    }

    // Exactly one completed transfer per key, and no transfer without a key.
    const operationIds = retried.map(({ answer }) => Number(answer.body.operationId));
    expect(new Set(operationIds).size).toBe(attempts.length);
    const transfers = await db
      .selectFrom('transfers')
      .select(['id', 'status', 'from_account_id', 'to_account_id', 'amount', 'fee', 'to_amount', 'ledger_transaction_id'])
      .where(
        'customer_id',
        'in',
        payers.map((payer) => payer.customerId),
      )
      .execute();
    expect(transfers.map((transfer) => Number(transfer.id)).sort((a, b) => a - b)).toEqual([...operationIds].sort((a, b) => a - b));
    expect(transfers.every((transfer) => transfer.status === 'completed' && transfer.ledger_transaction_id !== null)).toBe(true);
    expect(new Set(transfers.map((transfer) => String(transfer.ledger_transaction_id))).size).toBe(transfers.length);

    // Each balance is its funding moved by exactly these transfers, and the ledger agrees with itself.
    const balances = await db
      .selectFrom('accounts')
      .select(['id', 'balance', 'pending'])
      .where(
        'id',
        'in',
        payers.map((payer) => payer.accountId),
      )
      .execute();
    for (const { id, balance, pending } of balances) {
      const out = transfers.filter((t) => t.from_account_id === id).reduce((sum, t) => sum + BigInt(t.amount) + BigInt(t.fee), 0n);
      const into = transfers.filter((t) => t.to_account_id === id).reduce((sum, t) => sum + BigInt(t.to_amount), 0n);
      expect(BigInt(balance), `balance of account ${id}`).toBe(5_000_000n - out + into);
      expect(BigInt(pending), `held on account ${id}`).toBe(0n);
    }
    expect(await ledgerHealth(db)).toMatchObject(HEALTHY);
  }, 180_000);
});
