/**
 * Schema-derived fuzzing of every declared method (issue 11, item 5): for each method, a caller who may
 * call it sends payloads made from its own request schema with one field at a time set to a hostile
 * value: integers past PostgreSQL's, wrong types, NUL and lone surrogates, huge and deeply nested
 * values, unknown fields. No answer may be a 5xx or UE; a refusal on a field names it. The cases come
 * from the API bundle, so a new method is fuzzed without a line here. Bounded: a fixed list of values,
 * one server, on PostgreSQL (FUZZED_BACKENDS).
 *
 * The REST paths (the token service's schemas/api/rest.openapi.json, `rest` in the bundle, and the
 * session rules' schemas/api/session-rules.openapi.json) are fuzzed the
 * same way: every operation, anonymously and with a signed-in customer's credentials, with each path
 * and header parameter set to a hostile value, and each top-level body property (and an unknown one,
 * and the whole body) set to each hostile value inside a body otherwise made valid from the operation's
 * own schema, so the hostile value gets past the checks of the other fields. No answer may be a 5xx.
 *
 * Both change nothing they refuse: every table but those written by design (WRITTEN_BY_DESIGN) is the
 * same after each method's (each operation's) requests as before. A method that accepts a payload made
 * of hostile values may do what it is for (a funding invoice of "2147483648" is an invoice), if it may
 * write at all; then its refused payloads are sent again between two snapshots, which must be equal.
 */
import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeneratedArtifacts, type JsonSchema } from '../../server/rpc/api-bundle.ts';
import { REPOSITORY_ROOT } from '../../server/config/config.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { createSchemaValidator } from '../../server/http/json-schema.ts';
import { ApiClient, type Json, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

/**
 * PostgreSQL only, the production database. What is fuzzed is the server's checks of its input, which run before
 * any statement and are the same code on either back-end. The PGlite run was a tenth of the integration suite's
 * time and found nothing the PostgreSQL run did not. Every other integration file runs on both.
 */
const FUZZED_BACKENDS = BACKENDS.filter((backend) => backend.name === 'PostgreSQL');

const { bundle } = loadGeneratedArtifacts(path.join(REPOSITORY_ROOT, 'generated'));
const METHODS = Object.values(bundle.methods).sort((a, b) => a.name.localeCompare(b.name));

/** Raw JSON texts, so lone surrogates and huge numbers travel exactly as an attacker would send them. */
const HOSTILE: string[] = [
  '0',
  '-1',
  '2147483648',
  '-2147483649',
  '9007199254740992',
  '1e308',
  '1.5',
  '"2147483648"',
  '""',
  '"   "',
  '"a\\u0000b"',
  '"x\\ud800"',
  '"\\udfff"',
  `"${'x'.repeat(70_000)}"`,
  'true',
  'null',
  '[]',
  '{}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  '"99999999999999999.99"',
];

/** Path and header parameter values, as they appear in the URL (so '%00' arrives as NUL). */
const HOSTILE_PARAMETERS: string[] = ['2147483648', '-1', '0', 'abc', '%00', '9007199254740992', 'x'.repeat(300)];

/**
 * Tables a request may write by design however it is answered, so the snapshot leaves them out: the
 * audit log (every RPC call leaves a row), sessions (a signed-in call records when it was last seen),
 * and the failed attempts a refused /auth/login counts per login and per address (the throttle).
 * Everything else must be as it was.
 */
const WRITTEN_BY_DESIGN = new Set([
  'audit_log',
  'sessions',
  'login_attempts',
  'login_address_attempts',
  'call_counts',
  'kysely_migration',
  'kysely_migration_lock',
  // An account's payment instructions are made the first time anything reads them (a pure function of the account
  // id, server/accounts/payment-instructions.ts), so a read-only method such as accountConfirmationLetter adds them.
  'payment_instructions',
]);

/**
 * Columns written by design however the request is answered: a linked device that presents its secret
 * (X-Device-Secret) is recorded as active even when what it confirms is unknown.
 */
const COLUMNS_WRITTEN_BY_DESIGN: Record<string, string[]> = { devices: ['last_activity_at'] };

/** The property names a request schema names at its top level, through allOf/anyOf/oneOf. */
function propertiesOf(schema: JsonSchema): string[] {
  const names = new Set<string>(Object.keys((schema.properties as object | undefined) ?? {}));
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const branch of (schema[key] as JsonSchema[] | undefined) ?? []) for (const name of propertiesOf(branch)) names.add(name);
  }
  return [...names].filter((name) => (schema.properties as Record<string, unknown> | undefined)?.[name] !== false);
}

