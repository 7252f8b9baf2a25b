import type { Guard } from '../../engine/index.ts';
import type { Brand } from '../../generated/entities.ts';

/** Where the contract pages send a customer of a brand that offers no contracts. */
export const CONTRACTS_OFF_TARGET = '/home';

/**
 * The guard of the revenue-split pages (document 002 sections 2 and 3: contracts show only where the
 * brand's `contractsEnable` is on): after `businessCustomer` (contracts are between companies: sign-in first,
 * and a personal customer goes home), a brand without contracts sends the visitor home. The menu entry follows
 * the same fact (`appFacts(brand).contracts`); the server refuses the calls all the same.
 *
 * @example
 * contractsEnabled: contractsEnabledGuard(sessionGuards.businessCustomer, brand),
 */
export function contractsEnabledGuard(businessCustomer: Guard, brand: Pick<Brand, 'contractsEnable'>): Guard {
  return async (context) => {
    const target = await businessCustomer(context);
    if (target) return target;
    return brand.contractsEnable === true ? null : CONTRACTS_OFF_TARGET;
  };
}
