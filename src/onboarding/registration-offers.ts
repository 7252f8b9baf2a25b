import type { Guard } from '../../engine/index.ts';
import type { Brand } from '../../generated/entities.ts';

/** Which registrations a brand offers. */
export interface RegistrationOffers {
  personal: boolean;
  business: boolean;
}

/**
 * What /register may offer: nothing when the brand's allowRegistration is off (document 000 section 5),
 * otherwise each kind the brand lists registration types for (document 002, Brand configuration).
 *
 * @example
 * registrationOffers(paydek); // { personal: false, business: false }
 */
export function registrationOffers(brand: Pick<Brand, 'allowRegistration' | 'registrationPersonalTypes' | 'registrationBusinessTypes'>): RegistrationOffers {
  return {
    personal: brand.allowRegistration && brand.registrationPersonalTypes.length > 0,
    business: brand.allowRegistration && brand.registrationBusinessTypes.length > 0,
  };
}

/**
 * The `registrationOpen` guard of /register/personal: a brand that does not offer personal
 * registration sends the visitor to /register, which says so.
 *
 * @example
 * guards: { ...createGuards(session, sessionStorage), registrationOpen: registrationOpenGuard(brand) }
 */
export function registrationOpenGuard(brand: Brand): Guard {
  return () => (registrationOffers(brand).personal ? null : '/register');
}

/**
 * The `businessRegistrationOpen` guard of /register/business: a brand that does not offer business
 * registration (allowRegistration off, or no business types) sends the visitor to /register, which says so.
 *
 * @example
 * guards: { ...createGuards(session, sessionStorage), businessRegistrationOpen: businessRegistrationOpenGuard(brand) }
 */
export function businessRegistrationOpenGuard(brand: Brand): Guard {
  return () => (registrationOffers(brand).business ? null : '/register');
}
