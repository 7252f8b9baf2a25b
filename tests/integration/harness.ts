import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, type BankServer } from '../../server/app.ts';
import { REPOSITORY_ROOT, type DatabaseConfig, type ServerConfig } from '../../server/config/config.ts';

/** A database back-end the suite runs against. */
export interface Backend {
  name: 'PGlite' | 'PostgreSQL';
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
async function freshDatabase(backend: Backend): Promise<{ database: DatabaseConfig; remove(): Promise<void> }> {
  if (backend.name === 'PGlite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-pglite-'));
    return { database: { kind: 'pglite', dataDir }, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set: run the suite through vitest, whose global setup starts PostgreSQL.');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
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
 * the demo data seeded. `overrides` change the configuration (e.g. generatedDir, distDir).
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
