import type { AppAction } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import type { CustomerStore } from '../session/customer-store.ts';
import { sharedBalanceCache } from './balance-cache.ts';

/** The key of the acting customer's balance cache: the signed-in customer's id. */
export const balanceCacheKey = (customer: CustomerStore) => String(customer.current()?.customer.customerId ?? 'self');

/**
 * The actions about accounts that screen specs may name: `balancesReload`, a `success.action` after a
 * call that moved money, forgets the acting customer's cached balances, so the account selects of the
 * form that starts again (and the next screen) show the new ones.
 *
 * @example
 * createScreenRouter({ …, actions: { ...accountActions({ rpc, customer }) } });
 * // screens/transfer-account.yaml: submit: { …, success: { action: balancesReload } }
 */
export function accountActions({ rpc, customer }: { rpc: RpcCall; customer: CustomerStore }): Record<string, AppAction> {
  return {
    balancesReload: async () => {
      sharedBalanceCache(rpc, balanceCacheKey(customer)).invalidate();
    },
  };
}
