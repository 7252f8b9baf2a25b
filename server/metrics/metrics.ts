import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { answeredCode } from '../audit/audit-log.ts';
import { poolUse } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { rpcMethodName } from '../http/rpc-method-name.ts';

/** The RPC endpoints whose calls are counted (the method in the query, or in the path). */
const RPC_PATHS = new Set(['/api', '/api/:method']);

/**
 * What operators watch, in Prometheus format, one registry per server (tests build many in one process):
 * - `bank_rpc_calls_total{method,code}` and `bank_rpc_call_duration_seconds{method,code}`: every RPC call
 *   by method and response code, and how long it took;
 * - `bank_db_pool_connections{state}`: the PostgreSQL pool's open, idle and waiting (absent on PGlite);
 * - `bank_transfers{kind,status}`: transfers by kind and status, read from the database at each scrape;
 * - `bank_holds_outstanding` and `bank_holds_outstanding_minor_units{currency}`: money held, not yet posted
 *   or voided;
 * - `bank_scheduler_lag_seconds`: how late the most overdue recurring payment is (0 when none is due), so
 *   a stopped or slow scheduler shows whichever process runs it;
 * - the Node process's own figures (`process_*`, `nodejs_*`).
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly calls = new Counter({
    name: 'bank_rpc_calls_total',
    help: 'RPC calls by method and response code.',
    labelNames: ['method', 'code'],
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: 'bank_rpc_call_duration_seconds',
    help: 'Time from the request to the answer of an RPC call, by method and response code.',
    labelNames: ['method', 'code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  constructor(private readonly db: Kysely<Database>) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'bank_db_pool_connections',
      help: 'Connections of the PostgreSQL pool: total open, idle, and callers waiting for one.',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const use = poolUse(db);
        if (!use) return;
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
    new Gauge({
      name: 'bank_transfers',
      help: 'Transfers by kind and status.',
      labelNames: ['kind', 'status'],
      registers: [this.registry],
      async collect() {
        const rows = await db
          .selectFrom('transfers')
          .select(['kind', 'status', (eb) => eb.fn.countAll<string>().as('n')])
          .groupBy(['kind', 'status'])
          .execute();
        this.reset();
        for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.n));
      },
    });
    const holdsByCurrency = new Gauge({
      name: 'bank_holds_outstanding_minor_units',
      help: 'Money held on customer accounts and not yet posted or voided, in minor units, by currency.',
      labelNames: ['currency'],
      // Registered after the count below, whose collect fills it, so a scrape reads this scrape's figures.
      registers: [],
    });
    new Gauge({
      name: 'bank_holds_outstanding',
      help: 'Holds not yet posted or voided.',
      registers: [this.registry],
      async collect() {
        const rows = await db
          .selectFrom('ledger_entries as e')
          .innerJoin('accounts as a', 'a.id', 'e.account_id')
          .select(['a.currency_code', (eb) => eb.fn.countAll<string>().as('n'), sql<string>`-sum(e.amount)`.as('held')])
          .where('e.status', '=', 'pending')
          .where('e.amount', '<', 0n)
          .groupBy('a.currency_code')
          .execute();
        holdsByCurrency.reset();
        for (const row of rows) holdsByCurrency.set({ currency: row.currency_code }, Number(row.held));
        this.set(rows.reduce((sum, row) => sum + Number(row.n), 0));
      },
    });
    this.registry.registerMetric(holdsByCurrency);
    new Gauge({
      name: 'bank_scheduler_lag_seconds',
      help: 'How late the most overdue recurring payment is; 0 when none is due.',
      registers: [this.registry],
      async collect() {
        const row = await db
          .selectFrom('recurring_payments')
          .select(sql<string | null>`extract(epoch from now() - min(next_run_at))`.as('lag'))
          .where('status', '=', 'active')
          .where('next_run_at', '<=', sql<Date>`now()`)
          .executeTakeFirst();
        this.set(Math.max(0, Number(row?.lag ?? 0)));
      },
    });
  }

  /** Counts one answered RPC call. */
  recordCall(method: string, code: string, seconds: number): void {
    this.calls.inc({ method, code });
    this.durations.observe({ method, code }, seconds);
  }

  /** The figures in Prometheus's text format, the database read as of now. */
  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** A method name as a label: a declared one as it is; anything else one label, so a caller cannot grow the series. */
function methodLabel(request: FastifyRequest, known: ReadonlySet<string>): string {
  const name = rpcMethodName(request);
  return name !== undefined && known.has(name) ? name : 'unknown';
}

/**
 * Counts every call to the RPC endpoint (added on the root instance, before the dispatcher, so its hook
 * sees every answer) and serves `GET /metrics` to a caller bearing `token`; anyone else is answered 401
 * with nothing said about the figures.
 *
 * @example
 * installMetrics(app, { metrics: new ServerMetrics(db), token: config.metricsToken, methods: new Set(Object.keys(bundle.methods)) });
 */
export function installMetrics(
  app: FastifyInstance,
  { metrics, token, methods }: { metrics: ServerMetrics; token: string; methods: ReadonlySet<string> },
): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!RPC_PATHS.has(request.routeOptions.url ?? '')) return;
    metrics.recordCall(methodLabel(request, methods), answeredCode(request) ?? String(reply.statusCode), reply.elapsedTime / 1000);
  });
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'A metrics token is needed.' });
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}
