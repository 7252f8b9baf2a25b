import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPOSITORY_ROOT } from '../config/config.ts';

/** The product's languages, as locales/ names them (Ukrainian is 'ua'). */
export const LANGUAGES = ['en', 'es', 'pt', 'ro', 'ru', 'ua'] as const;
export type Language = (typeof LANGUAGES)[number];

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** The ISO code of a language (a document's /Lang, Intl's locale): 'uk' for the product's 'ua'. */
export const isoLanguage = (language: Language) => (language === 'ua' ? 'uk' : language);

/**
 * The customer's language from a request's Accept-Language (the application sends the language the
 * customer chose, 'uk' for Ukrainian): the first of the product's languages it names, else `fallback`.
 *
 * @example
 * requestLanguage('ru-RU,ru;q=0.9,en;q=0.8'); // 'ru'
 * requestLanguage('uk', 'en'); // 'ua'
 */
export function requestLanguage(acceptLanguage: string | undefined, fallback = 'en'): Language {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const quality = Number(/q=([0-9.]+)/.exec(rest.join(';'))?.[1] ?? 1);
      return { code: tag.trim().toLowerCase().split('-')[0] ?? '', quality, index };
    })
    .filter((entry) => entry.code && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { code } of ranked) {
    const language = code === 'uk' ? 'ua' : code;
    if (isLanguage(language)) return language;
  }
  return isLanguage(fallback) ? fallback : 'en';
}

type Tree = { [key: string]: string | Tree };
const loaded = new Map<Language, Tree>();

function merge(under: Tree, over: Tree): Tree {
  const merged: Tree = { ...under };
  for (const [key, value] of Object.entries(over)) {
    const before = merged[key];
    merged[key] = typeof value === 'object' && typeof before === 'object' ? merge(before, value) : value;
  }
  return merged;
}

/** All locale files of a language merged, as the application merges them (a namespace file may add to `server`). */
export function localeTree(language: Language): Tree {
  let texts = loaded.get(language);
  if (!texts) {
    const folder = path.join(REPOSITORY_ROOT, 'locales', language);
    texts = readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reduce<Tree>((all, name) => merge(all, JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as Tree), {});
    loaded.set(language, texts);
  }
  return texts;
}

function lookup(texts: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** A sum of money among a text's values: written as the language writes money ('1 000,00 €'). */
export interface MoneyValue {
  amount: string;
  currency: string;
}

/**
 * The values a text fills in for its `{{name}}`s: words as they are, numbers, money, or a text worded
 * itself in the same language (a card's product name inside a ledger description).
 */
export type TextValues = Record<string, string | number | MoneyValue | KeyedText>;

/** A text to word in the reader's language: its locale key and values. */
export interface KeyedText {
  key: string;
  values?: TextValues;
}

/** Words texts in one language; `t.value` words a value of an enumeration, or says it as it is. */
export interface Texts {
  (key: string, values?: TextValues): string;
  value(prefix: string, value: string): string;
  /** Whether the locale files have the key (in this language or English). */
  has(key: string): boolean;
}

/**
 * A sum as the language writes money, by the rule of the engine's one money format
 * (engine/format/numbers.ts `formatMoney`, which the server may not import; tests/specs/money-format.test.ts
 * holds the two to the same output in every language): the amount goes to Intl as an exact decimal
 * string, with at least the digits the currency usually shows and every digit it carries; a code that is
 * no ISO currency (a crypto ticker, 'USDT') follows the number.
 *
 * @example
 * formatMoney('es', { amount: '1000.00', currency: 'EUR' }); // '1000,00 €'
 * formatMoney('ua', { amount: '10.5', currency: 'EUR' });    // '10,50 EUR'
 */
export function formatMoney(language: Language, money: MoneyValue): string {
  const locale = isoLanguage(language);
  const text = money.amount.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return money.amount;
  const digits = Math.min(text.split('.')[1]?.length ?? 0, 20);
  const decimal = text as `${number}`;
  if (/^[A-Z]{3}$/.test(money.currency)) {
    const usual = new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }).resolvedOptions().minimumFractionDigits ?? 2;
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: money.currency,
      minimumFractionDigits: usual,
      maximumFractionDigits: Math.max(usual, digits),
    }).format(decimal);
  }
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: Math.max(2, digits) }).format(decimal);
  return money.currency ? `${number} ${money.currency}` : number;
}

/**
 * The texts of a language, from the locale files (documents' own under `pdf.`, the server's answers
 * under `server.`, the application's enumerations such as `enums.transferStatus`), with `{{name}}`
 * filled in (money as the language writes it). A key missing in the language is taken from English;
 * a key missing there too is a programming error and throws.
 *
 * @example
 * const t = localeTexts('ru');
 * t('pdf.statement.title'); // 'Выписка по счёту'
 * t('server.limits.perTransaction', { limit: { amount: '10000.00', currency: 'EUR' } }); // 'За один раз можно отправить не больше 10 000,00 €.'
 * t.value('enums.transferStatus', 'completed'); // 'Выполнен'
 */
export function localeTexts(language: Language): Texts {
  const show = (value: TextValues[string]): string => {
    if (typeof value !== 'object') return String(value);
    return 'key' in value ? t(value.key, value.values) : formatMoney(language, value);
  };
  const fill = (text: string, values: TextValues) =>
    text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
      const value = values[name];
      return value === undefined ? whole : show(value);
    });
  const t = (key: string, values: TextValues = {}): string => {
    const text = lookup(localeTree(language), key) ?? lookup(localeTree('en'), key);
    if (text === undefined) throw new Error(`The locale files have no text ${key}: add it in every language (locales/*/).`);
    return fill(text, values);
  };
  const has = (key: string) => lookup(localeTree(language), key) !== undefined || lookup(localeTree('en'), key) !== undefined;
  const value = (prefix: string, raw: string) => {
    const text = lookup(localeTree(language), `${prefix}.${raw}`) ?? lookup(localeTree('en'), `${prefix}.${raw}`);
    return text === undefined || text.includes('$t(') ? raw : text;
  };
  return Object.assign(t, { value, has });
}

/**
 * A keyed text worded in a language.
 *
 * @example
 * wordText('es', { key: 'server.accounts.defaultName', values: { currency: 'EUR' } }); // 'Cuenta en EUR'
 */
export const wordText = (language: Language, text: KeyedText): string => localeTexts(language)(text.key, text.values);

/**
 * A date as the language writes it ('26 ноября 2026 г.'), in UTC, from an ISO date or a Date.
 *
 * @example
 * formatDate('ru', '2026-11-26'); // '26 нояб. 2026 г.'
 */
export function formatDate(language: Language, date: Date | string): string {
  const value = typeof date === 'string' ? new Date(date.length === 10 ? `${date}T00:00:00Z` : date) : date;
  return new Intl.DateTimeFormat(isoLanguage(language), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(value);
}
