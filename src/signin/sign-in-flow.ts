import { AFTER_SMS_CONFIRMED_LOGIN } from '../navigation/redirect-rules.ts';
import { actForRemembered, type AskedCustomerCheck } from '../session/asked-customer.ts';
import type { CustomerStore } from '../session/customer-store.ts';
import { createPkcePair } from '../session/pkce.ts';
import { takeRememberedPath } from '../session/remembered-path.ts';
import type { Session } from '../session/session.ts';
import { startPage } from '../session/start-page.ts';
import type { TokenService, Tokens } from '../transport/token-service.ts';
import type { MigrationRequirement, PendingStore } from './pending.ts';
import { markSignedIn } from './secondary.ts';

/** The screen of every step after the password (screens/login-step.yaml). */
export const SIGN_IN_STEP = '/login/step';

export interface SignInDeps {
  tokenService: TokenService;
  session: Session;
  customer: CustomerStore;
  pending: PendingStore;
  storage: Storage;
  /** Acts for the customer a signed-out visitor's `?fromCustomerId` asked for, once signed in. */
  askedCustomer?: AskedCustomerCheck;
}

/**
 * Finishes a sign-in with its tokens: the session takes them, the customer is loaded (if that fails
 * the fresh session is closed again), the customer a `?fromCustomerId` asked for before sign-in is acted
 * for if the server allows it, then the start page, or the migration notice first. After an
 * SMS-confirmed login the user goes to the accounts page.
 *
 * @example
 * const next = await completeSignIn(deps, tokens, { migration, after: 'start' });
 */
export async function completeSignIn(
  deps: SignInDeps,
  tokens: Tokens,
  options: { migration?: MigrationRequirement; after: 'start' | 'accounts' },
): Promise<string> {
  deps.session.adopt(tokens);
  markSignedIn();
  let next: string;
  try {
    const signedIn = await deps.customer.load();
    const customCustomerChosen = deps.askedCustomer ? await actForRemembered(deps.storage, deps.askedCustomer) : false;
    // The business facts (rights, acting company) are read again as the customer now acted for.
    if (customCustomerChosen) deps.customer.clear();
    const remembered = takeRememberedPath(deps.storage);
    next = options.after === 'accounts' ? AFTER_SMS_CONFIRMED_LOGIN : startPage(signedIn.customer, remembered, { customCustomerChosen });
  } catch (error) {
    deps.pending.set(null);
    await deps.session.signOut();
    throw error;
  }
  if (options.migration && options.migration.type !== 'none') {
    // The notice words itself by the strategy, which the service may leave out: push is the default.
    deps.pending.set({ step: { flow: 'migration', migration: { ...options.migration, strategy: options.migration.strategy ?? 'enablePush' }, next } });
    return SIGN_IN_STEP;
  }
  deps.pending.set(null);
  return next;
}

/**
 * The password step of every login flow (document 000 section 4): sends the credentials with a
 * fresh PKCE challenge and either finishes at once (simple: the code is exchanged; direct: tokens)
 * or keeps the pending step (otp, sms, push, verifyDevice) for the step screen. Answers where to go.
 *
 * @example
 * const next = await beginSignIn(deps, { username, password }); // '/home' or '/login/step'
 */
export async function beginSignIn(deps: SignInDeps, credentials: { username: string; password: string }): Promise<string> {
  const { codeVerifier: verifier, codeChallenge } = await createPkcePair();
  const result = await deps.tokenService.login({ client: 'spa', username: credentials.username, password: credentials.password, codeChallenge });
  const migration = result.migrationRequirement;
  const keep = (step: Parameters<PendingStore['set']>[0] & object) => {
    deps.pending.set(step);
    return SIGN_IN_STEP;
  };
  switch (result.authFlow) {
    case 'direct':
      if (result.accessToken && result.refreshToken)
        return completeSignIn(deps, { accessToken: result.accessToken, refreshToken: result.refreshToken }, { migration, after: 'start' });
      break;
    case 'simple':
      if (result.code) return completeSignIn(deps, await deps.tokenService.exchange(result.code, verifier), { migration, after: 'start' });
      break;
    case 'otp':
      if (result.code) return keep({ step: { flow: 'otp', code: result.code, verifier }, migration });
      break;
    case 'sms':
      if (result.code) return keep({ step: { flow: 'sms', code: result.code, verifier, phone: result.phone ?? '', smsId: result.smsId ?? '' }, migration });
      break;
    case 'push':
      if (result.key)
        return keep({
          step: { flow: 'push', key: result.key, verifier, devices: result.devices ?? [], qrLink: result.qrLink ?? '', waitState: 'waiting', attempt: 0 },
          migration,
        });
      break;
    case 'verifyDevice':
      if (result.key && result.deviceId !== undefined)
        return keep({ step: { flow: 'verifyDevice', key: result.key, verifier, deviceId: result.deviceId }, migration });
      break;
  }
  throw new Error(`The token service answered the login flow '${result.authFlow}' without what it needs; check the server's /auth/login answer.`);
}
