import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPOSITORY_ROOT } from '../../config/config.ts';

/** The product's languages, as locales/ names them (Ukrainian is 'ua'). */
export const DOCUMENT_LANGUAGES = ['en', 'es', 'pt', 'ro', 'ru', 'ua'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

const isLanguage = (value: string): value is DocumentLanguage => (DOCUMENT_LANGUAGES as readonly string[]).includes(value);

/** The ISO code a document's /Lang says: 'uk' for the product's 'ua'. */
export const isoLanguage = (language: DocumentLanguage) => (language === 'ua' ? 'uk' : language);

/**
 * The customer's language from a request's Accept-Language (the application sends the language the
 * customer chose, 'uk' for Ukrainian): the first of the product's languages it names, else `fallback`.
 *
 * @example
 * documentLanguage('ru-RU,ru;q=0.9,en;q=0.8', 'en'); // 'ru'
 * documentLanguage('uk', 'en'); // 'ua'
 */
export function documentLanguage(acceptLanguage: string | undefined, fallback: string): DocumentLanguage {
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
const loaded = new Map<DocumentLanguage, Tree>();

function merge(under: Tree, over: Tree): Tree {
  const merged: Tree = { ...under };
  for (const [key, value] of Object.entries(over)) {
    const before = merged[key];
    merged[key] = typeof value === 'object' && typeof before === 'object' ? merge(before, value) : value;
  }
  return merged;
}

/** All locale files of a language merged, as the application merges them. */
function tree(language: DocumentLanguage): Tree {
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

/** Words a document in one language; `t.value` words a value of an enumeration, or says it as it is. */
export interface DocumentTexts {
  (key: string, values?: Record<string, string | number>): string;
  value(prefix: string, value: string): string;
}

/**
 * The texts of documents in a language, from the locale files (documents' own under `pdf.` in
 * locales/<language>/pdf.json; the application's enumerations such as `enums.transferStatus`), with
 * `{{name}}` filled in. A key missing in the language is taken from English; a key missing there too
 * is a programming error and throws.
 *
 * @example
 * const t = documentTexts('ru');
 * t('pdf.statement.title'); // 'Выписка по счёту'
 * t.value('enums.transferStatus', 'completed'); // 'Выполнен'
 */
export function documentTexts(language: DocumentLanguage): DocumentTexts {
  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  const t = (key: string, values: Record<string, string | number> = {}) => {
    const text = lookup(tree(language), key) ?? lookup(tree('en'), key);
    if (text === undefined) throw new Error(`The locale files have no text ${key}: add it in every language (locales/*/pdf.json).`);
    return fill(text, values);
  };
  const value = (prefix: string, raw: string) => {
    const text = lookup(tree(language), `${prefix}.${raw}`) ?? lookup(tree('en'), `${prefix}.${raw}`);
    return text === undefined || text.includes('$t(') ? raw : text;
  };
  return Object.assign(t, { value });
}

/**
 * A date as the language writes it ('26 ноября 2026 г.'), in UTC, from an ISO date or a Date.
 *
 * @example
 * documentDate('ru', '2026-11-26'); // '26 нояб. 2026 г.'
 */
export function documentDate(language: DocumentLanguage, date: Date | string): string {
  const value = typeof date === 'string' ? new Date(date.length === 10 ? `${date}T00:00:00Z` : date) : date;
  return new Intl.DateTimeFormat(isoLanguage(language), { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(value);
}
