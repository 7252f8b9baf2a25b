import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../server/config/config.ts';
import { openDatabase } from '../../server/db/connect.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

/**
 * A migrated, empty database made once per test run, which each test server's database starts as a copy of.
 *
 * Why: a new PGlite data folder runs initdb inside WebAssembly (about 5.5 s on a 2-core machine) and then every
 * migration (about 0.8 s); the suite starts a few hundred servers. Copying a prepared folder takes a quarter of a
 * second, and PostgreSQL's `create database … template` is as quick. The template holds the schema only: the demo
 * data is still seeded by each server as it starts, so its dates are relative to that server's own clock.
 *
 * The templates are named by environment variables set in the suites' global setup and inherited by the test
 * workers and the server processes they start; without them every database is made from nothing, as before.
 */
export const PGLITE_TEMPLATE_VARIABLE = 'TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_VARIABLE = 'TEST_DATABASE_TEMPLATE';

/** Opens `database`, migrates it to the latest schema and closes it. */
async function migrate(database: DatabaseConfig): Promise<void> {
  const db = await openDatabase(database);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Makes the PGlite template folder, names it in the environment, and returns how to remove it.
 *
 * @example
 * // a vitest global setup
 * export default async () => { const removeTemplate = await preparePgliteTemplate(); return removeTemplate; };
 */
export async function preparePgliteTemplate(): Promise<() => void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-pglite-template-'));
  await migrate({ kind: 'pglite', dataDir });
  process.env[PGLITE_TEMPLATE_VARIABLE] = dataDir;
  return () => {
    delete process.env[PGLITE_TEMPLATE_VARIABLE];
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * A new PGlite data folder: a copy of the run's template when there is one, else empty (the server initialises it).
 *
 * @example
 * const dataDir = newPgliteDataDir('bank-data-');
 */
export function newPgliteDataDir(prefix: string): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = process.env[PGLITE_TEMPLATE_VARIABLE];
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/** Runs `statement` on the maintenance database of the PostgreSQL server at `serverUrl`; answers its rows. */
async function onServer(serverUrl: string, statement: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Creates a migrated template database on the PostgreSQL server at `serverUrl`, names it in the environment, and
 * returns how to drop it.
 *
 * @example
 * const dropTemplate = await preparePostgresTemplate(process.env.TEST_DATABASE_URL);
 */
export async function preparePostgresTemplate(serverUrl: string): Promise<() => Promise<void>> {
  const name = `template_${process.pid}_${Date.now().toString(36)}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrate({ kind: 'postgres', url: url.toString() });
  // A database is copied only while no one is connected to it: wait for the closed pool's sessions to end.
  for (let waited = 0; waited < 10_000; waited += 50) {
    const [row] = await onServer(serverUrl, 'select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (row?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.env[POSTGRES_TEMPLATE_VARIABLE] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_VARIABLE];
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  };
}

/** The `template …` clause for a new PostgreSQL test database: the run's template when there is one. */
export function postgresTemplateClause(): string {
  const template = process.env[POSTGRES_TEMPLATE_VARIABLE];
  return template ? ` template ${template}` : '';
}
