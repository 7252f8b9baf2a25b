import type { AppAction } from '../../engine/index.ts';
import { startViewing } from './admin-guard.ts';

/**
 * The admin's actions screen specs may name: `adminViewAs` starts viewing the customer whose
 * `customerId` the button carries (document 000 section 2: 'view as this customer', read-only), then
 * opens the product as that customer sees it, loaded afresh.
 *
 * @example
 * createScreenRouter({ …, actions: { ...adminActions(sessionStorage) } });
 * // screens/admin-customer.yaml: { id: viewAs, action: adminViewAs, params: { customerId: ':customerId' } }
 */
export function adminActions(storage: Storage, goTo?: (path: string) => void): { adminViewAs: AppAction } {
  return {
    async adminViewAs(input, ctx) {
      const started = (await ctx.callMethod('adminViewStart', { customerId: Number(input.customerId) })) as { customerId: number };
      startViewing(started.customerId, storage, goTo);
      return undefined;
    },
  };
}
