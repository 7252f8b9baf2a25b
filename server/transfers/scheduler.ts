import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import type { Database } from '../db/schema.ts';
import { errorCode, RETRYABLE } from '../ledger/post-transaction.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { createTransfer } from './create-transfer.ts';
import { MAX_OCCURRENCE_RETRIES, nextRunAfter, type RecurringParams } from './recurring.ts';

/** How often the scheduler wakes by default. */
export const DEFAULT_SCHEDULER_INTERVAL_MS = 5_000;
/** How long a failed occurrence waits before it is tried again, by default. */
export const DEFAULT_RETRY_DELAY_MS = 60 * 60 * 1000;
/** At most this many occurrences per wake-up, so one wake-up never runs for long. */
const BATCH = 100;
const MAX_ATTEMPTS = 8;

/** What the scheduler needs. */
export interface RecurringSchedulerOptions {
  db: Kysely<Database>;
  adapters: Pick<Adapters, 'messages' | 'push'>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Milliseconds between wake-ups; 0 turns the timer off (tick() still works). */
  intervalMs?: number | undefined;
  /** Milliseconds before a failed occurrence is tried again. */
  retryDelayMs?: number;
  /** Other due work each wake-up runs after the recurring payments (e.g. monthly card fees). */
  jobs?: ReadonlyArray<{ name: string; run(now: Date): Promise<unknown> }>;
}

/** What one wake-up did. */
export interface TickOutcome {
  /** Occurrences that made a transfer. */
  ran: number;
  /** Occurrences refused (not enough money, a limit) and left for a retry or failed for good. */
  failed: number;
  /** Payments canceled because their first payment was never confirmed. */
  canceled: number;
}

type Claimed =
  | { outcome: 'none' }
  | { outcome: 'ran' | 'canceled'; effects: Array<() => Promise<void>> }
  | { outcome: 'refused'; paymentId: bigint; doneCount: number; reason: string };

const describe = (refusal: RpcRefusal): string => {
  const body = refusal.body as { validationErrors?: Array<{ description: string }>; description?: string } | undefined;
  return body?.validationErrors?.[0]?.description ?? body?.description ?? `Refused (${refusal.code})`;
};

async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = errorCode(error);
      if (code === undefined || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 15));
    }
  }
}

/**
 * Runs the next due occurrence, if any, in one transaction: the payment row is claimed with
 * `for update skip locked` (another scheduler takes the next one instead of waiting), the transfer is
 * made through createTransfer without a second factor and without a user (authorised in advance),
 * the run is recorded under its unique (payment, occurrence) and the schedule advances; all commit
 * together or not at all. A refusal rolls everything back and is reported for recording.
 */
async function claimAndRun(options: RecurringSchedulerOptions): Promise<Claimed> {
  const effects: Array<() => Promise<void>> = [];
  const now = new Date();
  // The payment this claim works on, so a refusal thrown out of its transaction can be recorded.
  let current: { id: bigint; doneCount: number } | undefined;
  try {
    return await options.db.transaction().execute(async (trx): Promise<Claimed> => {
      const payment = await trx
        .selectFrom('recurring_payments as p')
        .selectAll()
        .where('p.status', '=', 'active')
        .where('p.next_run_at', '<=', now)
        // Later payments wait until the first one is confirmed or approved.
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('recurring_runs as r')
                .innerJoin('transfers as t', 't.id', 'r.transfer_id')
                .select(sql`1`.as('one'))
                .whereRef('r.payment_id', '=', 'p.id')
                .where('r.occurrence_no', '=', 1)
                .where('t.status', 'in', ['awaitingConfirmation', 'awaitingApproval']),
            ),
          ),
        )
        .orderBy('p.next_run_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!payment) return { outcome: 'none' };

      const first = await trx
        .selectFrom('recurring_runs as r')
        .innerJoin('transfers as t', 't.id', 'r.transfer_id')
        .select('t.status')
        .where('r.payment_id', '=', payment.id)
        .where('r.occurrence_no', '=', 1)
        .executeTakeFirst();
      if (first && (first.status === 'declined' || first.status === 'canceled' || first.status === 'failed')) {
        await trx
          .updateTable('recurring_payments')
          .set({
            status: 'canceled',
            next_run_at: null,
            last_error: 'The first payment was not confirmed, so the later ones were canceled.',
            updated_at: new Date(),
          })
          .where('id', '=', payment.id)
          .execute();
        return { outcome: 'canceled', effects };
      }

      current = { id: payment.id, doneCount: payment.done_count };
      const occurrence = payment.done_count + 1;
      const params = payment.params as unknown as RecurringParams;
      const transfer = await createTransfer(
        { trx, customerId: payment.customer_id, userId: null, adapters: options.adapters, afterCommit: (effect) => effects.push(effect) },
        { ...params, subscriptionId: payment.id, confirmation: 'none' },
      );
      await trx
        .insertInto('recurring_runs')
        .values({ payment_id: payment.id, occurrence_no: occurrence, transfer_id: BigInt(transfer.operationId) })
        .execute();
      const next = nextRunAfter(payment, occurrence, now);
      await trx
        .updateTable('recurring_payments')
        .set({ done_count: occurrence, failed_attempts: 0, last_error: null, next_run_at: next, status: next ? 'active' : 'finished', updated_at: new Date() })
        .where('id', '=', payment.id)
        .execute();
      options.log?.info({ paymentId: String(payment.id), occurrence, transferId: transfer.operationId }, 'Recurring payment occurrence ran');
      return { outcome: 'ran', effects };
    });
  } catch (error) {
    if (error instanceof RpcRefusal && current) {
      return { outcome: 'refused', paymentId: current.id, doneCount: current.doneCount, reason: describe(error) };
    }
    throw error;
  }
}

