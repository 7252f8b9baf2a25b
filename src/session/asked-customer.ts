import { isAnswer } from '../../engine/index.ts';
import { actFor, actingCustomerId } from './acting-customer.ts';

/** The calls that let the server judge a `?fromCustomerId` (the client only asks). */
export interface ActingCustomerJudge {
  /** Whether the signed-in user is an admin (the customer store's `isAdmin`). */
  isAdmin(): Promise<boolean>;
  /** The admin area's start of viewing (`adminViewStart`): refused unless the customer exists; audited. */
  startViewing(customerId: number): Promise<unknown>;
  /**
   * A call made as the acting customer (`businessAccessInfo` with the Customer-Id header): the server
   * refuses it (13) unless the user may act for that customer, as for the company selection.
   */
  actingCall(): Promise<unknown>;
}

/**
 * Acts for the customer a `?fromCustomerId` asks for (document 000 section 2, query handling; document
 * 002 section 6) when the server allows it: an admin starts viewing that customer as the admin area does,
 * a business user acts for a customer they have access to, as the company selection sets it. Answers
 * whether it was allowed; when refused (unknown customer, no access) the acting customer stays what it was.
 * A call that got no answer (network) is thrown after putting things back. Only for a signed-in user: a
 * signed-out visitor's is kept ({@link rememberAskedCustomer}) and judged at sign-in.
 *
 * @example
 * if (!(await actForAsked(4021, judge, sessionStorage))) feedback.notify('session.environment.notAllowed', { customerId: 4021 });
 */
export async function actForAsked(customerId: number, judge: ActingCustomerJudge, storage: Storage): Promise<boolean> {
  const previous = actingCustomerId(storage);
  try {
    if (await judge.isAdmin()) {
      await judge.startViewing(customerId);
      actFor(customerId, storage);
      return true;
    }
    actFor(customerId, storage);
    await judge.actingCall();
    return true;
  } catch (error) {
    actFor(previous, storage);
    if (isAnswer(error)) return false;
    throw error;
  }
}

const ASKED_CUSTOMER = 'session.askedCustomerId';

/**
 * Keeps the customer a signed-out visitor's `?fromCustomerId` asks for, so that signing in acts for it
 * (when the server allows it) instead of refusing it before anyone is signed in. One sign-in takes it.
 *
 * @example
 * rememberAskedCustomer(4021, sessionStorage);
 */
export function rememberAskedCustomer(customerId: number, storage: Storage): void {
  storage.setItem(ASKED_CUSTOMER, String(customerId));
}

/** What a sign-in needs to act for the customer a signed-out visitor asked for: the server's judge, and who to tell of a refusal. */
export interface AskedCustomerCheck {
  judge: ActingCustomerJudge;
  /** Called when the server refuses: the user acts for themselves (the notice `session.environment.notAllowed`). */
  refused(customerId: number): void;
}

/**
 * Right after a sign-in: acts for the customer {@link rememberAskedCustomer} kept, if the server allows it,
 * and forgets it. Answers whether the user now acts for it (the start page's "custom customer chosen"). A
 * refusal is told and the user acts for themselves; a call that got no answer keeps the asked customer for
 * the next sign-in and is thrown, as a profile that did not load fails the sign-in.
 *
 * @example
 * const chosen = await actForRemembered(sessionStorage, { judge, refused: (id) => notify('session.environment.notAllowed', { customerId: id }) });
 */
export async function actForRemembered(storage: Storage, check: AskedCustomerCheck): Promise<boolean> {
  const asked = Number(storage.getItem(ASKED_CUSTOMER));
  storage.removeItem(ASKED_CUSTOMER);
  if (!Number.isSafeInteger(asked) || asked <= 0) return false;
  try {
    if (await actForAsked(asked, check.judge, storage)) return true;
  } catch (error) {
    rememberAskedCustomer(asked, storage);
    throw error;
  }
  check.refused(asked);
  return false;
}
