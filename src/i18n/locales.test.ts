import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ownMessages, responseCodes } from '../errors/catalogue.ts';
import { languages } from './languages.ts';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });
/** The files of one language: one per product area, by area name. */
const filesOf = (language: string) =>
  Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.startsWith(`../../locales/${language}/`))
      .map(([path, tree]) => [path.slice(`../../locales/${language}/`.length), tree]),
  );
const locale = (language: string): Tree => Object.assign({}, ...Object.values(filesOf(language)).map((tree) => flatten(tree))) as Tree;

const specs = Object.values(import.meta.glob<string>('../../screens/*.yaml', { eager: true, query: '?raw', import: 'default' })).map(
  (text) => parse(text) as unknown,
);

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

/** Every i18n key a screen spec names: titles, descriptions, labels, notices, empty texts, questions, templates. */
function keysOfSpecs(node: unknown, parentKey = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((item) => keysOfSpecs(item, parentKey));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => {
    const isTextKey = [
      'title',
      'description',
      'label',
      'notice',
      'emptyText',
      'confirm',
      'confirmTitle',
      'confirmYes',
      'confirmNo',
      'template',
      'rowHeader',
      'switchLabel',
      'itemTitle',
      'addLabel',
      'intro',
      'mineAuthor',
    ].includes(key);
    // A dashboard card's title, an option source's label and a row list's title name a field, not a text.
    if (isTextKey && typeof value === 'string' && !['card', 'source', 'list'].includes(parentKey)) return [value];
    return keysOfSpecs(value, key);
  });
}

/** Every field a form or filter of a screen spec lists. */
function fieldsOfSpecs(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(fieldsOfSpecs);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'fields' && Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : fieldsOfSpecs(value),
  );
}

/** The fields of every column a spec shows without a label of its own: their header is `fields.<field>`. */
function unlabelledColumnsOfSpecs(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(unlabelledColumnsOfSpecs);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'columns' && Array.isArray(value)
      ? value.flatMap((column: { field?: unknown; label?: unknown }) => (typeof column.field === 'string' && !column.label ? [column.field] : []))
      : unlabelledColumnsOfSpecs(value),
  );
}

const english = flatten(locale('en'));

describe('locales', () => {
  it.each(languages)('%s has the same area files as English, and no key in two of them', (language) => {
    expect(Object.keys(filesOf(language)).sort()).toEqual(Object.keys(filesOf('en')).sort());
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [area, tree] of Object.entries(filesOf(language))) {
      for (const key of Object.keys(flatten(tree))) {
        if (seen.has(key)) twice.push(`${key} (${seen.get(key)} and ${area})`);
        seen.set(key, area);
      }
    }
    expect(twice).toEqual([]);
  });

  it.each(languages)('%s has exactly the keys of English', (language) => {
    expect(Object.keys(flatten(locale(language))).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(languages.filter((language) => language !== 'en'))('%s is translated, not copied', (language) => {
    const texts = flatten(locale(language));
    const same = Object.keys(english).filter((key) => texts[key] === english[key] && !key.startsWith('engine.'));
    // Some words are the same in both languages ('Menu', 'E-mail', 'Transfer'); whole screens are not.
    expect(same.length / Object.keys(english).length).toBeLessThan(0.1);
  });

  it('has a text for every response code and every message of our own', () => {
    for (const code of responseCodes) expect(english[`errors.codes.${code}`], code).toBeTruthy();
    for (const key of Object.values(ownMessages)) expect(english[key], key).toBeTruthy();
  });

  it('labels every field a screen spec shows', () => {
    const fields = specs.flatMap((spec) => fieldsOfSpecs(spec));
    expect(fields).toContain('username');
    expect(fields.filter((field) => !(`fields.${field}` in english))).toEqual([]);
  });

  it('labels every column a screen spec shows without a label of its own', () => {
    const columns = specs.flatMap((spec) => unlabelledColumnsOfSpecs(spec));
    expect(columns).toContain('fileName');
    expect([...new Set(columns.filter((field) => !(`fields.${field}` in english)))]).toEqual([]);
  });

  it('has every key the screen specs name', () => {
    const keys = specs.flatMap((spec) => keysOfSpecs(spec));
    expect(keys.length).toBeGreaterThan(10);
    // A key naming answer values (a result's 'orders.{{status}}Title') needs at least one key of its shape.
    const shaped = (key: string) =>
      new RegExp(
        `^${key
          .split(/\{\{[^}]+\}\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^.]+')}$`,
      );
    const known = (key: string) => (key.includes('{{') ? Object.keys(english).some((candidate) => shaped(key).test(candidate)) : key in english);
    expect(keys.filter((key) => !known(key))).toEqual([]);
  });
});
