import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type Kysely, type TransactionSettings } from 'kysely';

/**
 * One database transaction around a whole call, however its code reaches the database: every query
 * of the call, through `db` or through a transaction the code opens itself, runs on the call's one
 * connection, and a transaction opened inside is a savepoint of the call's. So the call can be undone
 * whole (its answer broke its schema, or it crashed) without rewriting the code that opens its own
 * transactions. Only one inner transaction runs at a time, as on PGlite's single connection: code
 * inside a transaction must use its transaction object, never the outer `db` in a new transaction.
 */

interface CallScope {
  connection: DatabaseConnection;
  /** Savepoint names of the inner transactions open now, innermost last. */
  savepoints: string[];
  /** The end of the inner transaction open now: the next one waits for it. */
  innerDone: Promise<void>;
  /** Set when the call has ended: late queries of stray promises use a connection of their own. */
  ended: boolean;
}

const calls = new AsyncLocalStorage<CallScope>();

/** The scope whose connection this is, while its call lasts. */
function scopeOf(connection?: DatabaseConnection): CallScope | undefined {
  const scope = calls.getStore();
  if (!scope || scope.ended) return undefined;
  return connection === undefined || connection === scope.connection ? scope : undefined;
}

/** Hands each call's queries its own connection and turns inner transactions into savepoints. */
class CallTransactionDriver implements Driver {
  private ends = new WeakMap<CallScope, Array<() => void>>();

  constructor(readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return scopeOf()?.connection ?? this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // The call's own connection is given back once, when the call ends.
    if (connection !== calls.getStore()?.connection) await this.inner.releaseConnection(connection);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const scope = scopeOf(connection);
    if (!scope) return this.inner.beginTransaction(connection, settings);
    const previous = scope.innerDone;
    let end!: () => void;
    scope.innerDone = new Promise((resolve) => (end = resolve));
    await previous;
    const name = `call_${scope.savepoints.length + 1}`;
    scope.savepoints.push(name);
    const ends = this.ends.get(scope) ?? [];
    ends.push(end);
    this.ends.set(scope, ends);
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const scope = scopeOf(connection);
    if (!scope) return this.inner.commitTransaction(connection);
    await this.endInner(scope, (name) => `release savepoint ${name}`);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const scope = scopeOf(connection);
    if (!scope) return this.inner.rollbackTransaction(connection);
    await this.endInner(scope, (name) => `rollback to savepoint ${name}; release savepoint ${name}`);
  }

  private async endInner(scope: CallScope, statement: (name: string) => string): Promise<void> {
    const name = scope.savepoints.pop()!;
    try {
      for (const part of statement(name).split('; ')) await scope.connection.executeQuery(CompiledQuery.raw(part));
    } finally {
      this.ends.get(scope)?.pop()?.();
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Keyed by the Kysely instance, whatever its database type. */
const drivers = new WeakMap<object, CallTransactionDriver>();
const pending = new WeakMap<Dialect, CallTransactionDriver>();

/**
 * The dialect with call transactions: open the Kysely with it, then `registerCallTransactions(db, dialect)`.
 *
 * @example
 * const dialect = withCallTransactions(new PostgresDialect({ pool }));
 * const db = registerCallTransactions(new Kysely<Database>({ dialect }), dialect);
 */
export function withCallTransactions(dialect: Dialect): Dialect {
  const wrapped: Dialect = {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => {
      const driver = new CallTransactionDriver(dialect.createDriver());
      pending.set(wrapped, driver);
      return driver;
    },
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
  return wrapped;
}

/** Ties a Kysely opened with `withCallTransactions` to its driver, so `inCallTransaction` can find it. */
export function registerCallTransactions<DB>(db: Kysely<DB>, dialect: Dialect): Kysely<DB> {
  const driver = pending.get(dialect);
  if (driver) drivers.set(db, driver);
  return db;
}

/**
 * Runs `work` in one transaction with everything it does through `db`. It commits when `work`
 * answers, and when it throws an error `keep` accepts (a refusal whose counted attempts must stay);
 * any other error rolls the whole call back. A `db` opened without call transactions runs `work` as is.
 *
 * @example
 * const answer = await inCallTransaction(db, () => handler(params, { db }), (error) => error instanceof RpcRefusal);
 */
export async function inCallTransaction<T, DB>(db: Kysely<DB>, work: () => Promise<T>, keep: (error: unknown) => boolean): Promise<T> {
  const driver = drivers.get(db);
  if (!driver || calls.getStore()) return work();
  // Kysely starts its driver on first use; a call may come first only in a test, but be safe.
  await db.selectNoFrom((eb) => eb.lit(1).as('ready')).execute();
  const connection = await driver.inner.acquireConnection();
  const scope: CallScope = { connection, savepoints: [], innerDone: Promise.resolve(), ended: false };
  try {
    await connection.executeQuery(CompiledQuery.raw('begin'));
    let result: T;
    try {
      result = await calls.run(scope, work);
      await scope.innerDone;
    } catch (error) {
      await scope.innerDone;
      await connection.executeQuery(CompiledQuery.raw(keep(error) ? 'commit' : 'rollback'));
      throw error;
    }
    await connection.executeQuery(CompiledQuery.raw('commit'));
    return result;
  } finally {
    scope.ended = true;
    await driver.inner.releaseConnection(connection);
  }
}
