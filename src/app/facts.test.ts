import { describe, expect, it } from 'vitest';
import type { Brand } from '../../generated/entities.ts';
import paxum from '../../brands/paxum/brand.json';
import paydek from '../../brands/paydek/brand.json';
import { appFacts } from './registry.ts';

describe('appFacts', () => {
  it("gives the engine what each brand offers, which /register's choices test", () => {
    expect(appFacts(paxum as Brand)).toEqual({
      registration: { personal: true, business: true },
      registrationTypes: { personal: paxum.registrationPersonalTypes, business: paxum.registrationBusinessTypes },
      supportEmail: paxum.support.defaultEmail,
      contracts: true,
    });
    expect(appFacts(paydek as Brand)).toMatchObject({ registration: { personal: false, business: false }, contracts: false });
  });
});
