/**
 * Redirect rules of document 000 section 2 that follow an answer rather than a navigation, as data a
 * screen applies. The /cards rules belong to the card area.
 */

/** After a business registration the user goes to the root path. */
export const AFTER_BUSINESS_REGISTRATION = '/';

/** After a login confirmed by sms the user is sent to the accounts page. */
export const AFTER_SMS_CONFIRMED_LOGIN = '/home';

/**
 * Where the /auth/sei screen goes when the authorize call fails: a 404 (client or authorization
 * unknown) sends the user to the root path; null means stay and show the error.
 *
 * @example
 * afterAuthorizeAnswer(404); // '/'
 */
export function afterAuthorizeAnswer(status: number): string | null {
  return status === 404 ? '/' : null;
}

/** The KYC page a user is sent to: the business variant when acting for a company. */
export function kycPath(variant: 'personal' | 'business'): string {
  return variant === 'business' ? '/kyc?variant=business' : '/kyc';
}

/** Whether a path is the KYC page itself (the KYC rule sends users there "from any other page"). */
export function isKycPath(pathname: string): boolean {
  return pathname === '/kyc' || pathname.startsWith('/kyc/');
}
