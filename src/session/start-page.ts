import type { Customer } from '../../generated/entities.ts';
import { kycPath } from '../navigation/redirect-rules.ts';

/** Where the main area starts. */
export const HOME = '/home';

/** The screens the start-page rules of document 000 section 2 send a user to. */
export const START_PAGES = {
  home: HOME,
  login: '/login',
  adminOverview: '/admin-overview',
  companySelection: '/company-selection',
  profileUpdate: '/profile-update',
  kyc: kycPath('personal'),
  businessKyc: kycPath('business'),
  selfCertificationSplash: '/self-certification-splash',
  businessSelfCertificationSplash: '/self-certification-business-splash',
  companyDocuments: '/company-documents',
} as const;

/** The previous application a customer may still be served by (rule 1 of the first list). */
export interface OldWeb {
  useOldWeb: boolean;
  oldWebUrl?: string | null;
}

/** What the first list needs besides the customer and the remembered path; every fact is optional. */
export interface StartPageOptions {
  /** The customer's old-web settings, when the server reports them. */
  oldWeb?: OldWeb | null;
  /** True when the user chose a customer to act for (`?fromCustomerId`, the company switcher). */
  customCustomerChosen?: boolean;
  /** A personal customer whose FATCA section needs an action (document 000 section 4, required actions). */
  fatcaActionRequired?: boolean;
}

/**
 * The old web application's address when rule 1 applies, else null: the customer uses the old web,
 * its URL is an http(s) URL, and no custom customer id was chosen.
 *
 * @example
 * oldWebRedirect({ useOldWeb: true, oldWebUrl: 'https://old.bank.example/' }, false); // 'https://old.bank.example/'
 */
export function oldWebRedirect(oldWeb: OldWeb | null | undefined, customCustomerChosen: boolean): string | null {
  if (!oldWeb?.useOldWeb || !oldWeb.oldWebUrl || customCustomerChosen) return null;
  try {
    const url = new URL(oldWeb.oldWebUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Whether a start page leaves the application (the old web app) rather than being a route of it. */
export function isExternalStartPage(target: string): boolean {
  return /^https?:\/\//i.test(target);
}

/** A remembered path, kept only if it stays inside the application. */
function internalPath(path: string | null | undefined): string | null {
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/**
 * Where a customer lands after sign-in: the first start-page list of document 000 section 2, in order.
 *
 * 1. an old-web redirect URL is present and no custom customer id was chosen: the old web app (an absolute URL);
 * 2. admin: the admin overview;
 * 3. business user: company selection, which lists the companies the user acts for, asks for the
 *    authorised-user information when none is authorised yet (offering the old web), sends the user
 *    back to sign-in when there is none, and then applies {@link businessStartPage}. The remembered path
 *    travels with it as `next`;
 * 4. personal user needing a personal info update: profile update;
 * 5. needing KYC: KYC;
 * 6. FATCA section action required: the self-certification splash;
 * 7. the remembered (saved initial) path;
 * 8. home.
 *
 * @example
 * startPage({ ...customer, customerType: 'personal', isNeedPersonalInfoUpdate: true }, '/history'); // '/profile-update'
 * startPage(customer, null); // '/home'
 * startPage(businessUser, '/history'); // '/company-selection?next=%2Fhistory'
 */
export function startPage(customer: Customer, rememberedPath: string | null, options: StartPageOptions = {}): string {
  const oldWeb = oldWebRedirect(options.oldWeb, options.customCustomerChosen ?? false);
  if (oldWeb) return oldWeb;
  if (customer.isAdmin) return START_PAGES.adminOverview;
  const remembered = internalPath(rememberedPath);
  if (customer.customerType === 'business') {
    return remembered ? `${START_PAGES.companySelection}?next=${encodeURIComponent(remembered)}` : START_PAGES.companySelection;
  }
  if (customer.isNeedPersonalInfoUpdate) return START_PAGES.profileUpdate;
  if (customer.isNeedKyc) return START_PAGES.kyc;
  if (options.fatcaActionRequired) return START_PAGES.selfCertificationSplash;
  return remembered ?? HOME;
}

/** What the company selection knows once the user's customer accesses are listed. */
export interface CompanyChoice {
  /** Companies the user acts for with at least one right. */
  authorisedCount: number;
  /** Companies the user is linked to but not yet authorised for. */
  pendingCount: number;
}

/** What company selection does: ask for the authorised-user information, show the list, or sign in again. */
export type CompanySelectionStep = 'authorisedUserInformation' | 'selectCompany' | 'login';

/**
 * Rule 3 of the first list, once the accesses are known: not yet authorised, the authorised-user
 * information (with the old-web URL offered); accesses exist, company selection; none, login.
 *
 * @example
 * companySelectionStep({ authorisedCount: 2, pendingCount: 0 }); // 'selectCompany'
 */
export function companySelectionStep({ authorisedCount, pendingCount }: CompanyChoice): CompanySelectionStep {
  if (authorisedCount > 0) return 'selectCompany';
  if (pendingCount > 0) return 'authorisedUserInformation';
  return 'login';
}

/** The parts of the business access info (document 000 section 3) the second list reads. */
export interface BusinessStartFacts {
  isNeedKyc: boolean;
  /** Whether the user holds balance-info access on the acting company. */
  hasBalanceInfoAccess: boolean;
  /** none, rejected, expiredSoon, validated, pending, checked or notRequired. */
  taxResidencySelfCertificationDocumentStatus?: string | null;
}

/**
 * The second start-page list of document 000 section 2, applied after business access info loads:
 * 1. KYC (business variant) if isNeedKyc; 2. company documents without balance-info access (the user
 * is a representative); 3. the remembered path; 4. home if tax-residency self-certification is
 * validated or pending; 5. otherwise the business self-certification splash.
 *
 * @example
 * businessStartPage({ isNeedKyc: false, hasBalanceInfoAccess: true, taxResidencySelfCertificationDocumentStatus: 'validated' }, null); // '/home'
 */
export function businessStartPage(facts: BusinessStartFacts, rememberedPath: string | null): string {
  if (facts.isNeedKyc) return START_PAGES.businessKyc;
  if (!facts.hasBalanceInfoAccess) return START_PAGES.companyDocuments;
  const remembered = internalPath(rememberedPath);
  if (remembered) return remembered;
  const status = facts.taxResidencySelfCertificationDocumentStatus;
  if (status === 'validated' || status === 'pending') return HOME;
  return START_PAGES.businessSelfCertificationSplash;
}
