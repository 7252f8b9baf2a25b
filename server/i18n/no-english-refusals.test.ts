/**
 * Every refusal the server sends is worded from the locale files (issue 13, Words): a `new RpcRefusal(`
 * in server/ says its text with a `key`, never with a `description` (English that reaches the screen
 * as it is), and every locale key the server names exists in every language. A description a refusal
 * must carry as it is goes in ALLOWED with the reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../config/config.ts';
import { LANGUAGES, localeTree } from './texts.ts';

/** `file:line` of refusals allowed to carry a description, each with the reason. */
const ALLOWED: Record<string, string> = {
  'server/rpc/declared-rest.ts:148': 'a body Fastify refused, worded in the request’s language by describeRefusedBody (server.rpc.body.*)',
};

const SERVER = path.join(REPOSITORY_ROOT, 'server');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Where a `new RpcRefusal(…)` in `text` carries a `description` (on itself or a field error): `name:line`. */
function describedRefusals(name: string, text: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const inspect = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
      if (node.name.getText(source) === 'description') found.push(`${name}:${lineOf(node)}`);
    }
    ts.forEachChild(node, inspect);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && node.expression.getText(source) === 'RpcRefusal') node.arguments?.slice(1).forEach(inspect);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The `server.…` and `messages.…` locale keys `text` names as plain strings. */
function namedKeys(name: string, text: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const keys: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && /^(server|messages)\.[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$/.test(node.text))
      keys.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return keys;
}

type Tree = { [key: string]: string | Tree };
const has = (tree: Tree, key: string) => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string';
};

describe('refusals come from the locale files', () => {
  const files = sourceFiles(SERVER).map((file) => ({ name: path.relative(REPOSITORY_ROOT, file), text: readFileSync(file, 'utf8') }));

  it('finds a description in a refusal and in its field errors, shorthand or literal', () => {
    const sample = [
      "throw new RpcRefusal('TA1', { description: 'Enter a name.' });",
      "const refuse = (description: string) => new RpcRefusal('VF', { validationErrors: [{ field: 'code', description }] });",
      "throw new RpcRefusal('TA1', { key: 'server.cards.enterName' });",
      "answer(reply, 'TA1', { description: 'not a refusal' });",
    ].join('\n');
    expect(describedRefusals('sample.ts', sample)).toEqual(['sample.ts:1', 'sample.ts:2']);
  });

  it('no refusal in server/ carries an English description', () => {
    const described = files.flatMap(({ name, text }) => describedRefusals(name, text)).filter((where) => !(where in ALLOWED));
    expect(described, 'Say these refusals with a locale key (locales/*/server.json), or allow them in ALLOWED with the reason').toEqual([]);
  });

  it('every locale key the server names (refusals, messages) exists in every language', () => {
    const keys = [...new Set(files.flatMap(({ name, text }) => namedKeys(name, text)))];
    expect(keys.length).toBeGreaterThan(100);
    for (const language of LANGUAGES) {
      const tree = localeTree(language);
      expect(
        keys.filter((key) => !has(tree, key)),
        `keys missing in locales/${language}`,
      ).toEqual([]);
    }
  });
});
