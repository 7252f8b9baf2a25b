import { describe, expect, it } from 'vitest';
import { buildIban } from '../instructions/bank-numbers.ts';
import { bankByDomesticCode, bankByIban, bankBySwift } from './bank-directory.ts';

describe('bank directory (schemas/data/bank-directory.json)', () => {
  it('finds a bank by its SWIFT code, eight or eleven characters, any case and spaces', () => {
    expect(bankBySwift('COBADEFFXXX')).toMatchObject({ bankName: 'Commerzbank AG', city: 'Köln', countryIsoCode: 'DE', code: '37040044' });
    expect(bankBySwift('deut de ff')?.swift).toBe('DEUTDEFFXXX');
    expect(bankBySwift('DEUTDEFF500')?.bankName).toBe('Deutsche Bank AG');
  });

  it('finds nothing for a BIC it does not list or a code that is not a BIC', () => {
    expect(bankBySwift('AAAADEFFXXX')).toBeUndefined();
    expect(bankBySwift('NOT A BIC')).toBeUndefined();
  });

  it("finds an IBAN's bank by its country and bank code, with its SWIFT code and branch", () => {
    expect(bankByIban('DE89 3704 0044 0532 0130 00')).toMatchObject({ swift: 'COBADEFFXXX', branch: 'Köln', countryIsoCode: 'DE' });
    expect(bankByIban('NL91ABNA0417164300')?.swift).toBe('ABNANL2AXXX');
    expect(bankByIban(buildIban('RO', 'BTRL01301205M19587XX'))?.bankName).toBe('Banca Transilvania S.A.');
    expect(bankByIban('FR1420041010050500013M02606')?.swift).toBe('PSSTFRPPPAR');
  });

  it('finds nothing for a wrong IBAN or a bank it does not list', () => {
    expect(bankByIban('DE89370400440532013001')).toBeUndefined();
    expect(bankByIban(buildIban('DE', '100100100000000001'))).toBeUndefined();
  });

  it('finds a US bank by routing number and a GB bank by sort code, never one of another country', () => {
    expect(bankByDomesticCode('US', '026009593')?.swift).toBe('BOFAUS3NXXX');
    expect(bankByDomesticCode('GB', '200000')?.bankName).toBe('Barclays Bank UK PLC');
    expect(bankByDomesticCode('CA', '021000021')).toBeUndefined();
  });
});
