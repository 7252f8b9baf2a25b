import { mkdirSync } from 'node:fs';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DatabaseConfig } from '../config/config.ts';
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

/** How the server's PostgreSQL pool reads values (above); a bench pool uses the same. */
export function postgresTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8_OID) return parseInt8;
      if (oid === DATE_OID) return keepDate;
      return pg.types.getTypeParser(oid, format);
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/** How many statements one connection keeps prepared; texts past it run unnamed (planned each time). */
export const PREPARED_PER_CONNECTION = 2_000;

/** The query method of a pg client as Kysely's PostgreSQL driver calls it. */
type QueryFunction = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes a connection keep its statements prepared: a query with parameters runs as a named statement, so
 * PostgreSQL parses it once per connection and may reuse its plan, instead of parsing and planning it on
 * every call. Kysely writes a query's text the same way each time and passes the values apart, so the
 * texts repeat. At most `limit` texts are named per connection (queries whose text varies, an `in` list of
 * any length, would otherwise grow the server's memory without bound); the rest run as before.
 *
 * @example
 * pool.on('connect', (client) => keepStatementsPrepared(client));
 */
export function keepStatementsPrepared(client: { query: QueryFunction }, limit: number = PREPARED_PER_CONNECTION): void {
  const query = client.query.bind(client) as QueryFunction;
  const names = new Map<string, string>();
  client.query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || typeof callback === 'function') return query(text, values, callback);
    let name = names.get(text);
    if (name === undefined && names.size < limit) {
      name = `s${names.size + 1}`;
      names.set(text, name);
    }
    return name === undefined ? query(text, values) : query({ name, text, values });
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

/** How each database opened here listens for notifications (NOTIFY) on a channel. */
const listeners = new WeakMap<Kysely<Database>, (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>>();

/**
 * Calls `onPayload` with the payload of every `NOTIFY` (`select pg_notify(channel, payload)`) on `channel` of
 * this database, from any server instance using it: the fan-out of the live channel across processes. On
 * PostgreSQL it holds one connection of its own, outside the pool, reconnecting after a lost connection; on
 * PGlite it listens on the one embedded connection. Answers how to stop listening.
 *
 * @example
 * const stop = await listenForNotifications(db, 'push_challenge', (tokenHash) => events.emit(tokenHash));
 */
export async function listenForNotifications(db: Kysely<Database>, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Channel '${channel}' must be lowercase letters and underscores.`);
  const listen = listeners.get(db);
  if (!listen) throw new Error('This database was not opened by openDatabase: it cannot listen for notifications.');
  return listen(channel, onPayload);
}

/** A LISTEN connection to PostgreSQL that comes back after it is lost (a restart, a network cut). */
function postgresListener(url: string) {
  return async (channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> => {
    let client: pg.Client | undefined;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      next.on('error', () => {
        void next.end().catch(() => undefined);
        if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1_000);
      });
      await next.connect();
      await next.query(`listen ${channel}`);
      client = next;
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  };
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
    pool.on('connect', (client) => keepStatementsPrepared(client as unknown as { query: QueryFunction }));
    const dialect = withCallTransactions(new PostgresDialect({ pool }));
    const db = registerCallTransactions(new Kysely<Database>({ dialect }), dialect);
    pools.set(db, pool);
    listeners.set(db, postgresListener(config.url));
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
  const db = registerCallTransactions(new Kysely<Database>({ dialect }), dialect);
  listeners.set(db, async (channel, onPayload) => {
    const stop = await pglite.listen(channel, onPayload);
    return async () => {
      // Closing the database ends its listeners too.
      if (!pglite.closed) await stop();
    };
  });
  return db;
}
