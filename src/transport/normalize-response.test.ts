import { describe, expect, it } from 'vitest';
import { normalizeResponse } from './normalize-response.ts';

describe('normalizeResponse', () => {
  it('turns numeric-looking strings into numbers, at every depth', () => {
    expect(normalizeResponse({ accountId: '17', page: { results: '3', rows: [{ transactionId: '42' }] } })).toEqual({
      accountId: 17,
      page: { results: 3, rows: [{ transactionId: 42 }] },
    });
  });

  it.each([
    ['address1', '12'],
    ['businessName', '1999'],
    ['description', '2024'],
    ['amount', '12.50'],
    ['balance', '100'],
    ['accountBalanceMin', '0'],
    ['pendingAmount', '5'],
    ['fee', '1'],
    ['total', '99'],
    ['rate', '1.1'],
    ['responseCode', '00'],
    ['responseCode', '13'],
    ['currencyCode', '978'],
    ['cardNumber', '4111111111111111'],
    ['phone', '40722000000'],
    ['postalCode', '01234'],
    ['accessToken', '123'],
    ['taxId', '123456789'],
    ['secret', '2024'],
    ['requestId', '42'],
    ['pinCode', '4821'],
    ['pin', '4821'],
    ['cvv', '321'],
  ])('keeps %s %j as text', (key, value) => {
    expect(normalizeResponse({ [key]: value })).toEqual({ [key]: value });
  });

  it('leaves strings that would not survive the round trip', () => {
    expect(normalizeResponse({ a: '007', b: '1e3', c: '1.50', d: ' 5', e: '', f: '12345678901234567890' })).toEqual({
      a: '007',
      b: '1e3',
      c: '1.50',
      d: ' 5',
      e: '',
      f: '12345678901234567890',
    });
  });

  it('keeps money as decimal strings inside lists of accounts', () => {
    const answer = normalizeResponse({
      accounts: [{ accountId: '7', balance: '1250.00', pendingAmount: '0.10', currencyCode: 'EUR', type: '1001' }],
    });
    expect(answer.accounts).toEqual([{ accountId: 7, balance: '1250.00', pendingAmount: '0.10', currencyCode: 'EUR', type: 1001 }]);
  });
});
