import type { Account } from '../../generated/entities.ts';

/**
 * How the spec's "Accounts fetch is throttled by cache with timeouts 5000 ms and 3000 ms" (document
 * 001 section 9) is read here:
 * - 5000 ms: an answer of balanceInquiry is reused for 5 s after it arrived, so the screens and
 *   widgets that need the accounts while one page opens (the account list, the account selects of a
 *   transfer form) share one call;
 * - 3000 ms: a failed fetch is remembered for 3 s, so callers within that window get the same failure
 *   at once instead of hammering a server that just failed; afterwards the next caller asks again.
 * Calls made while a fetch is in flight share it. `invalidate()` forgets the answer after something
 * changed the accounts (a currency added, a wallet created, money moved by this browser).
 */
export const FRESH_FOR_MS = 5000;
export const FAILURE_HELD_FOR_MS = 3000;

/** The accounts of one acting customer, throttled as above. */
export interface BalanceCache {
  /** The accounts, from the cache when fresh. */
  accounts(): Promise<Account[]>;
  /** Forgets the cached answer: the next `accounts()` asks the server. */
  invalidate(): void;
}

type Entry = { promise: Promise<Account[]>; settledAt?: number; failed?: boolean };

/**
 * A balance cache over a fetch function; `now` is injectable for tests.
 *
 * @example
 * const cache = createBalanceCache(async () => (await rpc('balanceInquiry', {})).accounts);
 * const accounts = await cache.accounts();
 */
export function createBalanceCache(fetchAccounts: () => Promise<Account[]>, now: () => number = Date.now): BalanceCache {
  let entry: Entry | undefined;
  const stillGood = (current: Entry) => {
    if (current.settledAt === undefined) return true;
    return now() - current.settledAt < (current.failed ? FAILURE_HELD_FOR_MS : FRESH_FOR_MS);
  };
  return {
    accounts() {
      if (entry && stillGood(entry)) return entry.promise;
      const current: Entry = { promise: fetchAccounts() };
      entry = current;
      current.promise.then(
        () => {
          current.settledAt = now();
        },
        () => {
          current.settledAt = now();
          current.failed = true;
        },
      );
      return current.promise;
    },
    invalidate() {
      entry = undefined;
    },
  };
}

/** One cache per acting customer and fetch function (a new sign-in brings a new rpc), for the whole page. */
const caches = new WeakMap<object, Map<string, BalanceCache>>();

/**
 * The shared cache of the acting customer, keyed by the rpc function of the session (a new sign-in
 * brings a new one) and the customer id.
 *
 * @example
 * const cache = sharedBalanceCache(rpc, customerKey);
 */
export function sharedBalanceCache(
  rpc: (method: 'balanceInquiry', params: Record<string, never>) => Promise<{ accounts: Account[] }>,
  customerKey: string,
): BalanceCache {
  let byCustomer = caches.get(rpc);
  if (!byCustomer) {
    byCustomer = new Map();
    caches.set(rpc, byCustomer);
  }
  let cache = byCustomer.get(customerKey);
  if (!cache) {
    cache = createBalanceCache(async () => (await rpc('balanceInquiry', {})).accounts);
    byCustomer.set(customerKey, cache);
  }
  return cache;
}
