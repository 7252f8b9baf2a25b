/**
 * `npm run bench:ledger`: how fast money moves, measured on a throwaway PostgreSQL this script starts
 * (scripts/postgres.sh) and stops. In one run:
 *   (a) pgbench tpcb-like (scale 10, its own database) at 1, 8 and 32 clients, the yardstick;
 *   (b) transfers per second through the ledger alone (postLedgerTransaction over a pool);
 *   (c) transfers per second through the HTTP API (p2pTransfer with idempotency keys, server in-process);
 *   (d) the p95 time of one history page (transactionHistory over HTTP, page size 20), without and with
 *       filters, at one million ledger transactions bulk-loaded into one customer's accounts.
 *   (e) a hot account: the ledger alone at 32 clients with every transfer paid into one account, beside
 *       the uniform case of (b);
 *   (f) the same history pages as raw keyset SQL straight on the pool, the yardstick for (d);
 *   (g) HTTP transfers at 32 clients to the server as deployed (server/main.ts in its own processes,
 *       WEB_CONCURRENCY 1 and one per core; the quick run leaves it out: starting the processes alone takes
 *       half a minute, and it must finish within 90 s).
 * Prints a table with each figure and its ratio to pgbench at the same client count. Asserts nothing.
 * Flags: `--quick` (3 s per measurement, 50,000 history transactions, no (g): about 80 s), `--json` (the
 * progress goes to stderr and stdout is one JSON object with every figure, e.g. `pgbench32`, `ledger32`,
 * `http32`, `ledgerRatio32`, `httpRatio32`, `hotRatio`, `historyP95Ms`, `historyRawP95Ms`, and
 * `processes: { "<n>": { http32, httpRatio32 } }`, empty with --quick).
 * Environment: BENCH_SECONDS (per measurement, default 10, 3 with --quick), BENCH_HISTORY_TRANSACTIONS
 * (default 1000000, 100000 with --quick), PG_BIN (PostgreSQL binaries, default the newest
 * /usr/lib/postgresql/<n>/bin).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildServer, type BankServer } from '../server/app.ts';
import { REPOSITORY_ROOT, type ServerConfig } from '../server/config/config.ts';
import type { Database } from '../server/db/schema.ts';
import { keepStatementsPrepared, postgresTypes } from '../server/db/connect.ts';
import { postLedgerTransaction } from '../server/ledger/post-transaction.ts';
import { systemAccountId } from '../server/ledger/system-accounts.ts';
import { foldSystemBalances } from '../server/ledger/system-balances.ts';
import { ApiClient } from '../tests/support/api-client.ts';
import { createPersonalCustomer, fund, ledgerHealth, openAccount, TEST_PASSWORD } from '../tests/integration/ledger-support.ts';
import { startServer } from '../tests/support/server-process.ts';

const QUICK = process.argv.includes('--quick');
const JSON_OUTPUT = process.argv.includes('--json');
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 3 : 10));
const HISTORY_TRANSACTIONS = Number(process.env.BENCH_HISTORY_TRANSACTIONS ?? (QUICK ? 50_000 : 1_000_000));
const CLIENTS = [1, 8, 32] as const;
/** The most requests one latency figure times: 120 still give a p95 (the 6th slowest) and keep --quick within 90 s. */
const LATENCY_SAMPLES = QUICK ? 120 : 400;
/** The client count of the hot-account measurement and of the JSON's headline ratios. */
const HOT_CLIENTS = 32;

/** Progress lines; on stderr with --json, so stdout holds the JSON alone. */
function log(message: string): void {
  const line = `[${new Date().toISOString().slice(11, 19)}] ${message}`;
  if (JSON_OUTPUT) console.error(line);
  else console.log(line);
}

/** The folder of the PostgreSQL binaries (initdb, pgbench), as scripts/postgres.sh finds them. */
function postgresBin(): string {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, 'pgbench'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin/pgbench'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error('pgbench not found: install postgresql (scripts/postgres.sh does) or set PG_BIN.');
  return path.join(root, versions[0]!, 'bin');
}

