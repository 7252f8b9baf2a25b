import type { AppAction } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import { actFor, actingCustomerId } from '../session/acting-customer.ts';
import type { CustomerStore } from '../session/customer-store.ts';
import { businessStartPage } from '../session/start-page.ts';

/** What acting for a new business needs from the application. */
export interface NewBusinessServices {
  rpc: RpcCall;
  customer: CustomerStore;
  storage: Storage;
}

/**
 * `actForNewBusiness`, the `success.action` of the registration wizard's new-business variant: acts for the
 * business the answer names (`customerId`) as the company switcher does: it becomes the Customer-Id, the
 * customer is loaded again, and the business start-page list says where to go. When that fails the user
 * keeps acting for whom they did (the business exists all the same; the switcher reaches it).
 *
 * @example
 * createScreenRouter({ …, actions: { ...newBusinessActions({ rpc, customer, storage: sessionStorage }) } });
 */
export function newBusinessActions(services: NewBusinessServices): { actForNewBusiness: AppAction } {
  return {
    async actForNewBusiness(answer) {
      const previous = actingCustomerId(services.storage);
      actFor(Number(answer.customerId), services.storage);
      services.customer.clear();
      try {
        const info = await services.rpc('businessAccessInfo', {});
        await services.customer.load();
        return { navigate: businessStartPage({ ...info, hasBalanceInfoAccess: info.accessList.balanceInfo }, null) };
      } catch (error) {
        actFor(previous, services.storage);
        services.customer.clear();
        throw error;
      }
    },
  };
}
