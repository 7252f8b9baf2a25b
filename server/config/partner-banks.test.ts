import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bankDetailsFor } from '../instructions/rails.ts';
import { DEFAULT_PARTNER_BANKS, partnerBank } from './partner-banks.ts';

describe('the partner bank payment instructions name comes from the brand', () => {
  it('names a different bank for two brands, with the same account numbers', () => {
    const paxum = bankDetailsFor('EUR', 42, 'paxum')!;
    const aplus = bankDetailsFor('EUR', 42, 'aplus')!;
    expect(paxum.bankName).toBe('Sandbox Partner Bank AG');
    expect(aplus).toMatchObject({ bankName: 'Sandbox Iberia Partner Bank SA', bankAddress: 'Paseo de la Castellana 89, 28046 Madrid, Spain' });
    expect(aplus.iban).toBe(paxum.iban);
    expect(bankDetailsFor('USD', 42, 'aplus')!.bankName).toBe('Sandbox Americas Partner Bank NA');
  });

  it('uses the default for a currency the brand names no bank for, and for a brand with none', () => {
    expect(bankDetailsFor('GBP', 42, 'aplus')).toMatchObject(DEFAULT_PARTNER_BANKS.GBP!);
    expect(bankDetailsFor('EUR', 42)).toMatchObject(DEFAULT_PARTNER_BANKS.EUR!);
    const brands = mkdtempSync(path.join(tmpdir(), 'brands-'));
    mkdirSync(path.join(brands, 'plain'));
    writeFileSync(path.join(brands, 'plain', 'brand.json'), JSON.stringify({ id: 'plain' }));
    expect(partnerBank('plain', 'USD', brands)).toEqual(DEFAULT_PARTNER_BANKS.USD);
    expect(partnerBank('plain', 'BTC', brands)).toBeUndefined();
  });
});
