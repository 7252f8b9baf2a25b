import type { Guard } from '../../engine/index.ts';
import { actFor, actingCustomerId } from '../session/acting-customer.ts';
import type { CustomerStore } from '../session/customer-store.ts';
import { rememberPath } from '../session/remembered-path.ts';
import type { Session } from '../session/session.ts';

/**
 * The `admin` guard of the admin screens (document 000 section 2, /admin-overview is restricted):
 * signed-out visitors sign in first (the path remembered), signed-in users who are not admins go
 * home. An admin coming back from viewing a customer stops viewing: the overview acts as themselves.
 *
 * @example
 * createScreenRouter({ …, guards: { ...createGuards(session, sessionStorage), ...adminGuards(session, customer, sessionStorage) } });
 */
export function adminGuards(session: Session, customer: CustomerStore, storage: Storage): { admin: Guard } {
  return {
    async admin({ pathname, search }) {
      if (!session.isSignedIn()) {
        rememberPath(`${pathname}${search}`, storage);
        return '/login';
      }
      const signedIn = customer.current() ?? (await customer.load().catch(() => null));
      if (!signedIn?.customer.isAdmin) return '/home';
      if (actingCustomerId(storage) !== null) {
        actFor(null, storage);
        customer.clear();
      }
      return null;
    },
  };
}

/**
 * Starts viewing a customer as an admin: later calls carry the customer (Customer-Id) and the
 * server lets them only read. The page is loaded afresh so nothing of the admin's own data stays.
 */
export function startViewing(customerId: number, storage: Storage, goTo: (path: string) => void = (path) => location.assign(path)): void {
  actFor(customerId, storage);
  goTo('/home');
}

/** Stops viewing and goes back to the admin overview, loaded afresh. */
export function stopViewing(storage: Storage, goTo: (path: string) => void = (path) => location.assign(path)): void {
  actFor(null, storage);
  goTo('/admin-overview');
}
