import type { Guard } from '../../engine/index.ts';
import { REPRESENTATIVE_HOME, representativeMayOpen } from '../business/representative-access.ts';
import { isKycPath, kycPath } from '../navigation/redirect-rules.ts';
import { authSecretFrom, forgetSeiPath, keptLoginResult, SEI_ROUTE, storedSeiPath, storeSeiPath } from '../navigation/stored-paths.ts';
import type { CustomerStore, SignedInCustomer } from './customer-store.ts';
import { rememberPath } from './remembered-path.ts';
import type { Session } from './session.ts';
import { HOME } from './start-page.ts';

/** Where signed-out visitors are sent. */
export const LOGIN = '/login';

/** The guards screen specs may name (`guard: <name>`). */
export type GuardName = 'authenticated' | 'anonymous' | 'signedIn' | 'unverifiedAccount' | 'businessCustomer' | 'loginResult' | 'authSecret' | 'seiAuthorize';

/** What the guards read besides the session; without a customer store the KYC and verified rules are off. */
export interface GuardDependencies {
  customer?: CustomerStore;
}

/** The signed-in customer, loaded if need be; null when it cannot be loaded (the screen then decides). */
async function signedInCustomer(customer: CustomerStore | undefined): Promise<SignedInCustomer | null> {
  if (!customer) return null;
  return customer.current() ?? (await customer.load().catch(() => null));
}

/**
 * The guards of document 000 section 2 (the /cards rules belong to the card area).
 *
 * - `authenticated` (the main area): a signed-out visitor's path is remembered and they go to sign
 *   in. Signed in: a stored /auth/sei path wins; then, if KYC is needed, the KYC page (business or
 *   personal variant) from any other page; a representative (a business user without balance-info access,
 *   document 002 section 6) from any page but the company documents goes to them.
 * - `anonymous` (sign-in): a signed-in user is sent home, but only once a token refresh proves the
 *   session is still alive; if the refresh is refused the session expires and sign-in opens.
 * - `signedIn` (restricted screens such as company selection): signed in, else sign-in with the path remembered.
 * - `unverifiedAccount`: like `authenticated`, and a verified customer goes home.
 * - `businessCustomer` (a company's own pages, such as its self-certification splash): like `authenticated`,
 *   and a personal customer goes home (document 002 section 6: only a non-business customer sees the
 *   personal FATCA action, and only a business its own).
 * - `loginResult` (/scp): needs a login result of this tab (or a session), else sign-in.
 * - `authSecret` (/self-certification-representative): needs an auth secret from the query or kept (then put back
 *   in the query, where the screen's calls read it), else sign-in.
 * - `seiAuthorize` (/auth/sei): remembers the address and forces sign-in; once signed in it opens.
 *
 * @example
 * createScreenRouter({ …, guards: createGuards(session, sessionStorage, { customer }) });
 */
export function createGuards(session: Session, storage: Storage, dependencies: GuardDependencies = {}): Record<GuardName, Guard> {
  const toLogin = (pathname: string, search: string) => {
    rememberPath(`${pathname}${search}`, storage);
    return LOGIN;
  };

  const authenticated: Guard = async ({ pathname, search }) => {
    if (!session.isSignedIn()) return toLogin(pathname, search);
    const seiPath = storedSeiPath(storage);
    if (seiPath && pathname !== SEI_ROUTE) return seiPath;
    if (isKycPath(pathname)) return null;
    const signedIn = await signedInCustomer(dependencies.customer);
    if (signedIn?.customer.isNeedKyc && !signedIn.customer.isAdmin) {
      return kycPath(signedIn.customer.customerType === 'business' ? 'business' : 'personal');
    }
    if (signedIn?.representativeOnly && !representativeMayOpen(pathname)) return REPRESENTATIVE_HOME;
    return null;
  };

  return {
    authenticated,
    async anonymous() {
      if (!session.isSignedIn()) return null;
      return (await session.refresh()) ? HOME : null;
    },
    signedIn({ pathname, search }) {
      return session.isSignedIn() ? null : toLogin(pathname, search);
    },
    async unverifiedAccount(context) {
      const target = await authenticated(context);
      if (target) return target;
      const signedIn = await signedInCustomer(dependencies.customer);
      return signedIn?.customer.verified ? HOME : null;
    },
    async businessCustomer(context) {
      const target = await authenticated(context);
      if (target) return target;
      const signedIn = await signedInCustomer(dependencies.customer);
      return signedIn?.customer.customerType === 'personal' ? HOME : null;
    },
    loginResult() {
      return session.isSignedIn() || keptLoginResult(storage) ? null : LOGIN;
    },
    authSecret({ pathname, search }) {
      const secret = authSecretFrom(search, storage);
      if (!secret) return LOGIN;
      // The screen's calls read the secret from the address (queryParams): a kept one is put back there.
      return new URLSearchParams(search).get('authSecret') ? null : `${pathname}?${new URLSearchParams({ authSecret: secret }).toString()}`;
    },
    seiAuthorize({ pathname, search }) {
      if (!session.isSignedIn()) {
        storeSeiPath(`${pathname}${search}`, storage);
        return LOGIN;
      }
      forgetSeiPath(storage);
      return null;
    },
  };
}
