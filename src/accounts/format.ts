import type { TFunction } from 'i18next';
import type { Account } from '../../generated/entities.ts';
import { formatMoney } from '../../engine/index.ts';

/** Trailing zeros beyond two decimals go (document 001 section 9: up to 8 decimals, at least 2). */
function trimDecimals(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${kept}`;
}

/**
 * An account's amount as every amount of the product reads: through the engine's one money format
 * (`formatMoney`, Intl for the reader's language), so a balance in a select and a fee beside it agree
 * ("1 876,00 EUR" and "10,54 EUR" in Ukrainian). Crypto amounts keep up to 8 decimals and show the
 * ticker after the number, as the engine writes a code that is no ISO currency.
 *
 * @example
 * formatAccountAmount('1234.50', { currencyCode: 'USD' }, 'en'); // '$1,234.50'
 * formatAccountAmount('0.01500000', { currencyCode: 'BTC', crypto: true }, 'en'); // '0.015 BTC'
 */
export function formatAccountAmount(amount: string, account: Pick<Account, 'currencyCode' | 'crypto'>, locale: string): string {
  const decimal = trimDecimals(amount);
  if (account.crypto || !/^[A-Z]{3}$/.test(account.currencyCode)) return `${formatMoney(decimal, undefined, locale)} ${account.currencyCode}`;
  return formatMoney(decimal, account.currencyCode, locale);
}

/**
 * How an account reads in a list or a select: "USD · Payment · $1,234.50", closed ones marked.
 *
 * @example
 * accountLabel(account, t, 'en'); // 'USD · Payment · $1,234.50'
 */
export function accountLabel(account: Account, t: TFunction, locale: string): string {
  const parts = [
    account.currencyCode,
    t(`accounts.typeShort.${account.type}`, { defaultValue: String(account.type) }),
    formatAccountAmount(account.balance, account, locale),
  ];
  if (account.accountStatusId === 11) parts.push(t('accounts.closed'));
  return parts.join(' · ');
}
