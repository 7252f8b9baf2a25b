import type { NavItem } from '../../engine/index.ts';

/**
 * Document 002 section 6: a business user without balance-info access is treated as a representative and
 * reaches only the company documents: the documents page with its uploads, and the company profile's
 * documents and representatives tabs (which the documents right serves). Every other page of the main
 * area sends them to the company documents.
 */
export const REPRESENTATIVE_HOME = '/company-documents';

const REPRESENTATIVE_PATHS = [REPRESENTATIVE_HOME, '/company/documents', '/company/representatives'] as const;

/** A user's access to the balance information, as businessAccessInfo answers it. */
export interface BalanceInfoAccess {
  accessList: { balanceInfo: boolean };
}

/**
 * Whether the business user is a representative: one without balance-info access.
 *
 * @example
 * isRepresentativeOnly({ accessList: { balanceInfo: false } }); // true
 */
export function isRepresentativeOnly(access: BalanceInfoAccess): boolean {
  return !access.accessList.balanceInfo;
}

/**
 * Whether a representative may open a path: the company documents and what lies under them.
 *
 * @example
 * representativeMayOpen('/company-documents/upload'); // true
 * representativeMayOpen('/home'); // false
 */
export function representativeMayOpen(pathname: string): boolean {
  return REPRESENTATIVE_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * The navigation entries a representative may follow (none of the specs' usual entries lead to the
 * company documents, so usually none).
 *
 * @example
 * representativeNavigation(navItems); // []
 */
export function representativeNavigation(navItems: readonly NavItem[]): NavItem[] {
  return navItems.filter((item) => representativeMayOpen(item.route));
}
