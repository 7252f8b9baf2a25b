import { MethodCallError } from '../../engine/index.ts';
import { TokenServiceError } from '../transport/token-service.ts';
import type { CustomerStore } from './customer-store.ts';
import { LOGIN } from './guards.ts';
import { takeRememberedPath } from './remembered-path.ts';
import type { Session } from './session.ts';
import { startPage } from './start-page.ts';

/** Where to go once an action is done. */
export interface Destination {
  navigate: string;
}

/** The session's actions; each also fits the engine's action signature. */
export interface SessionActions {
  signIn(input: Record<string, unknown>): Promise<Destination>;
  signOut(): Promise<Destination>;
}

/**
 * The session's actions that screen specs name: `signIn` (the login form's submit) and `signOut` (the
 * main layout's button).
 *
 * signIn: password and PKCE sign-in, then the customer's profile, then the start page. A refusal by
 * the token service (403 'Wrong e-mail or password.', 429) comes back as a MethodCallError carrying the
 * service's message, on the field it names if it names one; no session is left behind. If the profile
 * cannot be loaded the fresh session is closed again, so the user can simply retry.
 *
 * @example
 * createScreenRouter({ …, actions: createSessionActions(session, customer, sessionStorage) });
 */
export function createSessionActions(session: Session, customer: CustomerStore, storage: Storage): SessionActions {
  return {
    async signIn(input) {
      const username = String(input.username ?? '');
      const password = String(input.password ?? '');
      try {
        await session.signIn({ username, password });
      } catch (error) {
        if (error instanceof TokenServiceError) {
          throw new MethodCallError('AU', error.message, error.field ? { [error.field]: error.message } : {});
        }
        throw error;
      }
      try {
        const signedIn = await customer.load();
        return { navigate: startPage(signedIn.customer, takeRememberedPath(storage)) };
      } catch (error) {
        await session.signOut();
        throw error;
      }
    },
    async signOut() {
      await session.signOut();
      return { navigate: LOGIN };
    },
  };
}
