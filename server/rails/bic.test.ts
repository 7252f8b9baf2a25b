import { describe, expect, it } from 'vitest';
import { isValidBic, normalBic } from './bic.ts';

describe('BIC check (ISO 9362)', () => {
  it('accepts published BICs of eight and eleven characters, in any case and with spaces', () => {
    for (const bic of ['DEUTDEFF', 'DEUTDEFF500', 'NWBKGB2L', 'BNPAFRPPXXX', 'CHASUS33', 'RZBRROBU', 'deut de ff']) {
      expect(isValidBic(bic), bic).toBe(true);
    }
  });

  it('refuses a wrong length, a country that does not exist, and digits where the bank code has letters', () => {
    for (const bic of ['', 'DEUTDEF', 'DEUTDEFF5', 'DEUTDEFF50', 'DEUTDEFF5000', 'DEUTXXFF', '1EUTDEFF', 'DEUT-DEFF']) {
      expect(isValidBic(bic), bic).toBe(false);
    }
  });

  it('writes a BIC as the rail wants it', () => {
    expect(normalBic(' nwbk gb 2l ')).toBe('NWBKGB2L');
  });
});
