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
 * whether it was allowed; when refused (unknown customer, no access, signed out) the acting customer stays
 * what it was. A call that got no answer (network) is thrown after putting things back.
 *
 * @example
 * if (!(await actForAsked(4021, judge, sessionStorage, session.isSignedIn()))) feedback.notify('session.environment.notAllowed', { customerId: 4021 });
 */
export async function actForAsked(customerId: number, judge: ActingCustomerJudge, storage: Storage, signedIn: boolean): Promise<boolean> {
  if (!signedIn) return false;
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
