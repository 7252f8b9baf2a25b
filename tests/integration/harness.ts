import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildServer, type BankServer } from '../../server/app.ts';
import { REPOSITORY_ROOT, type DatabaseConfig, type ServerConfig } from '../../server/config/config.ts';
import { openDatabase } from '../../server/db/connect.ts';
import type { Database } from '../../server/db/schema.ts';
import { newPgliteDataDir, postgresTemplateClause } from '../support/database-template.ts';
import { startServer } from '../support/server-process.ts';

/** A database back-end the suite runs against. */
export interface Backend {
  name: 'PGlite' | 'PostgreSQL' | 'PostgreSQL, 2 processes';
}

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/**
 * Both back-ends. PostgreSQL is the server of TEST_DATABASE_URL (the suite's global setup starts one when
 * none is named); each test server gets a database of its own, created for it and dropped after.
 *
 * @example
 * for (const backend of BACKENDS) describe(backend.name, () => { ... });
 */
export const BACKENDS: Backend[] = [{ name: 'PGlite' }, { name: 'PostgreSQL' }];

/** A fresh database for one test server, and how to remove it. */
export async function freshDatabase(backend: Backend): Promise<{ database: DatabaseConfig; remove(): Promise<void> }> {
  if (backend.name === 'PGlite') {
    const dataDir = newPgliteDataDir('bank-pglite-');
    return { database: { kind: 'pglite', dataDir }, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set: run the suite through vitest, whose global setup starts PostgreSQL.');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${postgresTemplateClause()}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    async remove() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        // A closed pool has sent its goodbyes but the server may not have processed them yet; killing
        // those sessions (drop ... with force) would make the closing clients raise errors.
        for (let waited = 0; waited < 5_000; waited += 50) {
          const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A running test server. */
export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41234. */
  url: string;
  /** The server itself, for direct database access (server.db) in ledger and session tests. */
  server: BankServer;
  /** Closes the server and builds a new one on the same database, as a restart would; updates url and server. */
  restart(): Promise<void>;
  /** Closes the server and removes its database. */
  close(): Promise<void>;
}

/**
 * Starts the real server (buildServer) on a free port against a fresh database of `backend`, with
 * the demo data seeded and the scheduler's timer off (`schedulerIntervalMs` turns it on). `overrides` change the
 * configuration (e.g. generatedDir, distDir).
 *
 * @example
 * const test = await startTestServer(backend);
 * afterAll(() => test.close());
 */
export async function startTestServer(backend: Backend, overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const { database, remove } = await freshDatabase(backend);
  const config: ServerConfig = {
    port: 0,
    host: '127.0.0.1',
    database,
    brand: 'paxum',
    demoData: true,
    generatedDir: path.join(REPOSITORY_ROOT, 'generated'),
    distDir: path.join(os.tmpdir(), 'bank-no-dist'),
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    sandboxes: true,
    gateways: { messages: { sms: '', email: '' } },
    // No scheduler timer unless a test sets one: what it writes on its own (folding system balances, due
    // payments) would change the tables a test compares before and after a call.
    schedulerIntervalMs: 0,
    // Webhook and IPN receivers of the tests listen on 127.0.0.1 (server/http/outbound-targets.ts).
    outboundLoopbackAllowed: true,
    ...overrides,
  };
  let server: BankServer;
  try {
    server = await buildServer(config);
  } catch (error) {
    await remove();
    throw error;
  }
  const test: TestServer = {
    url: await server.listen(),
    server,
    async restart() {
      await test.server.close();
      test.server = await buildServer(config);
      test.url = await test.server.listen();
    },
    async close() {
      await test.server.close();
      await remove();
    },
  };
  return test;
}

/**
 * PostgreSQL served by two server processes behind one port (WEB_CONCURRENCY=2, server/main.ts): what
 * a deployment runs. The concurrency, limit and crash-free money tests run here too, so no guarantee
 * rests on one process's memory (a lock, a cache, a counter); calls land on either process.
 */
export const TWO_PROCESSES: Backend = { name: 'PostgreSQL, 2 processes' };

/** A deployment under test: its address, the database it runs on (to arrange and check), and how to stop it. */
export interface TestDeployment {
  url: string;
  server: { db: Kysely<Database> };
  /** The process ids that answered a request so far (from the request log); absent for an in-process server. */
  answeredBy?(): Set<number>;
  close(): Promise<void>;
}

/**
 * startTestServer for PGlite and PostgreSQL; for TWO_PROCESSES the real server started as its own
 * processes (server/main.ts with WEB_CONCURRENCY=2) on a fresh PostgreSQL database, with the demo data,
 * and a connection of the test's own to that database. `schedulerIntervalMs` is passed to the processes.
 *
 * @example
 * for (const backend of [...BACKENDS, TWO_PROCESSES]) { const test = await startDeployment(backend); ... }
 */
export async function startDeployment(backend: Backend, overrides: Partial<ServerConfig> = {}): Promise<TestDeployment> {
  if (backend.name !== 'PostgreSQL, 2 processes') return startTestServer(backend, overrides);
  const { database, remove } = await freshDatabase({ name: 'PostgreSQL' });
  const url = (database as { url: string }).url;
  const scheduler = overrides.schedulerIntervalMs;
  const processes = await startServer({
    DATABASE_URL: url,
    WEB_CONCURRENCY: '2',
    ...(scheduler !== undefined ? { SCHEDULER_INTERVAL_MS: String(scheduler) } : {}),
  }).catch(async (error: unknown) => {
    await remove();
    throw error;
  });
  // /health answers once the first process listens; the second forks after it.
  for (let waited = 0; !processes.output().includes('2 server processes are listening'); waited += 100) {
    if (waited > 60_000) throw new Error(`The second server process did not start:\n${processes.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const db = await openDatabase({ kind: 'postgres', url });
  return {
    url: processes.url,
    server: { db },
    answeredBy: () =>
      new Set(
        processes
          .output()
          .split('\n')
          .filter((line) => line.includes('"request completed"'))
          .map((line) => Number(/"pid":(\d+)/.exec(line)?.[1])),
      ),
    async close() {
      await db.destroy();
      await processes.stop();
      await remove();
    },
  };
}