// ---- the REST operations, from the OpenAPI document -------------------------------------------

interface Parameter {
  name: string;
  in: 'path' | 'header' | 'query' | 'cookie';
  required?: boolean;
}

interface Operation {
  /** e.g. 'PUT /auth/login/{key}/confirm' */
  name: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON request body's schema, $refs inlined; undefined when the operation takes none. */
  body?: JsonSchema;
  /** A body valid for `body`, made from the schema: the frame each hostile value is put in. */
  validBody?: Record<string, unknown>;
}

interface DeclaredOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type OpenApiDocument = { paths: Record<string, { parameters?: Parameter[] } & Record<string, DeclaredOperation | undefined>> };
/** Every REST document the server answers: the token service's (from the bundle) and the session rules'. */
const REST_DOCUMENTS: Array<{ file: string; document: OpenApiDocument }> = [
  { file: 'rest.openapi.json', document: bundle.rest as unknown as OpenApiDocument },
  { file: 'session-rules.openapi.json', document: bundle.sessionRules as unknown as OpenApiDocument },
];
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** `node` with every local $ref ('#/components/...') of its OpenAPI document inlined. */
function inline(node: unknown, from: { file: string; document: OpenApiDocument }, seen: string[] = []): Json {
  if (Array.isArray(node)) return node.map((item) => inline(item, from, seen));
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  if (typeof $ref === 'string') {
    if (!$ref.startsWith('#/') || seen.includes($ref)) throw new Error(`${from.file}: cannot inline $ref ${$ref}`);
    const target = $ref
      .slice(2)
      .split('/')
      .reduce<Json>((at, segment) => at?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')], from.document);
    if (target === undefined) throw new Error(`${from.file}: nothing at ${$ref}`);
    return { ...inline(target, from, [...seen, $ref]), ...inline(rest, from, seen) };
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(value, from, seen)]));
}

/**
 * A value `schema` accepts, made from what it declares: its first example, const or enum value, or
 * the smallest value of its type that meets its length, range, format and pattern. Objects get their
 * required properties (and those of the first oneOf/anyOf branch). Undefined when none is found, so
 * an operation whose body cannot be made fails by name rather than being fuzzed with a refused frame.
 */
function validValue(schema: JsonSchema): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object') || schema.properties) {
    const branch = ((schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined)?.[0] ?? {};
    const required = new Set([...((schema.required as string[] | undefined) ?? []), ...((branch.required as string[] | undefined) ?? [])]);
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    return Object.fromEntries([...required].map((name) => [name, validValue(properties[name] ?? {})]));
  }
  if (types.includes('boolean')) return false;
  if (types.includes('integer') || types.includes('number')) return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (types.includes('array'))
    return Array.from({ length: typeof schema.minItems === 'number' ? schema.minItems : 0 }, () => validValue((schema.items as JsonSchema | undefined) ?? {}));
  if (types.includes('string')) {
    if (schema.format === 'email') return 'fuzz@example.com';
    const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
    const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
    for (const length of [min, 6, 2, 4, 8, 20, 36, 43]) {
      if (length < min || (typeof schema.maxLength === 'number' && length > schema.maxLength)) continue;
      for (const char of ['0', 'a', 'A']) if (!pattern || pattern.test(char.repeat(length))) return char.repeat(length);
    }
  }
  return undefined;
}

