import { describe, expect, it } from 'vitest';
import productsData from '../../schemas/data/card-products.json' with { type: 'json' };
import { binOf, CARD_BINS_FILE } from './bins.ts';
import { chooseMethod } from './step-up.ts';

describe('bin dictionary', () => {
  it('lists every product BIN of card-products.json, and three blocked bins not in use by a product', () => {
    const known = new Set(CARD_BINS_FILE.bins.map((bin) => bin.binNumber));
    for (const product of productsData.products) expect(known.has(product.bin), product.name).toBe(true);
    expect(CARD_BINS_FILE.blocked).toHaveLength(3);
    for (const blocked of CARD_BINS_FILE.blocked) expect(productsData.products.some((product) => product.bin === blocked.binNumber)).toBe(false);
  });

  it.each([
    ['5355 2212 3456 7890', '535522'],
    ['411111', '411111'],
    [' 4 1 1 1 1 1 9', '411111'],
  ])('takes the first 6 digits of %s after spaces are removed', (typed, bin) => {
    expect(binOf(typed)).toBe(bin);
  });

  it.each(['41111', '4111 1', 'abcdef', ''])('refuses %j on binNumber', (typed) => {
    expect(() => binOf(typed)).toThrow(expect.objectContaining({ code: 'TA1' }));
  });
});

describe('card challenge method', () => {
  it.each([
    [2, ['sms', 'approvalCode'], 'sms'],
    [3, ['sms', 'otp', 'approvalCode'], 'otp'],
    [3, ['sms', 'approvalCode'], 'sms'],
    [3, ['approvalCode'], 'approvalCode'],
    [4, ['sms', 'approvalCode'], 'approvalCode'],
    [1, ['sms', 'approvalCode'], 'sms'],
    [null, ['sms', 'approvalCode'], 'sms'],
    [null, ['approvalCode'], 'approvalCode'],
    [2, ['approvalCode'], 'approvalCode'],
  ] as const)('mode %s with %j asks by %s: never without a second factor', (mode, methods, expected) => {
    expect(chooseMethod(mode, methods)).toBe(expected);
  });
});
