import { describe, expect, it } from 'vitest';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { exchangeRate, feeVariants, quoteTransfer, transferFee, transferLimits } from './pricing.ts';

const usd = { currency: 'USD', scale: 2 };
const eur = { currency: 'EUR', scale: 2 };

describe('exchangeRate', () => {
  it('is 1 for the same currency or when one is missing', () => {
    expect(exchangeRate('EUR', 'EUR').text).toBe('1');
    expect(exchangeRate(undefined, 'EUR').text).toBe('1');
  });
  it('takes the margin off the mid rate', () => {
    // 0.92 EUR per USD, less 0.5%.
    expect(exchangeRate('USD', 'EUR').text).toBe('0.915400');
    // 1/0.92 USD per EUR, less 0.5%.
    expect(exchangeRate('EUR', 'USD').text).toBe('1.081521');
  });
  it('refuses a currency without a rate', () => {
    expect(() => exchangeRate('USD', 'XYZ')).toThrow(RpcRefusal);
  });
});

describe('quoteTransfer', () => {
  it('rounds what arrives down and what leaves up', () => {
    const sent = quoteTransfer({ kind: 'account', from: usd, to: eur, amount: 10_000n });
    expect(sent.toAmount).toBe(9154n);
    const received = quoteTransfer({ kind: 'account', from: usd, to: eur, toAmount: 9154n });
    expect(received.amount).toBe(10_000n);
    // One cent more to receive costs a little more than the rate's share of a cent.
    expect(quoteTransfer({ kind: 'account', from: usd, to: eur, toAmount: 9155n }).amount).toBe(10_002n);
  });
  it('moves the same amount between accounts of one currency, without a fee', () => {
    expect(quoteTransfer({ kind: 'account', from: usd, to: usd, amount: 1234n })).toMatchObject({ amount: 1234n, toAmount: 1234n, fee: 0n });
  });
  it('asks for an amount when neither side is given', () => {
    expect(() => quoteTransfer({ kind: 'account', from: usd, to: usd })).toThrow(RpcRefusal);
  });
});

describe('transferFee', () => {
  it('charges basis points rounded up, between the minimum and the maximum', () => {
    expect(transferFee('p2p', 10_000n)).toBe(50n);
    expect(transferFee('p2p', 100n)).toBe(25n);
    expect(transferFee('p2p', 10_000_000n)).toBe(2500n);
    expect(transferFee('p2p', 10_001n)).toBe(51n);
  });
  it('charges nothing between own accounts or on a zero amount', () => {
    expect(transferFee('account', 10_000n)).toBe(0n);
    expect(transferFee('p2p', 0n)).toBe(0n);
  });
  it('charges the minimum as a flat fee where a kind has no percentage (an EFT, an Interac transfer)', () => {
    expect(transferFee('eft', 1n)).toBe(300n);
    expect(transferFee('eft', 2_500_000n)).toBe(300n);
    expect(transferFee('interac', 10_000n)).toBe(150n);
  });

  it("prices a fee variant by its own rule, and names an unknown variant as the data's mistake", () => {
    expect(transferFee('wire', 1_000_000n)).toBe(1500n);
    expect(transferFee('wire', 1_000_000n, 'our')).toBe(3000n);
    expect(transferFee('wire', 10_000_000n, 'express')).toBe(10000n);
    expect(() => transferFee('wire', 1_000_000n, 'overnight')).toThrow(/No fee variant 'overnight'/);
    expect(feeVariants('wire')).toEqual(['our', 'express']);
    expect(feeVariants('p2p')).toEqual([]);
  });
});

describe('transferLimits', () => {
  it('turns the major-unit limits into minor units of the currency', () => {
    expect(transferLimits('p2p', 2)).toEqual({ perTransactionMax: 1_000_000n, dailyMax: 2_500_000n, monthlyMax: 10_000_000n });
  });
});
