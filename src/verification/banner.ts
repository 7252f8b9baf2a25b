import type { RpcResponse } from '../../generated/methods.ts';

/** The account verification state the server decided (verificationStatusGet). */
export type VerificationState = RpcResponse<'verificationStatusGet'>['status']['state'];

/** The states the status banner warns about (document 000 section 4, Status banner). */
export type BannerState = 'limited' | 'duplicateDocuments' | 'unverified' | 'hasRequiredActions' | 'someCardDocumentRequired';

/** Where each banner's link goes. */
export const BANNER_LINKS: Record<BannerState, string> = {
  limited: '/limited-account',
  duplicateDocuments: '/unverified-account',
  unverified: '/profile',
  hasRequiredActions: '/profile',
  someCardDocumentRequired: '/profile',
};

/**
 * The banner a state calls for, if any.
 *
 * @example
 * bannerFor('processing'); // undefined
 */
export function bannerFor(state: VerificationState): BannerState | undefined {
  return (Object.keys(BANNER_LINKS) as BannerState[]).find((banner) => banner === state);
}