/** Runs a command, resolving with its output; rejects with the output when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(serverUrl, name);
}

/** A Kysely over a pool of `size` connections that reads values as the server's does (int8 as bigint). */
function ledgerPool(url: string, size: number): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: size, types: postgresTypes() });
  // As the server's pool does (server/db/connect.ts): statements with parameters run prepared.
  pool.on('connect', (client) => keepStatementsPrepared(client as unknown as Parameters<typeof keepStatementsPrepared>[0]));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Throughput of one closed-loop measurement. */
interface LoopResult {
  tps: number;
  done: number;
  failed: number;
  firstError?: string;
}

/** Runs `clients` loops of `work` until the deadline; counts what succeeded and what failed. */
async function closedLoop(clients: number, work: (client: number) => Promise<boolean>): Promise<LoopResult> {
  let done = 0;
  let failed = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < deadline) {
        try {
          if (await work(client)) done += 1;
          else failed += 1;
        } catch (error) {
          failed += 1;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { tps: done / seconds, done, failed, ...(firstError ? { firstError } : {}) };
}

/** (a) pgbench tpcb-like at each client count. */
async function pgbenchPhase(serverUrl: string, bin: string): Promise<Map<number, number>> {
  const url = new URL(await createDatabase(serverUrl, 'pgbench_bench'));
  const env = { ...process.env, PGHOST: url.hostname, PGPORT: url.port, PGUSER: 'postgres', PGDATABASE: 'pgbench_bench' };
  log('pgbench: initialising scale 10');
  await run(path.join(bin, 'pgbench'), ['-i', '-s', '10', '-q'], env);
  const tps = new Map<number, number>();
  for (const clients of CLIENTS) {
    const output = await run(path.join(bin, 'pgbench'), ['-c', String(clients), '-j', String(Math.min(2, clients)), '-T', String(SECONDS)], env);
    const match = /tps = ([0-9.]+) \(without initial connection time\)/.exec(output) ?? /tps = ([0-9.]+)/.exec(output);
    tps.set(clients, match ? Number(match[1]) : NaN);
    log(`pgbench -c ${clients}: ${tps.get(clients)!.toFixed(0)} tps`);
  }
  return tps;
}

/** Customers with one funded USD account each, for the ledger and HTTP phases. */
async function benchCustomers(db: Kysely<Database>, count: number): Promise<Array<{ customerId: number; email: string; accountId: number }>> {
  const customers = [];
  for (let i = 0; i < count; i++) {
    const customer = await createPersonalCustomer(db, `bench${i}`);
    const accountId = await openAccount(db, customer.customerId, 'USD');
    await fund(db, accountId, 100_000_000n);
    customers.push({ ...customer, accountId });
  }
  return customers;
}

/**
 * (b) transfers through the ledger alone, each with its idempotency key, between random accounts; or,
 * with `hot`, (e): every transfer paid into the first account, from any other.
 */
async function ledgerPhase(
  url: string,
  accounts: number[],
  { hot = false, clientCounts = CLIENTS as readonly number[] } = {},
): Promise<Map<number, LoopResult>> {
  const results = new Map<number, LoopResult>();
  for (const clients of clientCounts) {
    const db = ledgerPool(url, clients);
    try {
      const result = await closedLoop(clients, async () => {
        const payers = hot ? accounts.slice(1) : accounts;
        const from = payers[Math.floor(Math.random() * payers.length)]!;
        let to = hot ? accounts[0]! : accounts[Math.floor(Math.random() * accounts.length)]!;
        if (to === from) to = accounts[(accounts.indexOf(from) + 1) % accounts.length]!;
        const amount = BigInt(1 + Math.floor(Math.random() * 100));
        await postLedgerTransaction(db, {
          operationType: 'Transfer',
          description: 'Bench transfer',
          idempotencyKey: randomUUID(),
          legs: [
            { accountId: from, amount: -amount },
            { accountId: to, amount },
          ],
        });
        return true;
      });
      results.set(clients, result);
      log(
        `ledger${hot ? ' into one hot account' : ''}, ${clients} clients: ${result.tps.toFixed(0)} transfers/s (${result.failed} failed${result.firstError ? `: ${result.firstError}` : ''})`,
      );
    } finally {
      await db.destroy();
    }
  }
  return results;
}

/** (c) p2pTransfer over HTTP, each client signed in as its own customer, paying the next one. */
async function httpPhase(baseUrl: string, customers: Array<{ email: string; accountId: number }>, clientCounts: readonly number[] = CLIENTS) {
  const client = new ApiClient(baseUrl);
  const probe = await client.rpc('p2pTransfer', {});
  if (probe.body?.responseCode === 'IM') {
    log(`HTTP: p2pTransfer is not available on this server (${probe.status}); skipped`);
    return undefined;
  }
  const sessions: Array<{ email: string; accountId: number; token: string }> = [];
  for (const customer of customers.slice(0, Math.max(...clientCounts)))
    sessions.push({ ...customer, token: (await client.signIn(customer.email, TEST_PASSWORD)).accessToken });
  const results = new Map<number, LoopResult>();
  for (const clients of clientCounts) {
    const result = await closedLoop(clients, async (index) => {
      const payer = sessions[index]!;
      const payee = sessions[(index + 1) % sessions.length]!;
      const answer = await client.rpc(
        'p2pTransfer',
        { idempotencyKey: randomUUID(), accountId: payer.accountId, amount: '0.01', currency: 'USD', toEmail: payee.email },
        { token: payer.token },
      );
      if (answer.status === 200 && answer.body?.responseCode === '00') return true;
      throw new Error(`p2pTransfer answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    });
    results.set(clients, result);
    log(`HTTP, ${clients} clients: ${result.tps.toFixed(0)} transfers/s (${result.failed} failed${result.firstError ? `: ${result.firstError}` : ''})`);
  }
  return results;
}

/**
 * (g) p2pTransfer over HTTP at 32 clients against the server as it is deployed: `server/main.ts` in its own
 * processes (WEB_CONCURRENCY), sharing the port and the database, logging at warn; the clients stay here.
 */
async function processesPhase(appUrl: string, customers: Array<{ email: string; accountId: number }>, processes: number): Promise<LoopResult> {
  const deployment = await startServer({ DATABASE_URL: appUrl, WEB_CONCURRENCY: String(processes), LOG_LEVEL: 'warn' });
  try {
    for (let waited = 0; processes > 1 && !deployment.output().includes(`${processes} server processes are listening`); waited += 100) {
      if (waited > 60_000) throw new Error(`The server processes did not all start:\n${deployment.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const result = (await httpPhase(deployment.url, customers, [HOT_CLIENTS]))?.get(HOT_CLIENTS);
    if (!result) throw new Error('p2pTransfer is not available on the deployed server.');
    log(`HTTP to ${processes} server process${processes > 1 ? 'es' : ''}, ${HOT_CLIENTS} clients: ${result.tps.toFixed(0)} transfers/s`);
    return result;
  } finally {
    await deployment.stop();
  }
}

/**
 * Loads `count` ledger transactions into a customer's USD and EUR accounts with generate_series, each
 * balanced against the deposit clearing account of its currency, then sets both balances from their
 * entries so the invariant holds.
 */
async function bulkLoadHistory(db: Kysely<Database>, customerId: number, count: number): Promise<{ usd: number; eur: number }> {
  const usd = await openAccount(db, customerId, 'USD');
  const eur = await openAccount(db, customerId, 'EUR');
  for (const [account, currency, share] of [
    [usd, 'USD', 0.7],
    [eur, 'EUR', 0.3],
  ] as const) {
    const system = await systemAccountId(db, 'clearing:deposit', currency);
    const rows = Math.round(count * share);
    await sql`
      with tx as (
        insert into ledger_transactions (created_at, operation_type, description)
        select now() - make_interval(secs => g * 25),
               (array['Transfer', 'Deposit', 'Card', 'Fees', 'Exchange'])[1 + g % 5],
               (array['Coffee shop', 'Salary', 'Rent', 'Groceries', 'Book store', 'Train ticket', 'Pharmacy'])[1 + g % 7] || ' #' || g
        from generate_series(1, ${rows}::int) g
        returning id
      )
      insert into ledger_entries (transaction_id, account_id, amount, status, counterparty)
      select tx.id, leg.account_id, leg.amount, 'posted', leg.counterparty
      from tx cross join lateral (values
        (${account}::int, (tx.id % 997 + 1) * (case when tx.id % 4 = 0 then -1 else 1 end), 'Counterparty ' || (tx.id % 50)),
        (${system}::int, -(tx.id % 997 + 1) * (case when tx.id % 4 = 0 then -1 else 1 end), null)
      ) as leg(account_id, amount, counterparty)`.execute(db);
    // The system account's earlier legs are folded first, so setting its balance from its entries counts each once.
    await foldSystemBalances(db);
    await sql`
      update accounts set balance = (select coalesce(sum(amount), 0) from ledger_entries e where e.account_id = accounts.id and e.status = 'posted')
      where id in (${account}, ${system})`.execute(db);
  }
  await sql`analyze`.execute(db);
  return { usd, eur };
}

/** p50 and p95 of `request`, called one after another for SECONDS (at most 400 times). */
async function latency(request: () => Promise<number>): Promise<{ p50: number; p95: number; requests: number; results: number }> {
  const times: number[] = [];
  let results = 0;
  const deadline = performance.now() + SECONDS * 1000;
  while (performance.now() < deadline && times.length < LATENCY_SAMPLES) {
    const t0 = performance.now();
    results = await request();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), requests: times.length, results };
}

interface HistoryFigure {
  name: string;
  p50: number;
  p95: number;
  requests: number;
  results: number;
  /** The same page as one raw keyset query on the pool: the best the database does. */
  rawP95: number;
}

/**
 * (d) and (f): p95 of one history page for each filter set, over HTTP and as the raw keyset SQL that reads
 * the same 20 rows (entries of the customer's accounts joined with their transaction, newest first).
 */
async function historyPhase(baseUrl: string, db: Kysely<Database>): Promise<HistoryFigure[]> {
  const owner = await createPersonalCustomer(db, 'history');
  log(`history: bulk-loading ${HISTORY_TRANSACTIONS} ledger transactions`);
  const started = performance.now();
  const { usd, eur } = await bulkLoadHistory(db, owner.customerId, HISTORY_TRANSACTIONS);
  log(`history: loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const client = new ApiClient(baseUrl);
  const token = (await client.signIn(owner.email, TEST_PASSWORD)).accessToken;
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const from = new Date(`${monthAgo}T00:00:00Z`);
  const to = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000);
  const both = [usd, eur];
  const keyword = sql<boolean>`(t.description ilike '%coffee%' or e.counterparty ilike '%coffee%')`;
  const variants: Array<[string, Record<string, unknown>, ReturnType<typeof sql<boolean>>]> = [
    ['no filter', {}, sql<boolean>`e.account_id in (${sql.join(both)})`],
    ['account + type', { accountId: usd, operationType: 'Card' }, sql<boolean>`e.account_id = ${usd} and t.operation_type = 'Card'`],
    [
      'dates (30 days)',
      { fromDate: monthAgo, toDate: today },
      sql<boolean>`e.account_id in (${sql.join(both)}) and t.created_at >= ${from} and t.created_at < ${to}`,
    ],
    ['keyword', { keyword: 'coffee' }, sql<boolean>`e.account_id in (${sql.join(both)}) and ${keyword}`],
    [
      'all filters',
      { accountId: usd, operationType: 'Card', fromDate: monthAgo, toDate: today, keyword: 'coffee' },
      sql<boolean>`e.account_id = ${usd} and t.operation_type = 'Card' and t.created_at >= ${from} and t.created_at < ${to} and ${keyword}`,
    ],
  ];
  const results: HistoryFigure[] = [];
  for (const [name, filters, where] of variants) {
    const http = await latency(async () => {
      const answer = await client.rpc('transactionHistory', { pageNumber: 1, pageSize: 20, ...filters }, { token });
      if (answer.status !== 200 || answer.body?.responseCode !== '00')
        throw new Error(`transactionHistory answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      return answer.body.results as number;
    });
    const raw = await latency(async () => {
      const { rows } = await sql`
        select e.id, e.amount, e.status, e.counterparty, t.id as transaction_id, t.created_at, t.operation_type, t.description
        from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where ${where}
        order by t.created_at desc, t.id desc
        limit 20`.execute(db);
      return rows.length;
    });
    results.push({ name, ...http, rawP95: raw.p95 });
    log(
      `history page, ${name}: p95 ${http.p95.toFixed(1)} ms over ${http.requests} requests (${http.results} matching); raw keyset SQL p95 ${raw.p95.toFixed(1)} ms`,
    );
  }
  return results;
}

async function main(): Promise<void> {
  const bin = postgresBin();
  const [serverUrl, dir] = execFileSync('bash', [path.join(REPOSITORY_ROOT, 'scripts/postgres.sh'), 'start'], { encoding: 'utf8' })
    .trim()
    .split(/\s+/) as [string, string];
  // Other work on the machine skews every figure: the load average is printed at both ends.
  log(`PostgreSQL at ${serverUrl} (${dir}); ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}; ${SECONDS} s per measurement`);
  let server: BankServer | undefined;
  try {
    const pgbench = await pgbenchPhase(serverUrl, bin);

    const appUrl = await createDatabase(serverUrl, 'bank_bench');
    const config: ServerConfig = {
      port: 0,
      host: '127.0.0.1',
      database: { kind: 'postgres', url: appUrl },
      brand: 'paxum',
      demoData: false,
      generatedDir: path.join(REPOSITORY_ROOT, 'generated'),
      distDir: path.join(os.tmpdir(), 'bank-no-dist'),
      logLevel: 'silent',
      sandboxes: true,
      gateways: { messages: { sms: '', email: '' } },
    };
    server = await buildServer(config);
    const baseUrl = await server.listen();
    log('creating 64 funded customers');
    const customers = await benchCustomers(server.db, 64);

    const ledger = await ledgerPhase(
      appUrl,
      customers.map((c) => c.accountId),
    );
    const hot = await ledgerPhase(
      appUrl,
      customers.map((c) => c.accountId),
      { hot: true, clientCounts: [HOT_CLIENTS] },
    );
    const http = await httpPhase(baseUrl, customers);
    // The deployed server at one process and at one per core; not in the quick run (see (g) above).
    const processCounts = QUICK ? [] : [...new Set([1, os.cpus().length])];
    const deployed = new Map<number, LoopResult>();
    for (const processes of processCounts) deployed.set(processes, await processesPhase(appUrl, customers, processes));
    const history = await historyPhase(baseUrl, server.db);

    log(`load average now ${os.loadavg()[0]!.toFixed(1)}`);
    const health = await ledgerHealth(server.db);
    log(`ledger invariant after the run: ${health.ok ? 'holds' : `BROKEN ${JSON.stringify(health, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`}`);

    const ratioOf = (tps: number | undefined, base: number | undefined) => (tps === undefined || !base ? null : round(tps / base, 3));
    const uniform = ledger.get(HOT_CLIENTS)!.tps;
    const hotTps = hot.get(HOT_CLIENTS)!.tps;
    if (JSON_OUTPUT) {
      const figures: Record<string, unknown> = { quick: QUICK, seconds: SECONDS, historyTransactions: HISTORY_TRANSACTIONS, ledgerHealthy: health.ok };
      for (const clients of CLIENTS) {
        figures[`pgbench${clients}`] = round(pgbench.get(clients)!, 1);
        figures[`ledger${clients}`] = round(ledger.get(clients)!.tps, 1);
        figures[`http${clients}`] = http ? round(http.get(clients)!.tps, 1) : null;
        figures[`ledgerRatio${clients}`] = ratioOf(ledger.get(clients)!.tps, pgbench.get(clients));
        figures[`httpRatio${clients}`] = ratioOf(http?.get(clients)?.tps, pgbench.get(clients));
      }
      figures.processes = Object.fromEntries(
        [...deployed].map(([processes, result]) => [
          processes,
          { [`http${HOT_CLIENTS}`]: round(result.tps, 1), [`httpRatio${HOT_CLIENTS}`]: ratioOf(result.tps, pgbench.get(HOT_CLIENTS)) },
        ]),
      );
      figures[`hot${HOT_CLIENTS}`] = round(hotTps, 1);
      figures.hotRatio = ratioOf(hotTps, uniform);
      // The slowest filter set's page, and the slowest raw query: the goal is the first within 3x the second.
      figures.historyP95Ms = round(Math.max(...history.map((h) => h.p95)), 1);
      figures.historyRawP95Ms = round(Math.max(...history.map((h) => h.rawP95)), 1);
      figures.history = Object.fromEntries(
        history.map((h) => [h.name, { p50Ms: round(h.p50, 1), p95Ms: round(h.p95, 1), rawP95Ms: round(h.rawP95, 1), matching: h.results }]),
      );
      console.log(JSON.stringify(figures));
      return;
    }
    const rows = CLIENTS.map((clients) => {
      const base = pgbench.get(clients)!;
      const l = ledger.get(clients)!;
      const h = http?.get(clients);
      const ratio = (tps: number | undefined) => (tps === undefined || !base ? 'n/a' : `${((tps / base) * 100).toFixed(0)}%`);
      return [String(clients), base.toFixed(0), l.tps.toFixed(0), ratio(l.tps), h ? h.tps.toFixed(0) : 'n/a', ratio(h?.tps)];
    });
    const table = [['clients', 'pgbench tps', 'ledger tps', 'ledger/pgbench', 'HTTP tps', 'HTTP/pgbench'], ...rows];
    const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
    console.log('\nTransfers per second (same PostgreSQL, same run):');
    for (const row of table) console.log(row.map((cell, c) => cell.padStart(widths[c]!)).join('  '));
    if (deployed.size > 0) console.log(`\nHTTP at ${HOT_CLIENTS} clients to the deployed server (server/main.ts, WEB_CONCURRENCY):`);
    for (const [processes, result] of deployed)
      console.log(
        `  ${processes} process${processes > 1 ? 'es' : '  '}  ${result.tps.toFixed(0).padStart(6)} transfers/s  ${((result.tps / pgbench.get(HOT_CLIENTS)!) * 100).toFixed(0)}% of pgbench`,
      );
    console.log(
      `\nHot account (${HOT_CLIENTS} clients, every transfer into one account): ${hotTps.toFixed(0)} transfers/s, ${((hotTps / uniform) * 100).toFixed(0)}% of the uniform ${uniform.toFixed(0)}`,
    );
    console.log(`\nHistory page (transactionHistory over HTTP, page size 20) at ${HISTORY_TRANSACTIONS} ledger transactions:`);
    for (const h of history)
      console.log(
        `  ${h.name.padEnd(16)} p50 ${h.p50.toFixed(1).padStart(7)} ms   p95 ${h.p95.toFixed(1).padStart(7)} ms   raw SQL p95 ${h.rawP95.toFixed(1).padStart(7)} ms   (${h.requests} requests, ${h.results} matching)`,
      );
  } finally {
    await server?.close();
    execFileSync('bash', [path.join(REPOSITORY_ROOT, 'scripts/postgres.sh'), 'stop', dir]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
