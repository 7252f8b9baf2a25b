import { useCallback, useEffect, useState } from 'react';
import type { Account } from '../../generated/entities.ts';
import { useApp } from '../app/app-context.tsx';
import { balanceCacheKey } from './account-actions.ts';
import { sharedBalanceCache, type BalanceCache } from './balance-cache.ts';

/**
 * The balance cache of the acting customer for this page (see balance-cache.ts for the throttle).
 *
 * @example
 * const cache = useBalanceCache();
 */
export function useBalanceCache(): BalanceCache {
  const { rpc, customer } = useApp();
  return sharedBalanceCache(rpc, balanceCacheKey(customer));
}

/**
 * The acting customer's accounts through the throttled cache. `reload()` forgets the cache first,
 * for after a change this screen made. Failures go to the error popup and set `failed`.
 *
 * @example
 * const { accounts, reload } = useAccounts();
 */
export function useAccounts(options: { reportErrors?: boolean } = {}): { accounts: Account[] | undefined; failed: boolean; reload: () => Promise<void> } {
  const { feedback } = useApp();
  const cache = useBalanceCache();
  const [accounts, setAccounts] = useState<Account[]>();
  const [failed, setFailed] = useState(false);
  const reportErrors = options.reportErrors ?? true;
  const load = useCallback(async () => {
    try {
      setAccounts(await cache.accounts());
      setFailed(false);
    } catch (error) {
      setFailed(true);
      if (reportErrors) feedback.showError(error);
    }
  }, [cache, feedback, reportErrors]);
  useEffect(() => {
    void load();
  }, [load]);
  const reload = useCallback(async () => {
    cache.invalidate();
    await load();
  }, [cache, load]);
  return { accounts, failed, reload };
}
