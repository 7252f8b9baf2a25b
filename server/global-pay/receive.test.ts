import { describe, expect, it } from 'vitest';
import { payoutCurrenciesOf } from './receive.ts';

describe('the currencies a recipient may be paid in', () => {
  it('offers the batch’s currency first, then those the method pays in there that its rail may send to the country', () => {
    expect(payoutCurrenciesOf('EUR', { name: 'wire', currencies: ['USD'] }, 'US')).toEqual(['EUR', 'USD']);
    expect(payoutCurrenciesOf('USD', { name: 'wire', currencies: ['EUR'] }, 'DE')).toEqual(['USD', 'EUR']);
    // The batch's currency is not offered twice.
    expect(payoutCurrenciesOf('EUR', { name: 'wire', currencies: ['EUR'] }, 'DE')).toEqual(['EUR']);
  });

  it('leaves out a currency the rail does not send to that country', () => {
    // A wire to the US is sent in dollars only (payout-currencies.json); crypto in its account's currency.
    expect(payoutCurrenciesOf('EUR', { name: 'wire', currencies: ['GBP', 'USD'] }, 'US')).toEqual(['EUR', 'USD']);
    expect(payoutCurrenciesOf('EUR', { name: 'crypto_eft', currencies: ['USD'] }, 'DE')).toEqual(['EUR']);
  });
});