/**
 * Records a refused occurrence (its transaction rolled back): the reason, one more failed attempt,
 * and a retry after `retryDelayMs`; after MAX_OCCURRENCE_RETRIES retries the payment is failed. Skipped
 * when the payment moved on meanwhile (canceled, or run by another scheduler).
 */
async function recordRefusal(options: RecurringSchedulerOptions, claimed: Extract<Claimed, { outcome: 'refused' }>): Promise<void> {
  const retryAt = new Date(Date.now() + (options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS));
  await options.db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('recurring_payments')
      .select(['failed_attempts'])
      .where('id', '=', claimed.paymentId)
      .where('status', '=', 'active')
      .where('done_count', '=', claimed.doneCount)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) return;
    const attempts = payment.failed_attempts + 1;
    const givesUp = attempts > MAX_OCCURRENCE_RETRIES;
    await trx
      .updateTable('recurring_payments')
      .set({
        failed_attempts: attempts,
        last_error: claimed.reason,
        status: givesUp ? 'failed' : 'active',
        next_run_at: givesUp ? null : retryAt,
        updated_at: new Date(),
      })
      .where('id', '=', claimed.paymentId)
      .execute();
  });
  options.log?.warn({ paymentId: String(claimed.paymentId), reason: claimed.reason }, 'Recurring payment occurrence refused');
}

/**
 * Runs every recurring payment occurrence that is due, each exactly once even with several
 * schedulers on one database. Refused occurrences (not enough money, a limit, a closed account) are
 * recorded and tried again after the retry delay, up to MAX_OCCURRENCE_RETRIES times, then the
 * payment is marked failed.
 *
 * @example
 * const { ran } = await runDueRecurringPayments({ db, adapters });
 */
export async function runDueRecurringPayments(options: RecurringSchedulerOptions): Promise<TickOutcome> {
  const outcome: TickOutcome = { ran: 0, failed: 0, canceled: 0 };
  for (let i = 0; i < BATCH; i++) {
    const claimed = await withRetries(() => claimAndRun(options));
    if (claimed.outcome === 'none') break;
    if (claimed.outcome === 'refused') {
      await withRetries(() => recordRefusal(options, claimed));
      outcome.failed++;
      continue;
    }
    outcome[claimed.outcome]++;
    for (const effect of claimed.effects) {
      try {
        await effect();
      } catch (error) {
        options.log?.error({ err: error }, 'An effect after a recurring payment failed');
      }
    }
  }
  return outcome;
}

/** A running scheduler. */
export interface RecurringScheduler {
  /** Runs what is due now (also what the timer does). Calls never overlap within one scheduler. */
  tick(): Promise<TickOutcome>;
  /** Stops the timer and waits for a wake-up in progress. */
  stop(): Promise<void>;
}

/**
 * Starts the recurring-payment scheduler: it wakes every `intervalMs`, runs what is due, and sleeps
 * again. All its state is in the database, so a restart picks up where it stopped.
 *
 * @example
 * const scheduler = startScheduler({ db, adapters, intervalMs: 5000 });
 * await scheduler.stop();
 */
export function startScheduler(options: RecurringSchedulerOptions): RecurringScheduler {
  const intervalMs = options.intervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS;
  let running: Promise<TickOutcome> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const runJobs = async () => {
    for (const job of options.jobs ?? []) {
      try {
        await job.run(new Date());
      } catch (error) {
        options.log?.error({ err: error, job: job.name }, 'A scheduled job failed; it runs again at the next wake-up');
      }
    }
  };
  const tick = (): Promise<TickOutcome> => {
    running ??= runDueRecurringPayments(options)
      .then(async (outcome) => {
        await runJobs();
        return outcome;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const schedule = () => {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      tick()
        .catch((error) => options.log?.error({ err: error }, 'The recurring payment scheduler failed; it tries again at its next wake-up'))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

/**
 * Starts the scheduler with the server and stops it before the database closes.
 *
 * @example
 * startRecurringScheduler(app, { db, adapters, intervalMs: config.schedulerIntervalMs });
 */
export function startRecurringScheduler(app: FastifyInstance, options: Omit<RecurringSchedulerOptions, 'log'>): RecurringScheduler {
  const scheduler = startScheduler({ ...options, log: app.log });
  app.addHook('preClose', async () => scheduler.stop());
  return scheduler;
}
