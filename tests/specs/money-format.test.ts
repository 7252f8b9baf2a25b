/**
 * Money has one format (issue 13, "Ukrainian card screens use English formats"): the engine's
 * `formatMoney` (every amount on screen) and the server's (refusals, ledger descriptions, documents),
 * which may not import the engine, write every amount alike, in every language of the product.
 */
import { describe, expect, it } from 'vitest';
import { formatMoney as engineMoney } from '../../engine/format/numbers.ts';
import { intlLocale } from '../../engine/i18n/labels.ts';
import { formatMoney as serverMoney, LANGUAGES } from '../../server/i18n/texts.ts';

const AMOUNTS = ['0', '10.54', '1876.00', '-1234.5', '12345678901234567.89', '0.00012345', '7'];
const CURRENCIES = ['EUR', 'USD', 'GBP', 'RON', 'JPY', 'BTC', 'USDT'];

describe('one money format on both sides', () => {
  it('writes every amount the server words as the screens write it, in every language', () => {
    const differences: string[] = [];
    for (const language of LANGUAGES) {
      for (const currency of CURRENCIES) {
        for (const amount of AMOUNTS) {
          const server = serverMoney(language, { amount, currency });
          const screen = engineMoney(amount, currency, intlLocale(language));
          if (server !== screen) differences.push(`${language} ${amount} ${currency}: server "${server}", screen "${screen}"`);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it('writes a card fee and a balance alike in Ukrainian and Russian', () => {
    expect(serverMoney('ua', { amount: '10.54', currency: 'EUR' })).toBe('10,54\u00a0EUR');
    expect(engineMoney('1876.00', 'EUR', intlLocale('ua'))).toBe('1\u00a0876,00\u00a0EUR');
    expect(serverMoney('ru', { amount: '10.54', currency: 'EUR' })).toBe('10,54\u00a0€');
    expect(engineMoney('1876.00', 'EUR', intlLocale('ru'))).toBe('1\u00a0876,00\u00a0€');
  });
});
