import path from 'node:path';
import { brandConfig } from '../config/brand-config.ts';
import { REPOSITORY_ROOT } from '../config/config.ts';

/** What registration needs to know about the brand the server runs as (document 002, Brand configuration). */
export interface RegistrationRules {
  brandId: string;
  projectName: string;
  allowRegistration: boolean;
  personalTypes: readonly string[];
  businessTypes: readonly string[];
  /** Holders of the threshold share or more detail their sources of funds (business registration). */
  sourceOfWealthEnable: boolean;
  /** The adult industries are neither offered nor accepted in business registration. */
  hideAdultIndustriesInRegistration: boolean;
  /** The terms a registering customer must accept, each with the page it links to. */
  terms: ReadonlyArray<{ id: number; key: string; label: string; url: string }>;
  /** The bot challenge's site key: registration and account recovery need a token solved for it (none: no challenge). */
  botChallengeSiteKey?: string;
}

const cache = new Map<string, RegistrationRules>();

/**
 * Reads brands/<id>/brand.json (validated by codegen against schemas/entities/brand.schema.json) once,
 * so the server enforces the same registration rules the browser shows: the browser hides what a
 * brand does not offer, the server refuses it.
 *
 * @example
 * const rules = registrationRules('paydek');
 * if (!rules.allowRegistration) throw new RpcRefusal('ENOA', { key: 'server.registration.closed' });
 */
export function registrationRules(brandId: string, brandsDir = path.join(REPOSITORY_ROOT, 'brands')): RegistrationRules {
  const key = `${brandsDir}:${brandId}`;
  const known = cache.get(key);
  if (known) return known;
  const brand = brandConfig(brandId, brandsDir);
  const rules: RegistrationRules = {
    brandId,
    projectName: brand.projectName,
    allowRegistration: brand.allowRegistration,
    personalTypes: brand.registrationPersonalTypes,
    businessTypes: brand.registrationBusinessTypes,
    sourceOfWealthEnable: brand.sourceOfWealthEnable === true,
    hideAdultIndustriesInRegistration: brand.hideAdultIndustriesInRegistration === true,
    terms: brand.termsToAccept.map(({ id, key, label, url }) => ({ id, key, label, url })),
    ...(brand.botChallengeSiteKey ? { botChallengeSiteKey: brand.botChallengeSiteKey } : {}),
  };
  cache.set(key, rules);
  return rules;
}
