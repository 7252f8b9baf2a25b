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

/** Where a business's banner leads instead of a person's profile: the company's actions and documents (document 002 section 5). */
export const BUSINESS_BANNER_LINK = '/company-documents';

/**
 * Where the banner's link goes: a business's required actions and missing documents are the company's,
 * listed on its documents page; a limited account keeps its own screen.
 *
 * @example
 * bannerLink('hasRequiredActions', 'business'); // '/company-documents'
 * bannerLink('hasRequiredActions', 'personal'); // '/profile'
 */
export function bannerLink(banner: BannerState, customerType: string | undefined): string {
  const link = BANNER_LINKS[banner];
  return customerType === 'business' && link === '/profile' ? BUSINESS_BANNER_LINK : link;
}

/**
 * The banner a state calls for, if any.
 *
 * @example
 * bannerFor('processing'); // undefined
 */
export function bannerFor(state: VerificationState): BannerState | undefined {
  return (Object.keys(BANNER_LINKS) as BannerState[]).find((banner) => banner === state);
}
