import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { registerCallTransactions, withCallTransactions } from './call-transaction.ts';
import type { Database } from './schema.ts';

const INT8_OID = 20;
const DATE_OID = 1082;

/**
 * Money and ledger ids are bigint: read them as `bigint`, never as a lossy number or a string.
 * Dates stay 'YYYY-MM-DD' strings: a JavaScript Date would shift them by the host's time zone.
 */
const parseInt8 = (value: string): bigint => BigInt(value);
const keepDate = (value: string): string => value;

function postgresTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8_OID) return parseInt8;
      if (oid === DATE_OID) return keepDate;
      return pg.types.getTypeParser(oid, format);
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/** The connection pool behind each PostgreSQL database opened here, for the pool-use metrics. */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/**
 * The pool's connections of a database opened by {@link openDatabase}: open, idle and callers waiting
 * for one. Undefined for PGlite, which has a single connection and no pool.
 *
 * @example
 * const use = poolUse(db); // { total: 20, idle: 17, waiting: 0 }
 */
export function poolUse(db: Kysely<Database>): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/**
 * Opens the database the configuration names: a PostgreSQL pool for DATABASE_URL, otherwise the
 * embedded PGlite in its data folder (created if missing). Both read values the same way.
 *
 * PGlite has a single connection; the dialect queues callers, so code inside a transaction must use
 * the transaction object and never the outer `db`, or it waits for itself. Either can run a whole
 * call in one transaction (see call-transaction.ts).
 *
 * @example
 * const db = await openDatabase({ kind: 'pglite', dataDir: '/tmp/bank' });
 */
export async function openDatabase(config: DatabaseConfig): Promise<Kysely<Database>> {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, types: postgresTypes(), max: 20 });
    const dialect = withCallTransactions(new PostgresDialect({ pool }));
    const db = registerCallTransactions(new Kysely<Database>({ dialect }), dialect);
    pools.set(db, pool);
    return db;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const pglite = new PGlite(config.dataDir, {
    parsers: { [pgliteTypes.INT8]: parseInt8, [pgliteTypes.DATE]: keepDate },
    // The history's keyword search uses trigram indexes (migration 0026); PGlite loads the extension as a module.
    extensions: { pg_trgm },
  });
  await pglite.waitReady;
  const dialect = withCallTransactions(new PGliteDialect(pglite));
  return registerCallTransactions(new Kysely<Database>({ dialect }), dialect);
}
