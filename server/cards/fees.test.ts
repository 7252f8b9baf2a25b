import { describe, expect, it } from 'vitest';
import { convertAtMidRate } from '../pricing/pricing.ts';
import { feeAmountIn, offerIn } from './fees.ts';
import { countryOffer } from './products.ts';

const scales = () => 2;
const minor = (amount: string) => BigInt(amount.replace('.', ''));

describe('card fees in the card currency', () => {
  it('keeps the price list where the card is in its currency', () => {
    const gb = countryOffer('GB');
    expect(offerIn(gb, 'GBP', scales)).toBe(gb);
    expect(feeAmountIn('4.00', 'GBP', 'GBP', scales)).toBe('4.00');
  });

  it("states a EUR card's fees and shipping of a pound price list in euros, never less than the price", () => {
    const gb = countryOffer('GB');
    const eur = offerIn(gb, 'EUR', scales);
    expect(eur.fees).toEqual({ annual: '10.54', issue: '4.69', monthly: '1.18', currency: 'EUR' });
    expect(eur.shippingOptions.map((option) => option.fee)).toEqual(['0.00', feeAmountIn('15.00', 'GBP', 'EUR', scales)]);
    // Each euro amount is worth at least the pound price at the day's mid rate (the FX margin on top).
    for (const field of ['annual', 'issue', 'monthly'] as const) {
      const worth = convertAtMidRate(minor(eur.fees[field]), { currency: 'EUR', scale: 2 }, { currency: 'GBP', scale: 2 })!;
      expect(worth).toBeGreaterThanOrEqual(minor(gb.fees[field]));
    }
    // The rest of the offer is the country's.
    expect(eur.products).toEqual(gb.products);
    expect(eur.shippingOptions.map((option) => option.deliveryTime)).toEqual(gb.shippingOptions.map((option) => option.deliveryTime));
  });
});
