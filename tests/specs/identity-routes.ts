/**
 * Every route of document 000 section 2 outside the money, card, merchant, company and contract areas
 * (issue 3); the catch-all 404 page is the engine's own.
 */
/** The routes, as document 000 section 2 lists them, with `{name}` parameters written `:name`. */
export const IDENTITY_ROUTES = [
  // Public screens
  '/login',
  '/register',
  '/register/personal',
  '/activate',
  '/video-identity-job/:id',
  '/account-recovery',
  '/identity-verification/:workflowRunId/:token',
  '/self-certification-representative',
  '/scp-mobile',
  '/terms',
  // Restricted screens
  '/admin-overview',
  '/scp',
  '/self-certification-splash',
  '/kyc',
  // Main area: onboarding and profile
  '/profile-update',
  '/unverified-account',
  '/limited-account',
  '/profile',
  '/home',
  '/news',
  // Main area: settings
  '/setting',
  '/payout-blacklist',
  '/login-history',
  '/legal',
  '/profile/notifications',
  // Main area: activity, other
  '/history',
  '/messages',
  '/auth/sei',
  '/self-certification',
] as const;
