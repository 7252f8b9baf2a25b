import { describe, expect, it } from 'vitest';
import type { Account } from '../../generated/entities.ts';
import { selectableAccounts } from './AccountSelectWidget.tsx';
import { formatMoney, intlLocale } from '../../engine/index.ts';
import { accountLabel, formatAccountAmount } from './format.ts';

const account = (over: Partial<Account>): Account => ({
  accountId: 1,
  type: 1001,
  accountStatusId: 1,
  balance: '1234.50',
  accountBalanceMin: '0.00',
  pendingAmount: '0.00',
  customerId: 7,
  currencyCode: 'USD',
  currencySymbol: '$',
  ...over,
});

describe('formatAccountAmount', () => {
  it("formats with the engine's money format, telling A$ from $", () => {
    expect(formatAccountAmount('1234.50', account({}), 'en')).toBe('$1,234.50');
    expect(formatAccountAmount('1234.50', account({ currencyCode: 'AUD', currencySymbol: 'A$' }), 'en')).toBe('A$1,234.50');
    expect(formatAccountAmount('-5.00', account({ currencyCode: 'EUR', currencySymbol: '€' }), 'es')).toMatch(/^-5,00\s€$/);
  });

  it('writes a balance as the engine writes a fee beside it, in every language (ua and ru included)', () => {
    for (const language of ['en', 'es', 'pt', 'ro', 'ru', 'ua']) {
      const locale = intlLocale(language);
      for (const currencyCode of ['EUR', 'USD', 'GBP', 'RON']) {
        const held = account({ currencyCode, currencySymbol: currencyCode === 'EUR' ? '€' : currencyCode === 'GBP' ? '£' : '$' });
        expect(formatAccountAmount('1876.00', held, locale), `${language} ${currencyCode}`).toBe(formatMoney('1876.00', currencyCode, locale));
      }
    }
    // The Ukrainian case of issue 13: the fee read "10,54 EUR" while the balance read "1 876,00 €".
    expect(formatAccountAmount('1876.00', account({ currencyCode: 'EUR', currencySymbol: '€' }), 'uk')).toBe('1\u00a0876,00\u00a0EUR');
    expect(formatMoney('10.54', 'EUR', 'uk')).toBe('10,54\u00a0EUR');
  });

  it('keeps up to 8 crypto decimals and at least 2, with the ticker', () => {
    const btc = account({ currencyCode: 'BTC', currencySymbol: '₿', crypto: true });
    expect(formatAccountAmount('0.01500000', btc, 'en')).toBe('0.015 BTC');
    expect(formatAccountAmount('12.00000000', btc, 'en')).toBe('12.00 BTC');
    expect(formatAccountAmount('0.00000001', btc, 'en')).toBe('0.00000001 BTC');
  });

  it('labels an account for a select', () => {
    const t = ((key: string) => ({ 'accounts.typeShort.1001': 'Payment', 'accounts.closed': 'Closed' })[key] ?? key) as never;
    expect(accountLabel(account({}), t, 'en')).toBe('USD · Payment · $1,234.50');
    expect(accountLabel(account({ accountStatusId: 11 }), t, 'en')).toBe('USD · Payment · $1,234.50 · Closed');
  });
});

describe('selectableAccounts', () => {
  const accounts = [
    account({ accountId: 1 }),
    account({ accountId: 2, currencyCode: 'EUR' }),
    account({ accountId: 3, type: 4001 }),
    account({ accountId: 4, accountStatusId: 11 }),
    account({ accountId: 5, currencyCode: 'BTC', crypto: true }),
  ];
  const ids = (list: Account[]) => list.map((a) => a.accountId);

  it('offers open accounts only, narrowed by type, currency and crypto', () => {
    expect(ids(selectableAccounts(accounts, {}))).toEqual([1, 2, 3, 5]);
    expect(ids(selectableAccounts(accounts, { types: [1001] }))).toEqual([1, 2, 5]);
    expect(ids(selectableAccounts(accounts, { currency: 'USD' }))).toEqual([1, 3]);
    expect(ids(selectableAccounts(accounts, { crypto: false }))).toEqual([1, 2, 3]);
  });

  it('reads other fields of the form for currencyField and excludeField', () => {
    expect(ids(selectableAccounts(accounts, { excludeField: 'fromAccount' }, { fromAccount: 1 }))).toEqual([2, 3, 5]);
    expect(ids(selectableAccounts(accounts, { currencyField: 'currency' }, { currency: 'EUR' }))).toEqual([2]);
    expect(ids(selectableAccounts(accounts, { currencyField: 'currency' }, {}))).toEqual([1, 2, 3, 5]);
  });
});
