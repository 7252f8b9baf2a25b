import type { AppAction } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import type { CustomerStore } from '../session/customer-store.ts';
import type { Session } from '../session/session.ts';
import { HOME, START_PAGES } from '../session/start-page.ts';

/** What an activation needs from the application. */
export interface ActivationServices {
  session: Session;
  rpc: RpcCall;
  customer: CustomerStore;
}

/** The notice an activated customer sees (document 000 section 8). */
export const ACTIVATED_NOTICE = 'onboarding.activate.activated';

/**
 * Account activation (document 000 section 4): first logs out any current session, then activates
 * with the e-mailed code (and the password a business's user chooses, document 002 section 4); the tokens that come back become this tab's session, the customer is
 * loaded, and the answer is where to go (home). A refusal rejects with the server's MethodCallError
 * (field errors on activationCode, or a description) and leaves the tab signed out.
 *
 * @example
 * navigate(await activateAndSignIn({ session, rpc, customer }, { username, activationCode }));
 * feedback.notify(ACTIVATED_NOTICE);
 */
export async function activateAndSignIn(services: ActivationServices, input: { username: string; activationCode: string; password?: string }): Promise<string> {
  const { session, rpc, customer } = services;
  if (session.isSignedIn()) await session.signOut();
  const { accessToken, refreshToken } = await rpc('accountActivate', {
    username: input.username.trim(),
    activationCode: input.activationCode.trim(),
    ...(input.password ? { password: input.password } : {}),
  });
  session.adopt({ accessToken, refreshToken });
  try {
    await customer.load();
  } catch (error) {
    // The account is active either way; without its data the user simply signs in again.
    await session.signOut();
    throw error;
  }
  return HOME;
}

/**
 * The `activateAccount` action a spec's submit names (screens/activate.yaml): {@link activateAndSignIn}
 * with the form's e-mail and code, then to the page it answers. `activateEmployee`
 * (screens/activate-employee.yaml) also sends the password the user chose and goes to company selection,
 * where the business user picks the company to act for. A refusal rejects with the server's
 * MethodCallError, whose field errors the form shows on its fields.
 *
 * @example
 * createScreenRouter({ …, actions: { ...activationActions({ session, rpc, customer }) } });
 */
export function activationActions(services: ActivationServices): Record<string, AppAction> {
  return {
    activateAccount: async (input) => ({
      navigate: await activateAndSignIn(services, { username: String(input.username ?? ''), activationCode: String(input.activationCode ?? '') }),
    }),
    activateEmployee: async (input) => {
      await activateAndSignIn(services, {
        username: String(input.username ?? ''),
        activationCode: String(input.activationCode ?? ''),
        password: String(input.password ?? ''),
      });
      return { navigate: START_PAGES.companySelection };
    },
  };
}
