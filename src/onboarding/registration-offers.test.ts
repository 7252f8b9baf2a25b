import { describe, expect, it } from 'vitest';
import type { Brand } from '../../generated/entities.ts';
import fundstr from '../../brands/fundstr/brand.json';
import paxum from '../../brands/paxum/brand.json';
import paydek from '../../brands/paydek/brand.json';
import { businessRegistrationOpenGuard, registrationOffers, registrationOpenGuard } from './registration-offers.ts';

const noContext = { pathname: '/register/personal', search: '', params: {} };

describe('what a brand offers at /register', () => {
  it('offers both kinds under paxum and nothing under the brands without registration', () => {
    expect(registrationOffers(paxum as Brand)).toEqual({ personal: true, business: true });
    expect(registrationOffers(paydek as Brand)).toEqual({ personal: false, business: false });
    expect(registrationOffers(fundstr as Brand)).toEqual({ personal: false, business: false });
  });

  it('leaves out a kind the brand lists no registration types for', () => {
    expect(registrationOffers({ ...(paxum as Brand), registrationBusinessTypes: [] })).toEqual({ personal: true, business: false });
  });

  it('sends visitors of /register/personal to /register when the brand does not offer it', () => {
    expect(registrationOpenGuard(paxum as Brand)(noContext)).toBeNull();
    expect(registrationOpenGuard(paydek as Brand)(noContext)).toBe('/register');
  });

  it('lets a visitor into /register/business only where the brand offers business registration', () => {
    expect(businessRegistrationOpenGuard(paxum as Brand)({ ...noContext, pathname: '/register/business' })).toBeNull();
    expect(businessRegistrationOpenGuard(fundstr as Brand)({ ...noContext, pathname: '/register/business' })).toBe('/register');
  });
});