const OPERATIONS: Operation[] = REST_DOCUMENTS.flatMap((from) => Object.entries(from.document.paths).map(([route, item]) => ({ from, route, item })))
  .flatMap(({ from, route, item }) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method]!;
      const parameters = inline([...(item.parameters ?? []), ...(operation.parameters ?? [])], from) as Parameter[];
      const content = operation.requestBody?.content;
      if (content && !content['application/json'])
        throw new Error(`${method.toUpperCase()} ${route}: only JSON request bodies are fuzzed; teach this test the others`);
      const schema = content?.['application/json']?.schema;
      const body = schema ? (inline(schema, from) as JsonSchema) : undefined;
      let validBody: Record<string, unknown> | undefined;
      if (body) {
        validBody = validValue(body) as Record<string, unknown>;
        if (!createSchemaValidator().validate(body, validBody)) {
          throw new Error(
            `${method.toUpperCase()} ${route}: cannot make a valid body from its schema (made ${JSON.stringify(validBody)}); give the schema an example`,
          );
        }
      }
      return { name: `${method.toUpperCase()} ${route}`, method: method.toUpperCase(), path: route, parameters, body, validBody };
    }),
  )
  .sort((a, b) => a.name.localeCompare(b.name));

/** A JSON object text: `frame` with `field` set to the raw JSON text `raw`. */
function bodyText(frame: Record<string, unknown>, field: string, raw: string): string {
  const entries = Object.entries(frame)
    .filter(([name]) => name !== field)
    .map(([name, value]) => [name, JSON.stringify(value)]);
  return `{${[...entries, [field, raw]].map(([name, text]) => `${JSON.stringify(name)}:${text}`).join(',')}}`;
}

/** What one fuzzing found, for its summary line. */
interface Findings {
  tried: number;
  refused: number;
  accepted: number;
  failures: string[];
  /** Methods (operations) that accepted some hostile payload and wrote, with what they changed. */
  acceptedWrites: string[];
}

