import type { Guard } from '../../engine/index.ts';

/** Where a user without full access to the merchant's settings is sent (document 002 section 2). */
export const MERCHANT_SAVED_BUTTONS = '/merchant/buttons/my_saved_buttons';

/**
 * The guard of the merchant's API key and API log pages (document 002 section 2: they need full
 * access): after `authenticated`, a business user whose rights on the acting customer lack
 * `companySettings` goes to the saved buttons. `rightsOnActingCustomer` answers the server's list (every right for
 * the user's own customer), or null when there is nothing to check. The server refuses such a user's calls all the same.
 *
 * @example
 * merchantFullAccess: merchantFullAccessGuard(sessionGuards.authenticated, () => rights()),
 */
export function merchantFullAccessGuard(authenticated: Guard, rightsOnActingCustomer: () => Promise<readonly string[] | null>): Guard {
  return async (context) => {
    const target = await authenticated(context);
    if (target) return target;
    const rights = await rightsOnActingCustomer().catch((): readonly string[] => []);
    return rights === null || rights.includes('companySettings') ? null : MERCHANT_SAVED_BUTTONS;
  };
}
