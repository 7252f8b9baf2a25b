/**
 * The customer's live channel across server processes (issue 15 item 4, 'pushed live to the browser'):
 * two server processes (server/main.ts, each its own Node process) on one PostgreSQL database, their
 * schedulers off so neither moves a payout by itself. A customer's page listens on process B's
 * /api/live; an EFT is sent and then settled by the sandbox network through process A; B's socket is
 * told that the customer's payouts changed, though B made no change itself. Another customer listening
 * on B is not told. The announcement is a NOTIFY (server/push/customer-live.ts), so the change reaches
 * every process that listens on the database.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/schema.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { freshDatabase } from './harness.ts';
import { createPersonalCustomer, fund, openAccount, TEST_PASSWORD } from './ledger-support.ts';

/** A beneficiary in Brazil with its bank, branch and further details (schemas/data/eft-banks.json). */
const ANA = {
  countryCode: 'BR',
  beneficiaryName: 'Ana Souza',
  accountNumber: '123456',
  bankCode: '001',
  branchCode: '1607',
  extraParams: { taxId: '12345678901', bankAccountType: 'checking' },
};

/** A page's live channel: the topics it has been told, in order, and a wait for the next of one. */
interface Listener {
  heard: string[];
  next(topic: string): Promise<void>;
  close(): void;
}

/** Opens /api/live on `server` as the signed-in page would, resolving once the server says it is ready. */
async function listen(server: RunningServer, tokens: Tokens): Promise<Listener> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/live`);
  const heard: string[] = [];
  const waiting: Array<{ topic: string; resolve: () => void }> = [];
  socket.on('message', (raw) => {
    const { topic } = JSON.parse(String(raw)) as { topic: string };
    heard.push(topic);
    for (const wait of waiting.filter((candidate) => candidate.topic === topic)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  });
  const next = (topic: string) => new Promise<void>((resolve) => waiting.push({ topic, resolve }));
  const ready = next('ready');
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ token: tokens.accessToken }));
  await ready;
  return { heard, next, close: () => socket.close() };
}

describe('live payout states across server processes on PostgreSQL', () => {
  let a: RunningServer;
  let b: RunningServer;
  let db: Kysely<Database>;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabase({ name: 'PostgreSQL' });
    remove = fresh.remove;
    const url = (fresh.database as { url: string }).url;
    // One after the other: the first prepares the database (migrations), the second finds it ready.
    a = await startServer({ DATABASE_URL: url, SCHEDULER_INTERVAL_MS: '0' });
    b = await startServer({ DATABASE_URL: url, SCHEDULER_INTERVAL_MS: '0' });
    db = await openDatabase({ kind: 'postgres', url });
  }, 240_000);
  afterAll(async () => {
    await db?.destroy();
    await a?.stop();
    await b?.stop();
    await remove?.();
  });

  const customer = async (name: string) => {
    const { customerId, email } = await createPersonalCustomer(db, name);
    const usd = await openAccount(db, customerId, 'USD');
    await fund(db, usd, 1_000_00n);
    return { usd, email };
  };

  it('pushes a payout settled through one process to the page listening on the other', async () => {
    const ana = await customer('live-a');
    const other = await customer('live-other');
    const onA = new ApiClient(a.url);
    const onB = new ApiClient(b.url);
    const page = await listen(b, await onB.signIn(ana.email, TEST_PASSWORD));
    const otherPage = await listen(b, await onB.signIn(other.email, TEST_PASSWORD));
    try {
      const tokens = await onA.signIn(ana.email, TEST_PASSWORD);
      const sent = await onA.rpc('eftTransfer', { idempotencyKey: randomUUID(), accountId: ana.usd, amount: '10.00', ...ANA }, { token: tokens.accessToken });
      expect(sent.body).toMatchObject({ responseCode: '00', status: 'processing' });
      const operationId = (sent.body as { operationId: number }).operationId;

      const told = page.next('payouts');
      const settled = await onA.post<{ state?: string }>(`/sandbox/rails/eft/payouts/EFT-${operationId}`, { action: 'settle' });
      expect(settled.body).toEqual({ state: 'settled' });
      // Process B changed nothing and runs no scheduler: only A's announcement can tell its page.
      // (The sandbox may report 'sent' on its way to 'settled': one event for each state.)
      await told;
      expect(page.heard[0]).toBe('ready');
      expect(new Set(page.heard.slice(1))).toEqual(new Set(['payouts']));

      // The page asks again, through B, and sees the payout settled.
      const status = await onB.rpc('payoutStatus', { operationId }, { token: tokens.accessToken });
      expect(status.body).toMatchObject({ responseCode: '00', state: 'settled' });
      // Another customer's page on B was told nothing.
      expect(otherPage.heard).toEqual(['ready']);
    } finally {
      page.close();
      otherPage.close();
    }
  });
});
