import { describe, expect, it } from 'vitest';
import payoutCurrenciesData from '../../schemas/data/payout-currencies.json' with { type: 'json' };
import { exchangeRate } from '../pricing/pricing.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { railFeeQuote } from './fee-quote.ts';
import { payoutCurrencies, payoutCurrency } from './payout-currencies.ts';

describe('the currencies a payout may be sent in (schemas/data/payout-currencies.json)', () => {
  it("offers the account's own first, then the rail's, narrowed by the country's scheme", () => {
    expect(payoutCurrencies('wire', 'EUR', 'DE')).toEqual(['EUR', 'USD', 'GBP', 'CAD', 'AUD', 'RON']);
    expect(payoutCurrencies('wire', 'EUR', 'US')).toEqual(['EUR', 'USD']);
    expect(payoutCurrencies('wire', 'USD', 'GB')).toEqual(['USD', 'GBP']);
    expect(payoutCurrencies('eft', 'USD', 'CA')).toEqual(['USD', 'CAD']);
    expect(payoutCurrencies('eft', 'USD', 'BR')).toEqual(['USD']);
    expect(payoutCurrencies('crypto_eft', 'BTC')).toEqual(['BTC']);
  });

  it('refuses on toCurrency one the rail does not offer, naming those it does', () => {
    expect(payoutCurrency('wire', 'EUR', undefined, 'US')).toBe('EUR');
    expect(payoutCurrency('wire', 'EUR', 'USD', 'US')).toBe('USD');
    let refusal: unknown;
    try {
      payoutCurrency('wire', 'EUR', 'GBP', 'US');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(RpcRefusal);
    expect((refusal as RpcRefusal).details).toMatchObject({
      validationErrors: [{ field: 'toCurrency', key: 'rails.currencyNotOffered', values: { currency: 'GBP', currencies: 'EUR, USD' } }],
    });
  });

  it('lists only currencies the product has a rate for, so every offer can be priced', () => {
    const listed = Object.values(payoutCurrenciesData.rails).flatMap((rule) => [
      ...rule.currencies,
      ...Object.values((rule as { countries?: Record<string, string[]> }).countries ?? {}).flat(),
    ]);
    expect(listed.length).toBeGreaterThan(0);
    for (const code of listed) expect(() => exchangeRate('EUR', code)).not.toThrow();
  });

  it('prices a converted payout at the transfer rate: the fee in the account currency, the amount to receive in the other', () => {
    expect(railFeeQuote('wire', '100.00', { scale: 2, currency_code: 'EUR' }, undefined, { scale: 2, currency_code: 'USD' })).toEqual({
      fee: '15.00',
      total: '115.00',
      currencyCode: 'EUR',
      toAmount: '108.15',
      toCurrencyCode: 'USD',
      exchangeRate: '1.081521',
    });
    expect(railFeeQuote('eft', '100.00', { scale: 2, currency_code: 'EUR' })).toMatchObject({ toAmount: '100.00', toCurrencyCode: 'EUR', exchangeRate: '1' });
  });
});
