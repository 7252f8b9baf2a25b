import { describe, expect, it } from 'vitest';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { eftBankFieldErrors, eftBeneficiary, eftCountryCodes, eftRequiredFields, extraParamErrors, extraParamFields } from './eft.ts';

/** The field errors an EFT beneficiary is refused with, or [] when it passes. */
function refusedFields(input: Parameters<typeof eftBeneficiary>[0]): string[] {
  try {
    eftBeneficiary(input);
    return [];
  } catch (error) {
    if (!(error instanceof RpcRefusal)) throw error;
    return (error.details.validationErrors ?? []).map((entry) => entry.field);
  }
}

const BRAZIL = {
  countryCode: 'BR',
  beneficiaryName: 'Ana Souza',
  accountNumber: '12345-6',
  extraParams: { taxId: '12345678901', bankAccountType: 'checking' },
};

describe('the EFT bank fields rule (document 001 section 5)', () => {
  it('asks bank and branch code of BR, JP, HK and LK, and only the bank code of the other EFT countries', () => {
    for (const code of ['BR', 'JP', 'HK', 'LK']) expect(eftRequiredFields(code)).toEqual(['bankCode', 'branchCode']);
    for (const code of eftCountryCodes().filter((code) => !['BR', 'JP', 'HK', 'LK'].includes(code))) expect(eftRequiredFields(code)).toEqual(['bankCode']);
    expect(eftCountryCodes()).toEqual(expect.arrayContaining(['CA', 'AU', 'IN', 'ZA']));
  });

  it('refuses a missing branch code in Brazil on the branch field, and takes it in Canada', () => {
    expect(eftBankFieldErrors({ countryCode: 'BR', bankCode: '001' })).toEqual([{ field: 'branchCode', key: 'rails.eft.branchCodeRequired' }]);
    expect(eftBankFieldErrors({ countryCode: 'JP' }).map((error) => error.field)).toEqual(['bankCode', 'branchCode']);
    expect(eftBankFieldErrors({ countryCode: 'CA', bankCode: '003' })).toEqual([]);
  });

  it('refuses a bank of another country on the bank field and a branch of another bank on the branch field', () => {
    expect(eftBankFieldErrors({ countryCode: 'BR', bankCode: '0005', branchCode: '001' })).toEqual([{ field: 'bankCode', key: 'rails.eft.unknownBank' }]);
    expect(eftBankFieldErrors({ countryCode: 'BR', bankCode: '001', branchCode: '0001' })).toEqual([{ field: 'branchCode', key: 'rails.eft.unknownBranch' }]);
    expect(eftBankFieldErrors({ countryCode: 'DE', bankCode: '001' })).toEqual([{ field: 'countryCode', key: 'rails.eft.countryNotReached' }]);
  });
});

describe('country extra parameters', () => {
  it('flattens nested option groups into one list of values, in order', () => {
    const purpose = extraParamFields('eft', 'IN').find((field) => field.name === 'purposeCode');
    expect(purpose).toMatchObject({ required: true, schema: { type: 'string', enum: ['P1301', 'P1302', 'P0802', 'P1004', 'P1006'] } });
    expect(extraParamFields('eft', 'AU')).toEqual([]);
  });

  it('refuses a missing required one, a value its schema refuses and one the country does not ask, each on its own field', () => {
    expect(extraParamErrors('eft', 'IN', { ifsc: 'sbin0001', purposeCode: 'P9999', colour: 'blue' })).toEqual([
      { field: 'extraParams.ifsc', key: 'rails.extraParams.invalid' },
      { field: 'extraParams.purposeCode', key: 'rails.extraParams.invalid' },
      { field: 'extraParams.colour', key: 'rails.extraParams.unknown' },
    ]);
    expect(extraParamErrors('eft', 'BR', { bankAccountType: 'savings' })).toEqual([{ field: 'extraParams.taxId', key: 'rails.extraParams.required' }]);
    expect(extraParamErrors('eft', 'LK', {})).toEqual([]);
  });
});

describe('eftBeneficiary', () => {
  it('gives the rail the bank and branch with the account number in its plain form and the extra parameters', () => {
    expect(eftBeneficiary({ ...BRAZIL, bankCode: '001', branchCode: '1607' })).toEqual({
      name: 'Ana Souza',
      countryCode: 'BR',
      accountNumber: '123456',
      bankCode: '001',
      bankName: 'Banco do Brasil',
      branchCode: '1607',
      taxId: '12345678901',
      bankAccountType: 'checking',
    });
  });

  it('refuses every wrong field at once, each on its own field', () => {
    expect(refusedFields({ ...BRAZIL, beneficiaryName: ' ', accountNumber: '1', bankCode: '001' })).toEqual(['beneficiaryName', 'accountNumber', 'branchCode']);
    expect(refusedFields({ ...BRAZIL, bankCode: '001', branchCode: '1607' })).toEqual([]);
  });
});
