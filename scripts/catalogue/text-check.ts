/**
 * What must never reach a customer's screen, found in the text a page shows: a translation key
 * (`session.rights.transfersApprove`), a validator's own English in another language (`must match pattern`),
 * a regular expression, or a raw error (`Failed to fetch`, `[object Object]`). Pure functions, so the screen
 * catalogue (scripts/catalogue/run.ts) and its tests share them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One text a page shows that it should not, and why. */
export interface Offender {
  kind: 'raw key' | 'validator text' | 'regular expression' | 'raw error' | 'English text' | 'still loading' | 'signed out' | 'axe';
  text: string;
}

/** What the checker knows of the language the page is in. */
export interface TextRules {
  language: string;
  /** Every key of every locale file, dotted (`session.rights.transfersApprove`). */
  keys: ReadonlySet<string>;
  /**
   * English sentences of the locale files (three words or more) whose translation in `language` differs:
   * seen on a page in that language, they are untranslated. Empty for English.
   */
  englishOnly: readonly string[];
}

/** A dotted identifier: two or more segments of letters and digits, the first starting lower case. */
const DOTTED = /(?<![\w@./:-])[a-z][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+(?![\w@/-]|\.\w)/g;
/** A program's identifier in a sentence: camelCase (`authorizeUrl`) or snake_case (`redirect_uri`). */
const IDENTIFIER = /(?<![\w@./:-])(?:[a-z]{2,}[A-Z][A-Za-z0-9]*|[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9])(?![\w@/-]|\.\w)/g;
/** The endings of file names and host names, which look like dotted identifiers and are not keys. */
const NOT_KEY_ENDING = /\.(com|org|net|io|dev|app|eu|uk|json|pdf|csv|png|svg|jpg|jpeg|txt|xml|html|zip)$/;

/** ajv's and the browser's own messages, English whatever the language. */
const VALIDATOR_PHRASES = [
  /\bmust (?:be|have|match|NOT|equal|contain|pass)\b/,
  /\bshould (?:be|have|match|NOT|equal)\b/,
  /\bis a required property\b/,
  /\bmust have required property\b/,
  /\bPlease (?:fill (?:in|out) this field|enter a valid|match the requested format)\b/,
];

/** Pieces of a regular expression: anchors around a pattern, escapes, classes with quantifiers, groups. */
const REGULAR_EXPRESSION = [/\^[^\s^$]{2,}\$/, /\\[dDwWsSbB]/, /\[[^\]\s]*[A-Za-z0-9]-[A-Za-z0-9][^\]\s]*\][+*?{]/, /\(\?[:=!<]/];

/** What a program prints when it fails, never what a product says. */
const RAW_ERRORS = [
  /\bFailed to fetch\b/,
  /\bNetworkError\b/,
  /\bLoad failed\b/,
  /\b(?:Type|Reference|Syntax|Range)Error\b/,
  /\[object \w+\]/,
  /\bUnexpected token\b/,
  /\bCannot read propert/,
  /\bis not a function\b/,
  /\bInternal Server Error\b/,
  /\bRequest failed with status\b/,
  /\bstatus code \d{3}\b/,
  /(?<![\w-])(?:undefined|NaN)(?![\w-])/,
  /\bat \w+ \(.*:\d+:\d+\)/,
];

/** Flattens locale JSON into dotted keys and their texts. */
function flatten(value: unknown, prefix: string, into: Map<string, string>): void {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  }
}

/**
 * Every key and text of one language: the application's area files (`locales/<lang>/*.json`) and the
 * engine's (`engine/locales/<lang>.json`).
 */
export function localeTexts(root: string, language: string): Map<string, string> {
  const texts = new Map<string, string>();
  const folder = path.join(root, 'locales', language);
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(path.join(folder, file), 'utf8')), '', texts);
  }
  flatten(JSON.parse(readFileSync(path.join(root, 'engine/locales', `${language}.json`), 'utf8')), '', texts);
  return texts;
}

/** The rules for pages in `language`, read from the project's locale files. */
export function textRules(root: string, language: string): TextRules {
  const english = localeTexts(root, 'en');
  const translated = language === 'en' ? english : localeTexts(root, language);
  const keys = new Set([...english.keys(), ...translated.keys()]);
  const englishOnly =
    language === 'en'
      ? []
      : [...english]
          .filter(([key, text]) => !text.includes('{{') && text.trim().split(/\s+/).length >= 3 && translated.get(key) !== text)
          .map(([, text]) => text);
  return { language, keys, englishOnly: [...new Set(englishOnly)] };
}

/** Whether a dotted identifier is a translation key or looks like one (camelCase, or three segments). */
function looksLikeKey(candidate: string, keys: ReadonlySet<string>): boolean {
  if (keys.has(candidate)) return true;
  if (NOT_KEY_ENDING.test(candidate)) return false;
  const segments = candidate.split('.');
  return segments.length >= 3 || segments.some((segment) => /[a-z][A-Z]/.test(segment));
}

/**
 * The offenders in the texts one page shows (its visible text, placeholders and accessible names).
 *
 * @example
 * findOffenders(['Rights: session.rights.transfersApprove'], rules)
 * // [{ kind: 'raw key', text: 'session.rights.transfersApprove' }]
 */
export function findOffenders(texts: readonly string[], rules: TextRules): Offender[] {
  const found = new Map<string, Offender>();
  const add = (kind: Offender['kind'], text: string) => found.set(`${kind}:${text}`, { kind, text });
  for (const text of texts) {
    for (const match of text.matchAll(DOTTED)) if (looksLikeKey(match[0], rules.keys)) add('raw key', match[0]);
    // A part that is only a number (x86_64, a processor in a login's device) names no field.
    for (const match of text.matchAll(IDENTIFIER)) if (!/(^|_)[0-9]+(_|$)/.test(match[0])) add('raw key', match[0]);
    const lines = text.split('\n').map((line) => line.trim());
    for (const line of lines) {
      if (VALIDATOR_PHRASES.some((phrase) => phrase.test(line))) add('validator text', line);
      if (REGULAR_EXPRESSION.some((pattern) => pattern.test(line))) add('regular expression', line);
      if (RAW_ERRORS.some((pattern) => pattern.test(line))) add('raw error', line);
    }
    for (const sentence of rules.englishOnly) if (text.includes(sentence)) add('English text', sentence);
  }
  return [...found.values()];
}
