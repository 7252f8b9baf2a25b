import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** One count a call adds to: its key (purpose-prefixed, e.g. `ip:127.0.0.1`) and the most it may reach in a window. */
export interface CallCount {
  key: string;
  limit: number;
}

/** Windows older than this are deleted when a key opens a new window. */
const KEEP_WINDOWS_MS = 24 * 60 * 60 * 1000;

/** The start of the window of `windowSeconds` that `now` falls in. */
export const windowStartOf = (windowSeconds: number, now = Date.now()): Date => new Date(Math.floor(now / (windowSeconds * 1000)) * windowSeconds * 1000);

/**
 * Adds one call to each count in the current window of `windowSeconds` (one atomic statement per key, kept
 * even when the caller then refuses the call, so refused guesses count too) and says whether any count went
 * past its limit. The first call of a window also sweeps windows older than a day.
 *
 * @example
 * if (await countCall(db, 600, [{ key: `ip:${ip}`, limit: 300 }])) throw new RpcRefusal('AE', …);
 */
export async function countCall(db: Kysely<Database> | Transaction<Database>, windowSeconds: number, counts: readonly CallCount[]): Promise<boolean> {
  const windowStart = windowStartOf(windowSeconds);
  let over = false;
  let opened = false;
  for (const { key, limit } of counts) {
    const row = await db
      .insertInto('call_counts')
      .values({ key, window_start: windowStart, count: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('call_counts.count', '+', 1) })))
      .returning('count')
      .executeTakeFirstOrThrow();
    if (row.count > limit) over = true;
    if (row.count === 1) opened = true;
  }
  if (opened) {
    await db
      .deleteFrom('call_counts')
      .where('window_start', '<', new Date(windowStart.getTime() - KEEP_WINDOWS_MS))
      .execute();
  }
  return over;
}
