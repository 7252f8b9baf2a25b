/**
 * No English sentence written in server code reaches an answer or a message (issue 13, Words): a text
 * the server puts in what it sends (`message`, `responseDescription`, `description`, `title`, `text`,
 * `reason`, …) comes from the locale files, worded in the request's language. A literal sentence in
 * such a property fails here unless ALLOWED names it with the reason (it reaches no customer, or it is
 * binding in English). Refusals have their own guard (no-english-refusals.test.ts); demo seeds, whose
 * stored texts are the sample data, are not looked at.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../config/config.ts';

/** The properties whose text reaches a caller or a reader: the answers' and messages' fields, stored texts shown later. */
const PROPERTIES = new Set([
  'message',
  'responseDescription',
  'description',
  'title',
  'text',
  'body',
  'subject',
  'label',
  'heading',
  'reason',
  'declineReason',
  'decline_reason',
  'reject_reason',
  'last_error',
  'note',
  'counterparty',
]);

/**
 * Texts allowed in English, each with the reason: `file: text` (the literal, a template's parts joined by
 * spaces), or a whole `file`. Keyed by the text, not its line, so editing the file elsewhere keeps them.
 */
const ALLOWED: Record<string, string> = {
  'server/http/app-shell.ts: The application is not built: run `npm run build` (or set DIST_DIR to the folder that holds index.html).':
    'a developer running the server without a build, never a customer',
  'server/http/app-shell.ts: Nothing answers    : check the path and the method.':
    'a path nothing serves: a developer calling a wrong address, the application never asks for it',
  'server/metrics/metrics.ts: A metrics token is needed.': 'the operators’ metrics scraper',
  'server/verification/routes.ts: Bad signature.': 'the identity and signature providers’ webhooks',
  'server/verification/routes.ts: Unknown event: send one of  .': 'the identity and signature providers’ webhooks',
  'server/signin/routes.ts: unknown device secret': 'the sign-in log’s reason, read by operators',
  'server/webhooks/endpoints.ts: Webhook test': 'the ping’s payload, read by the merchant’s program that receives it',
  // Stored English still shown in a transfer's status: the transfers work keys these (issue 13), then they leave this list.
  'server/transfers/escrow.ts: Cancelled by the sender before the payee registered': 'to key with the transfers flows',
  'server/transfers/scheduler.ts: The first payment was not confirmed, so the later ones were canceled.': 'to key with the transfers flows',
};

/** Whether a found `file: text` is allowed, by its text or its whole file. */
const allowed = (where: string) => where in ALLOWED || where.slice(0, where.indexOf(': ')) in ALLOWED;

const SERVER = path.join(REPOSITORY_ROOT, 'server');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    const code = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts');
    return code && !/demo|seed/.test(entry.name) ? [full] : [];
  });
}

/** Two words of letters in a row: a sentence, not a code ('TA1'), a key ('server.cards.x') or a path. */
const SENTENCE = /\p{L}{2,}[ ,]+\p{L}{2,}/u;

/** Where `text` sets one of {@link PROPERTIES} to a literal sentence (template parts included): `name: text`. */
function englishTexts(name: string, text: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && PROPERTIES.has(node.name.getText(source))) {
      const value = node.initializer;
      const literal =
        ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)
          ? value.text
          : ts.isTemplateExpression(value)
            ? [value.head.text, ...value.templateSpans.map((span) => span.literal.text)].join(' ')
            : undefined;
      if (literal !== undefined && SENTENCE.test(literal)) {
        found.push(`${name}: ${literal}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('answers and messages come from the locale files', () => {
  it('finds a sentence in an answer, a template included, and leaves keys, codes and worded texts alone', () => {
    const sample = [
      "reply.code(404).send({ message: 'No such phone.' });",
      'reply.code(400).send({ message: `Unknown event: send one of ${events}.` });',
      "const refused = { responseCode: '13', responseDescription: 'Access denied' };",
      "reply.code(404).send({ message: requestTexts()('server.profile.noSuchPhone') });",
      "answer(reply, 'TA1', { responseDescription: codeDescription('TA1', language), label: 'server.cards.x', title: 'TA1' });",
      '// message: "Not a property, a comment."',
    ].join('\n');
    expect(englishTexts('sample.ts', sample)).toEqual(['sample.ts: No such phone.', 'sample.ts: Unknown event: send one of  .', 'sample.ts: Access denied']);
  });

  it('no answer or message in server/ carries an English sentence of its own', () => {
    const found = sourceFiles(SERVER).flatMap((file) =>
      englishTexts(path.relative(REPOSITORY_ROOT, file).split(path.sep).join('/'), readFileSync(file, 'utf8')),
    );
    expect(
      found.filter((where) => !allowed(where)),
      'Word these with a locale key (locales/*/server.json) in the request’s language, or allow them in ALLOWED with the reason',
    ).toEqual([]);
  });

  it('allows nothing that is no longer there', () => {
    const found = new Set(
      sourceFiles(SERVER).flatMap((file) => englishTexts(path.relative(REPOSITORY_ROOT, file).split(path.sep).join('/'), readFileSync(file, 'utf8'))),
    );
    expect(Object.keys(ALLOWED).filter((where) => ![...found].some((one) => one === where || one.startsWith(`${where}: `)))).toEqual([]);
  });
});
