import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Brand } from '../../generated/entities.ts';
import { REPOSITORY_ROOT } from './config.ts';

/** The bank payers pay into for an account in one currency, as payment instructions name it. */
export interface PartnerBank {
  bankName: string;
  bankAddress: string;
}

/**
 * The partner banks that hold the customers' funds, by currency, for a brand whose brand.json names none
 * of its own (`partnerBanks`) for that currency. The numbers each bank gives an account are
 * server/instructions/rails.ts's.
 */
export const DEFAULT_PARTNER_BANKS: Readonly<Record<string, PartnerBank>> = {
  EUR: { bankName: 'Sandbox Partner Bank AG', bankAddress: 'Taunusanlage 12, 60325 Frankfurt am Main, Germany' },
  GBP: { bankName: 'Sandbox Partner Bank UK Ltd', bankAddress: '1 Finsbury Avenue, London EC2M 2PP, United Kingdom' },
  RON: { bankName: 'Sandbox Partner Bank Romania SA', bankAddress: 'Calea Victoriei 15, 030023 Bucharest, Romania' },
  USD: { bankName: 'Sandbox Partner Bank NA', bankAddress: '200 Park Avenue, New York, NY 10166, United States' },
  CAD: { bankName: 'Sandbox Partner Bank Canada', bankAddress: '100 King Street West, Toronto, ON M5X 1A9, Canada' },
  AUD: { bankName: 'Sandbox Partner Bank Australia Ltd', bankAddress: '1 Martin Place, Sydney NSW 2000, Australia' },
};

const brandBanks = new Map<string, Partial<Record<string, PartnerBank>>>();

/**
 * The partner bank of `brandId` for accounts in `currency`: the brand's own (brands/<id>/brand.json
 * `partnerBanks`, validated by codegen), else the default; undefined for a currency no bank serves.
 *
 * @example
 * partnerBank('aplus', 'EUR'); // the bank aplus's brand.json names for EUR
 * partnerBank(undefined, 'EUR'); // { bankName: 'Sandbox Partner Bank AG', … }
 */
export function partnerBank(brandId: string | undefined, currency: string, brandsDir = path.join(REPOSITORY_ROOT, 'brands')): PartnerBank | undefined {
  if (!brandId) return DEFAULT_PARTNER_BANKS[currency];
  let own = brandBanks.get(brandId);
  if (!own) {
    const brand = JSON.parse(readFileSync(path.join(brandsDir, brandId, 'brand.json'), 'utf8')) as Brand;
    own = brand.partnerBanks ?? {};
    brandBanks.set(brandId, own);
  }
  return own[currency] ?? DEFAULT_PARTNER_BANKS[currency];
}
