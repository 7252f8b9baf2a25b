import { describe, expect, it } from 'vitest';
import { transferFee } from '../pricing/pricing.ts';
import { checkPayment } from './payments.ts';
import { allowedMethods, countryMethods, highestFee } from './rules.ts';

const good = {
  amount: '100.00',
  description: 'November',
  beneficiaryType: 'individual',
  beneficiaryName: 'Ana Weber',
  beneficiaryEmail: 'Ana@Example.com',
  beneficiaryCountryCode: 'de',
  feeShare: 'sender',
};

describe('a global pay payment', () => {
  it('is kept in its stored form, holding the dearest allowed method’s fee when the sender pays it', () => {
    const { payment, problems } = checkPayment(good, 2);
    expect(problems).toEqual([]);
    expect(payment).toMatchObject({ amount: 100_00n, beneficiaryEmail: 'ana@example.com', beneficiaryCountryCode: 'DE', forbidden: [] });
    const fees = ['wire', 'eft', 'oct', 'crypto_eft', 'instant_payment', 'interac'].map((rail) => transferFee(rail, 100_00n));
    expect(payment!.reservedFee).toBe(fees.reduce((a, b) => (a > b ? a : b)));
    expect(checkPayment({ ...good, feeShare: 'beneficiary' }, 2).payment!.reservedFee).toBe(0n);
  });

  it('says each problem on its field', () => {
    const { payment, problems } = checkPayment(
      { amount: '1.234', beneficiaryType: 'robot', beneficiaryName: ' ', beneficiaryEmail: 'nobody', beneficiaryCountryCode: 'ZZ', feeShare: 'half' },
      2,
    );
    expect(payment).toBeUndefined();
    expect(problems.map((problem) => `${problem.field}:${problem.key}`)).toEqual([
      'amount:server.globalPay.amountFormat',
      'beneficiaryType:server.globalPay.beneficiaryType',
      'beneficiaryName:server.globalPay.required',
      'beneficiaryEmail:server.globalPay.email',
      'beneficiaryCountryCode:server.globalPay.countryNotServed',
      'feeShare:server.globalPay.feeShare',
    ]);
  });

  it('refuses unknown methods, every method forbidden, and an amount the beneficiary’s fee would eat', () => {
    expect(checkPayment({ ...good, forbidden: ['pigeon'] }, 2).problems).toMatchObject([{ field: 'paymentMethods', key: 'server.globalPay.unknownMethod' }]);
    const all = countryMethods('DE').map((method) => method.name);
    expect(checkPayment({ ...good, forbidden: all }, 2).problems).toMatchObject([{ field: 'paymentMethods', key: 'server.globalPay.allForbidden' }]);
    expect(checkPayment({ ...good, amount: '0.01', feeShare: 'beneficiary' }, 2).problems).toMatchObject([
      { field: 'amount', key: 'server.globalPay.belowFee' },
    ]);
  });

  it('offers only the methods the sender left allowed', () => {
    expect(allowedMethods('GB', ['oct']).map((method) => method.name)).toEqual(['wire', 'crypto_eft']);
    // A fee depends on the rail: the dearest of those allowed anywhere the recipient may choose.
    expect(highestFee(['wire', 'eft', 'oct', 'crypto_eft', 'instant_payment'], 100_00n)).toBe(transferFee('interac', 100_00n));
  });
});
