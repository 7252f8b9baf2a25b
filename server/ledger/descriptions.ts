import { localeTexts, type KeyedText, type Language, type TextValues } from '../i18n/texts.ts';

/**
 * A description the server words itself, for a posting: its English words (kept in `description`, which
 * the history's keyword search reads) and its key and values, worded again for each reader.
 *
 * @example
 * await writeLedgerTransaction(trx, { operationType: 'Card', ...keyedDescription('server.ledger.cardPurchase', { merchant, card }), legs });
 */
export function keyedDescription(key: string, values?: TextValues): { description: string; descriptionText: KeyedText } {
  return { description: localeTexts('en')(key, values), descriptionText: { key, ...(values ? { values } : {}) } };
}

/**
 * A counterparty the server names itself, for a leg: its English words (kept in `counterparty`) and its
 * key and values, worded again for each reader (see {@link counterpartyIn}).
 *
 * @example
 * legs.push({ accountId, amount, ...keyedCounterparty('server.ledger.cryptoNetwork', { currency: 'BTC' }) });
 */
export function keyedCounterparty(key: string, values?: TextValues): { counterparty: string; counterpartyText: KeyedText } {
  return { counterparty: localeTexts('en')(key, values), counterpartyText: { key, ...(values ? { values } : {}) } };
}

/** A ledger transaction's description as stored: its words, and its key and values when the server worded it. */
export interface StoredDescription {
  description: string;
  description_key: string | null;
  description_values: TextValues | null;
}

/**
 * A transaction's description in the reader's language: its key's text when it has one the locale files
 * know, else the stored words (a customer's own text, or a row written before descriptions had keys).
 *
 * @example
 * describedIn('ru', { description: 'Card purchase at Amazon (5168 •••• 1234)', description_key: 'server.ledger.cardPurchase', description_values: { merchant: 'Amazon', card: '5168 •••• 1234' } });
 * // 'Покупка по карте в Amazon (5168 •••• 1234)'
 */
export function describedIn(language: Language, row: StoredDescription): string {
  if (!row.description_key) return row.description;
  const t = localeTexts(language);
  return t.has(row.description_key) ? t(row.description_key, row.description_values ?? {}) : row.description;
}

/** An entry's counterparty as stored: its words, and its key and values when the server named it. */
export interface StoredCounterparty {
  counterparty: string | null;
  counterparty_key: string | null;
  counterparty_values: TextValues | null;
}

/**
 * An entry's counterparty in the reader's language: the name the server gave it ('EUR account') worded
 * again, else the stored words (a person's or company's name, a merchant).
 *
 * @example
 * counterpartyIn('es', { counterparty: 'EUR account', counterparty_key: 'server.accounts.defaultName', counterparty_values: { currency: 'EUR' } }); // 'Cuenta en EUR'
 */
export function counterpartyIn(language: Language, row: StoredCounterparty): string | null {
  if (!row.counterparty_key) return row.counterparty;
  const t = localeTexts(language);
  return t.has(row.counterparty_key) ? t(row.counterparty_key, row.counterparty_values ?? {}) : row.counterparty;
}

/**
 * The name the server gives a customer's account in a currency, as a keyed text.
 *
 * @example
 * wordText('es', accountName('EUR')); // 'Cuenta en EUR'
 */
export const accountName = (currency: string): KeyedText => ({ key: 'server.accounts.defaultName', values: { currency } });
