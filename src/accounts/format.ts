import type { TFunction } from 'i18next';
import type { Account } from '../../generated/entities.ts';

/** Trailing zeros beyond two decimals go (document 001 section 9: up to 8 decimals, at least 2). */
function trimDecimals(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${kept}`;
}

/**
 * An account's amount with its currency's symbol, formatted by Intl for the reader's language: the
 * digits and their grouping from Intl, the sign from the server's currency table (so A$ and C$ are
 * told apart from $). Crypto amounts keep up to 8 decimals and show the ticker.
 *
 * @example
 * formatAccountAmount('1234.50', { currencyCode: 'USD', currencySymbol: '$' }, 'en'); // '$1,234.50'
 * formatAccountAmount('0.01500000', { currencyCode: 'BTC', currencySymbol: '₿', crypto: true }, 'en'); // '0.015 BTC'
 */
export function formatAccountAmount(amount: string, account: Pick<Account, 'currencyCode' | 'currencySymbol' | 'crypto'>, locale: string): string {
  const decimal = trimDecimals(amount);
  const digits = decimal.split('.')[1]!.length;
  if (account.crypto || !/^[A-Z]{3}$/.test(account.currencyCode)) {
    const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: Math.max(2, digits) }).format(decimal as `${number}`);
    return `${number} ${account.currencyCode}`;
  }
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: account.currencyCode,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: Math.max(2, digits),
  });
  const symbol = account.currencySymbol;
  return format
    .formatToParts(decimal as `${number}`)
    .map((part) => (part.type === 'currency' && symbol ? symbol : part.value))
    .join('');
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
