import { MethodCallError } from '../../engine/index.ts';
import { TokenServiceError, type TokenService } from '../transport/token-service.ts';
import { beginSignIn } from '../signin/sign-in-flow.ts';
import { pendingSignIn, type PendingStore } from '../signin/pending.ts';
import type { AskedCustomerCheck } from './asked-customer.ts';
import type { CustomerStore } from './customer-store.ts';
import { LOGIN } from './guards.ts';
import type { Session } from './session.ts';

/** Where to go once an action is done. */
export interface Destination {
  navigate: string;
}

/** The session's actions; each also fits the engine's action signature. */
export interface SessionActions {
  signIn(input: Record<string, unknown>): Promise<Destination>;
  signOut(): Promise<Destination>;
  customerReload(): Promise<void>;
}

/**
 * The session's actions that screen specs name: `signIn` (the login form's submit), `signOut` (the
 * main layout's button) and `customerReload` (a `success.action` after a call that changes what the
 * customer store holds, such as KYC answers: the guards then read the new facts; a failed reload keeps
 * the facts it had, as the next screen change loads them again).
 *
 * signIn: password with a PKCE challenge; the login flow the server answers decides what follows
 * (src/signin/sign-in-flow.ts): a simple or direct sign-in loads the customer and goes to the start
 * page, a second factor opens the step screen (/login/step). A refusal by the token service (403
 * 'Wrong e-mail or password.', 429) comes back as a MethodCallError carrying the service's message,
 * on the field it names if it names one; no session is left behind. If the profile cannot be loaded
 * the fresh session is closed again, so the user can simply retry.
 *
 * @example
 * createScreenRouter({ …, actions: createSessionActions(session, customer, sessionStorage, tokenService) });
 */
export function createSessionActions(
  session: Session,
  customer: CustomerStore,
  storage: Storage,
  tokenService: TokenService,
  pending: PendingStore = pendingSignIn,
  askedCustomer?: AskedCustomerCheck,
): SessionActions {
  return {
    async signIn(input) {
      const username = String(input.username ?? '');
      const password = String(input.password ?? '');
      try {
        return {
          navigate: await beginSignIn(
            { tokenService, session, customer, pending, storage, ...(askedCustomer ? { askedCustomer } : {}) },
            { username, password },
          ),
        };
      } catch (error) {
        if (error instanceof TokenServiceError) {
          throw new MethodCallError('AU', error.message, error.field ? { [error.field]: error.message } : {});
        }
        throw error;
      }
    },
    async signOut() {
      pending.set(null);
      await session.signOut();
      return { navigate: LOGIN };
    },
    async customerReload() {
      await customer.load().catch(() => undefined);
    },
  };
}