for (const backend of FUZZED_BACKENDS) {
  describe(`fuzzing every method on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let admin: Tokens;
    /** What a signed-in caller sends in each declared header parameter, by lower-case name. */
    let signedInHeaders: Record<string, string>;

    /**
     * The one statement that gives row counts and a digest of every table's rows, but the tables and columns written
     * by design (made once the server has its tables): one statement, not some 150 a snapshot.
     */
    let snapshotQuery: RawBuilder<{ name: string; n: number; digest: string | null }>;
    const snapshot = async () => {
      const { rows } = await snapshotQuery.execute(test.server.db);
      return Object.fromEntries(rows.map((row) => [row.name, `${row.n}:${row.digest}`]));
    };
    const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
      [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((table) => before[table] !== after[table]);

    /**
     * Sends one method's (one operation's) requests between two snapshots. Tables may change only when
     * a request was accepted and the method may write; then the refused requests are sent again between
     * two more snapshots, which must be equal, so no refusal writes anything.
     */
    const fuzzOne = async <T>(
      name: string,
      mayWrite: boolean,
      requests: T[],
      send: (request: T, again: boolean) => Promise<'accepted' | 'refused'>,
      findings: Findings,
    ) => {
      const before = await snapshot();
      const refused: T[] = [];
      let accepted = 0;
      for (const request of requests) {
        findings.tried += 1;
        if ((await send(request, false)) === 'accepted') accepted += 1;
        else refused.push(request);
      }
      findings.accepted += accepted;
      findings.refused += refused.length;
      const changed = changedTables(before, await snapshot());
      if (!changed.length) return;
      if (!accepted || !mayWrite) {
        findings.failures.push(`${name} changed ${changed.join(', ')} though it ${accepted ? 'may not write' : 'refused every request'}`);
        return;
      }
      findings.acceptedWrites.push(`${name}: ${accepted} accepted, changing ${changed.join(', ')}`);
      const beforeAgain = await snapshot();
      for (const request of refused) await send(request, true);
      const changedByRefusals = changedTables(beforeAgain, await snapshot());
      if (changedByRefusals.length) findings.failures.push(`${name}: its refused requests changed ${changedByRefusals.join(', ')}`);
    };
    const noFindings = (): Findings => ({ tried: 0, refused: 0, accepted: 0, failures: [], acceptedWrites: [] });

    beforeAll(async () => {
      test = await startTestServer(backend);
      const tables = await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(
        test.server.db,
      );
      const digests = tables.rows
        .filter(({ name }) => !WRITTEN_BY_DESIGN.has(name))
        .map(({ name }) => {
          const row = (COLUMNS_WRITTEN_BY_DESIGN[name] ?? []).reduce((json, column) => sql`(${json} - ${sql.lit(column)}::text)`, sql`to_jsonb(t)`);
          return sql`select ${sql.lit(name)}::text as name, count(*)::int as n, md5(string_agg(${row}::text, '|' order by ${row}::text)) as digest from ${sql.table(name)} t`;
        });
      snapshotQuery = sql`${sql.join(digests, sql` union all `)}`;
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      admin = await client.signIn(DEMO_LOGINS.admin);
      // Anna's phone, so the operations a linked device calls (X-Device-Secret) get past the device check.
      const phone = await client.post(
        '/auth/devices',
        { name: 'Fuzz phone', code: 'fuzz-phone', type: 'android' },
        { authorization: `Bearer ${anna.accessToken}` },
      );
      if (phone.status !== 201) throw new Error(`linking Anna's phone answered ${phone.status}: ${JSON.stringify(phone.body)}`);
      // A money-moving REST path's Idempotency-Key: fresh per request would hide nothing here, the body varies.
      signedInHeaders = { authorization: `Bearer ${anna.accessToken}`, 'x-device-secret': phone.body.secret, 'idempotency-key': 'fuzz-key-0001' };
    }, 120_000);
    afterAll(() => test?.close());

    const send = async (method: string, fields: Array<[string, string]>, token?: string) => {
      const body = `{${[['method', JSON.stringify(method)], ...fields].map(([name, raw]) => `${JSON.stringify(name)}:${raw}`).join(',')}}`;
      const response = await fetch(`${test.url}/api?method=${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      });
      return { status: response.status, body: await response.json() };
    };

    it('never answers 5xx or UE, names the field of every refusal, and writes nothing it refuses', async () => {
      const findings = noFindings();
      let invalid = 0;
      for (const method of METHODS) {
        const token = method.access === 'public' ? undefined : method.access === 'admin' ? admin.accessToken : anna.accessToken;
        const cases = [...propertiesOf(method.request), 'unknownField'].flatMap((field) => HOSTILE.map((raw) => ({ field, raw })));
        await fuzzOne(
          method.name,
          !method.readOnly,
          cases,
          async ({ field, raw }, again) => {
            const answer = await send(method.name, [[field, raw]], token);
            const code = answer.body?.responseCode;
            const where = `${method.name}.${field} = ${raw.slice(0, 40)}`;
            if (answer.status >= 500 || code === 'UE') findings.failures.push(`${where}: ${answer.status} ${code}`);
            else if (code === 'TA1' && !again) {
              invalid += 1;
              const errors: Array<{ field: unknown }> = answer.body.validationErrors ?? [];
              if (!errors.length || !errors.every((error) => typeof error.field === 'string')) findings.failures.push(`${where}: TA1 without field names`);
            }
            return code === '00' ? 'accepted' : 'refused';
          },
          findings,
        );
      }
      console.log(
        `[${backend.name}] fuzz: ${METHODS.length} methods, ${findings.tried} requests, ${invalid} refused TA1, ${findings.accepted} accepted, ${findings.failures.length} failures`,
      );
      for (const line of findings.acceptedWrites) console.log(`  accepted and wrote: ${line}`);
      expect(findings.failures).toEqual([]);
    }, 600_000);

    it('never answers 5xx on any REST path, anonymous or signed in, and writes nothing it refuses', async () => {
      const findings = noFindings();
      const callers = [
        { name: 'anonymous', headers: {} as Record<string, string> },
        { name: 'signed in', headers: signedInHeaders },
      ];
      for (const operation of OPERATIONS) {
        for (const parameter of operation.parameters) {
          if (parameter.in !== 'path' && parameter.in !== 'header' && parameter.in !== 'query')
            throw new Error(`${operation.name}: ${parameter.in} parameter ${parameter.name} is not fuzzed; teach this test`);
          if (parameter.in === 'header' && signedInHeaders[parameter.name.toLowerCase()] === undefined)
            throw new Error(`${operation.name}: no signed-in value for header ${parameter.name}; teach this test`);
        }
        type Case = { caller: (typeof callers)[number]; label: string; parameter?: [Parameter, string]; body?: string };
        const cases: Case[] = callers.flatMap((caller) => [
          { caller, label: 'as declared' },
          ...operation.parameters.flatMap((parameter) =>
            HOSTILE_PARAMETERS.map((raw): Case => ({ caller, label: `${parameter.name} = ${raw.slice(0, 20)}`, parameter: [parameter, raw] })),
          ),
          ...(operation.body
            ? [
                ...[...propertiesOf(operation.body), 'unknownField'].flatMap((field) =>
                  HOSTILE.map((raw): Case => ({ caller, label: `${field} = ${raw.slice(0, 20)}`, body: bodyText(operation.validBody!, field, raw) })),
                ),
                ...HOSTILE.map((raw): Case => ({ caller, label: `body = ${raw.slice(0, 20)}`, body: raw })),
              ]
            : []),
        ]);
        await fuzzOne(
          operation.name,
          !['GET', 'HEAD', 'OPTIONS'].includes(operation.method),
          cases,
          async ({ caller, label, parameter: hostile, body }) => {
            const value = (parameter: Parameter) =>
              hostile?.[0] === parameter ? hostile[1] : parameter.in === 'path' ? '1' : caller.headers[parameter.name.toLowerCase()];
            const url = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
              value(operation.parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)!)!,
            );
            // A query parameter is sent only as the hostile value under test: every declared one is optional.
            const query = hostile?.[0].in === 'query' ? `?${encodeURIComponent(hostile[0].name)}=${encodeURIComponent(hostile[1])}` : '';
            const headers: Record<string, string> = caller.headers.authorization ? { authorization: caller.headers.authorization } : {};
            for (const parameter of operation.parameters) {
              const header = parameter.in === 'header' ? value(parameter) : undefined;
              if (header !== undefined) headers[parameter.name] = header;
            }
            const text = body ?? (operation.validBody ? JSON.stringify(operation.validBody) : undefined);
            if (text !== undefined) headers['content-type'] = 'application/json';
            const where = `${operation.name} ${caller.name}, ${label}`;
            try {
              const response = await fetch(`${test.url}${url}${query}`, { method: operation.method, headers, ...(text !== undefined ? { body: text } : {}) });
              const answer = await response.text();
              if (response.status >= 500) findings.failures.push(`${where}: ${response.status} ${answer.slice(0, 120)}`);
              return response.status < 400 ? 'accepted' : 'refused';
            } catch (error) {
              findings.failures.push(`${where}: ${(error as Error).message}`);
              return 'refused';
            }
          },
          findings,
        );
      }
      console.log(
        `[${backend.name}] REST fuzz: ${REST_DOCUMENTS.reduce((sum, from) => sum + Object.keys(from.document.paths).length, 0)} paths (${OPERATIONS.length} operations), ${findings.tried} requests, ${findings.refused} refused (4xx), ${findings.accepted} accepted, ${findings.failures.length} failures`,
      );
      for (const line of findings.acceptedWrites) console.log(`  accepted and wrote: ${line}`);
      expect(findings.failures).toEqual([]);
    }, 600_000);
  });
}
