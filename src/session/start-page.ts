import type { Customer } from '../../generated/entities.ts';

/** Where the main area starts. */
export const HOME = '/home';

/**
 * Where a customer lands after sign-in: the start-page rules of document 000 section 2 that have a
 * screen in this application, in the document's order: a personal customer whose details must be
 * brought up to date goes to the profile update, else to the path they wanted before signing in,
 * else home.
 *
 * @example
 * startPage({ ...customer, customerType: 'personal', isNeedPersonalInfoUpdate: true }, '/history'); // '/profile-update'
 * startPage(customer, null); // '/home'
 */
export function startPage(customer: Customer, rememberedPath: string | null): string {
  if (customer.customerType === 'personal' && customer.isNeedPersonalInfoUpdate) return '/profile-update';
  return rememberedPath ?? HOME;
}
