import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import applyInfoDeclaration from '../../schemas/api/methods/cardApplyInfo.json' with { type: 'json' };
import productsData from '../../schemas/data/card-products.json' with { type: 'json' };
import productsSchema from '../../schemas/data/card-products.schema.json' with { type: 'json' };
import { countryOffer } from './products.ts';

const reasonCodes = productsSchema.$defs.shippingDisabledReason.enum;
const languages = ['en', 'es', 'pt', 'ro', 'ru', 'ua'];

describe('card products: shipping options', () => {
  it('gives delivery times as working days and disabled reasons as codes', () => {
    const gb = countryOffer('GB').shippingOptions;
    expect(gb.map((option) => [option.id, option.deliveryTime])).toEqual([
      ['standard', { minWorkingDays: 5, maxWorkingDays: 7 }],
      ['express', { minWorkingDays: 1, maxWorkingDays: 2 }],
    ]);
    expect(countryOffer('RU').shippingOptions.find((option) => option.type === 'express')?.disabledReasons).toEqual(['expressUnavailableInCountry']);
    expect(
      countryOffer('BR').shippingOptions.every((option) => option.deliveryTime === undefined && option.disabledReasons[0] === 'noCardShippingToCountry'),
    ).toBe(true);
    expect(countryOffer('DE').shippingOptions.every((option) => option.disabledReasons.length === 0 && option.deliveryTime)).toBe(true);
  });

  it('declares the same reason codes in the data file, the API and every language', () => {
    const option = applyInfoDeclaration.response.properties.products.items.properties.shippingOptions.items.properties.disabledReasons;
    expect([...option.items.enum].sort()).toEqual([...reasonCodes].sort());
    for (const language of languages) {
      const texts = JSON.parse(readFileSync(new URL(`../../locales/${language}/cards.json`, import.meta.url), 'utf8')) as {
        cards: { shippingDisabled: Record<string, string>; apply: { delivery: string } };
      };
      expect(Object.keys(texts.cards.shippingDisabled).sort(), language).toEqual([...reasonCodes].sort());
      expect(texts.cards.apply.delivery, language).toContain('{{deliveryTime.minWorkingDays}}');
      expect(texts.cards.apply.delivery, language).toContain('{{deliveryTime.maxWorkingDays}}');
    }
  });

  it('names every product in every language', () => {
    const types = productsData.products.map((product) => String(product.type)).sort();
    for (const language of languages) {
      const texts = JSON.parse(readFileSync(new URL(`../../locales/${language}/cards.json`, import.meta.url), 'utf8')) as {
        cards: { products: Record<string, string> };
      };
      expect(Object.keys(texts.cards.products).sort(), language).toEqual(types);
    }
  });
});
