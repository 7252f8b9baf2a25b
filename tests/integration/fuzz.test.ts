/**
 * Schema-derived fuzzing of every declared method (issue 11, item 5): for each method, a caller who may
 * call it sends payloads made from its own request schema with one field at a time set to a hostile
 * value: integers past PostgreSQL's, wrong types, NUL and lone surrogates, huge and deeply nested
 * values, unknown fields. No answer may be a 5xx or UE; a refusal on a field names it. The cases come
 * from the API bundle, so a new method is fuzzed without a line here. Bounded: a fixed list of values,
 * one server per back-end.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeneratedArtifacts, type JsonSchema } from '../../server/api-bundle.ts';
import { REPOSITORY_ROOT } from '../../server/config.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const { bundle } = loadGeneratedArtifacts(path.join(REPOSITORY_ROOT, 'generated'));
const METHODS = Object.values(bundle.methods).sort((a, b) => a.name.localeCompare(b.name));

/** Raw JSON texts, so lone surrogates and huge numbers travel exactly as an attacker would send them. */
const HOSTILE: string[] = [
  '0', '-1', '2147483648', '-2147483649', '9007199254740992', '1e308', '1.5',
  '"2147483648"', '""', '"   "', '"a\\u0000b"', '"x\\ud800"', '"\\udfff"', `"${'x'.repeat(70_000)}"`,
  'true', 'null', '[]', '{}', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]', '"99999999999999999.99"',
];

/** The property names a request schema names at its top level, through allOf/anyOf/oneOf. */
function propertiesOf(schema: JsonSchema): string[] {
  const names = new Set<string>(Object.keys((schema.properties as object | undefined) ?? {}));
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const branch of (schema[key] as JsonSchema[] | undefined) ?? []) for (const name of propertiesOf(branch)) names.add(name);
  }
  return [...names].filter((name) => (schema.properties as Record<string, unknown> | undefined)?.[name] !== false);
}

for (const backend of BACKENDS) {
  describe.skipIf(backend.unavailable)(`fuzzing every method on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let admin: Tokens;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      admin = await client.signIn(DEMO_LOGINS.admin);
    });
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

    it('never answers 5xx or UE, and names the field of every refusal', async () => {
      const failures: string[] = [];
      let tried = 0;
      let refused = 0;
      for (const method of METHODS) {
        const token = method.access === 'public' ? undefined : method.access === 'admin' ? admin.accessToken : anna.accessToken;
        const fields = [...propertiesOf(method.request), 'unknownField'];
        for (const field of fields) {
          for (const raw of HOSTILE) {
            tried += 1;
            const answer = await send(method.name, [[field, raw]], token);
            const code = answer.body?.responseCode;
            if (answer.status >= 500 || code === 'UE') failures.push(`${method.name}.${field} = ${raw.slice(0, 40)}: ${answer.status} ${code}`);
            else if (code === 'TA1') {
              refused += 1;
              const named = (answer.body.validationErrors ?? []).every((error: { field: string }) => typeof error.field === 'string');
              if (!named) failures.push(`${method.name}.${field} = ${raw.slice(0, 40)}: TA1 without field names`);
            }
          }
        }
      }
      console.log(`[${backend.name}] fuzz: ${METHODS.length} methods, ${tried} requests, ${refused} refused TA1, ${failures.length} failures`);
      expect(failures).toEqual([]);
    }, 600_000);
  });
}
