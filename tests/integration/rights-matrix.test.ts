/**
 * The rights matrix, generated from the method declarations (issue 11, item 2): for every declared
 * method, every caller who lacks what the declaration asks is refused 13 before the handler runs, and
 * the database is unchanged. A new method is covered without writing a test: the cases come from the
 * API bundle, and a method whose access this test cannot classify fails it by name.
 *
 * Callers tried on Northwind (a business customer), by what the method declares:
 * - admin: a customer who is not an admin;
 * - customer with a business right: a business user holding every right but that one, and a
 *   representative (documents only) unless the right is documents;
 * - any customer method: a personal customer naming Northwind in Customer-Id (no access at all), and an
 *   admin who views Northwind without access of their own, for methods that change something.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeneratedArtifacts, type MethodDeclaration } from '../../server/rpc/api-bundle.ts';
import { declaredOperations } from '../../server/rpc/declared-rest.ts';
import { REPOSITORY_ROOT } from '../../server/config/config.ts';
import { ALL_BUSINESS_RIGHTS, type BusinessRight } from '../../server/db/schema.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, TEST_PASSWORD } from './ledger-support.ts';

const { bundle } = loadGeneratedArtifacts(path.join(REPOSITORY_ROOT, 'generated'));
const METHODS = Object.values(bundle.methods).sort((a, b) => a.name.localeCompare(b.name));
/** The REST paths that declare their access (x-access in schemas/api/rest.openapi.json). */
const OPERATIONS = declaredOperations(bundle.rest as unknown as Parameters<typeof declaredOperations>[0]);

/**
 * Tables a refused call may still write: the audit log (every call leaves a row) and the session a
 * signed-in call touches (last seen). Everything else must be as it was.
 */
const WRITTEN_BY_ANY_CALL = new Set(['audit_log', 'sessions', 'kysely_migration', 'kysely_migration_lock']);

type Caller = { name: string; tokens: Tokens; customerId?: number };

for (const backend of BACKENDS) {
  describe(`rights matrix on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let northwindId: number;
    let anna: Tokens;
    let admin: Tokens;
    const lacking = new Map<BusinessRight, Tokens>();
    let representative: Tokens;

    /** A user of Northwind holding exactly `rights`, signed in. */
    const businessUser = async (name: string, rights: BusinessRight[]) => {
      const { userId, email } = await createPersonalCustomer(test.server.db, name);
      await test.server.db.insertInto('customer_access').values({ user_id: userId, customer_id: northwindId, rights }).execute();
      return client.signIn(email, TEST_PASSWORD);
    };

    /** Row counts and a digest of every table's rows, but those any call writes. */
    const snapshot = async () => {
      const tables = await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(
        test.server.db,
      );
      const digests: Record<string, string> = {};
      for (const { name } of tables.rows) {
        if (WRITTEN_BY_ANY_CALL.has(name)) continue;
        const { rows } = await sql<{
          digest: string | null;
          n: number;
        }>`select md5(string_agg(t::text, '|' order by t::text)) as digest, count(*)::int as n from ${sql.table(name)} t`.execute(test.server.db);
        digests[name] = `${rows[0]!.n}:${rows[0]!.digest}`;
      }
      return digests;
    };

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      const northwind = await test.server.db.selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.business).executeTakeFirstOrThrow();
      northwindId = northwind.customer_id!;
      anna = await client.signIn(DEMO_LOGINS.personal);
      admin = await client.signIn(DEMO_LOGINS.admin);
      for (const right of ALL_BUSINESS_RIGHTS)
        lacking.set(
          right,
          await businessUser(
            `no-${right}`,
            ALL_BUSINESS_RIGHTS.filter((held) => held !== right),
          ),
        );
      representative = await businessUser('representative', ['documents']);
    }, 120_000);
    afterAll(() => test?.close());

    /** Who must be refused for a method, by its declaration. */
    const refusedCallers = (method: MethodDeclaration): Caller[] => {
      if (method.access === 'public') return [];
      if (method.access === 'admin') return [{ name: 'a customer who is not an admin', tokens: anna }];
      if (method.access !== 'customer' || !method.businessRight)
        throw new Error(`${method.name}: cannot classify its access (${method.access}, ${String(method.businessRight)}); declare access and businessRight`);
      const callers: Caller[] = [{ name: 'a personal customer naming Northwind', tokens: anna, customerId: northwindId }];
      if (!method.readOnly) callers.push({ name: 'an admin viewing Northwind', tokens: admin, customerId: northwindId });
      if (method.businessRight !== 'any') {
        callers.push({ name: `a Northwind user without ${method.businessRight}`, tokens: lacking.get(method.businessRight)!, customerId: northwindId });
        if (method.businessRight !== 'documents')
          callers.push({ name: 'a Northwind representative (documents only)', tokens: representative, customerId: northwindId });
      }
      return callers;
    };

    it('refuses 13 to every caller a declaration leaves out, for every method, and changes nothing', async () => {
      const before = await snapshot();
      const wrong: string[] = [];
      let attempts = 0;
      for (const method of METHODS) {
        for (const caller of refusedCallers(method)) {
          attempts += 1;
          const answer = await client.rpc(
            method.name,
            {},
            { token: caller.tokens.accessToken, ...(caller.customerId ? { customerId: caller.customerId } : {}) },
          );
          if (answer.body?.responseCode !== '13')
            wrong.push(`${method.name} for ${caller.name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
        }
      }
      const after = await snapshot();
      const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
      const counts = { public: 0, customer: 0, admin: 0 };
      for (const method of METHODS) counts[method.access] += 1;
      console.log(
        `[${backend.name}] rights matrix: ${METHODS.length} methods (${counts.customer} customer, ${counts.admin} admin, ${counts.public} public), ${attempts} refused-caller attempts, ${attempts - wrong.length} refused 13, ${changed.length} tables changed`,
      );
      expect(wrong).toEqual([]);
      expect(changed).toEqual([]);
    });

    it('refuses every declared REST path to every caller its x-access leaves out, before its handler, and changes nothing', async () => {
      expect(OPERATIONS.length).toBeGreaterThan(0);
      const before = await snapshot();
      const wrong: string[] = [];
      for (const operation of OPERATIONS) {
        // Any id and the body's required customerId: the refusal must come before the input is read.
        const url = `${test.url}${operation.path.replace(/\{[^}]+\}/g, '1')}?customerId=${northwindId}`;
        const send = (authorization?: string) =>
          fetch(url, {
            method: operation.verb,
            headers: {
              ...(authorization ? { authorization } : {}),
              ...(operation.verb === 'GET' || operation.verb === 'DELETE' ? {} : { 'content-type': 'application/json' }),
            },
            ...(operation.verb === 'GET' || operation.verb === 'DELETE' ? {} : { body: JSON.stringify({ customerId: northwindId }) }),
          });
        if (operation.access === 'apiKey') {
          // Neither no key nor a signed-in user's access token opens the merchant API.
          for (const [name, authorization] of [
            ['no key', undefined],
            ['an access token', `Bearer ${anna.accessToken}`],
          ] as const) {
            const answer = await send(authorization);
            if (answer.status !== 401) wrong.push(`${operation.name} with ${name}: ${answer.status} ${(await answer.text()).slice(0, 160)}`);
          }
          continue;
        }
        const declaration = {
          name: operation.name,
          access: operation.access,
          readOnly: operation.readOnly,
          ...(operation.businessRight ? { businessRight: operation.businessRight } : {}),
        };
        for (const caller of refusedCallers(declaration as MethodDeclaration)) {
          const answer = await send(`Bearer ${caller.tokens.accessToken}`);
          const body = (await answer.json()) as { responseCode?: string };
          if (answer.status !== 403 || body.responseCode !== '13')
            wrong.push(`${operation.name} for ${caller.name}: ${answer.status} ${JSON.stringify(body).slice(0, 160)}`);
        }
      }
      const changed = Object.entries(await snapshot()).filter(([table, digest]) => before[table] !== digest);
      expect(wrong).toEqual([]);
      expect(changed).toEqual([]);
    });

    it("keeps the demo clerk (transfer requests only) out of Northwind's profile, contact data and security settings, while its owner may", async () => {
      const clerk = await client.signIn('clerk@example.com');
      const owner = await client.signIn(DEMO_LOGINS.business);
      const attempts: Array<[string, object]> = [
        ['profileUpdate', { email: 'clerk@example.com' }],
        ['taxNumberUpdate', { taxNumber: '123' }],
        ['emailAdd', { email: 'clerk-owned@example.com' }],
        ['addressAdd', { address1: '1 Clerk Street', city: 'London', countryCode: 'GB', addressType: 1 }],
        ['ipAccessAdd', { ip: '203.0.113.7' }],
        ['ipAccessModeSet', { enabled: true }],
        ['blacklistAdd', { email: 'owner@example.com', blockType: 'p2p' }],
        ['phoneAdd', { countryCode: '+44', number: '7700900123' }],
        ['phoneSetPrimary', { phoneId: 1 }],
      ];
      const before = await snapshot();
      for (const [method, params] of attempts) {
        expect((await client.rpc(method, params, { token: clerk.accessToken, customerId: northwindId })).body.responseCode, method).toBe('13');
      }
      expect(await snapshot()).toEqual(before);
      // The owner (top rights) is not stopped by the rights check.
      expect((await client.rpc('ipAccessList', {}, { token: owner.accessToken, customerId: northwindId })).body.responseCode).toBe('00');
    });

    it('lets a Northwind user who holds the right past the rights check, for every method that names one', async () => {
      const passed: string[] = [];
      for (const method of METHODS) {
        if (method.access !== 'customer' || !method.businessRight || method.businessRight === 'any') continue;
        // The user lacking some other right holds this one.
        const other = ALL_BUSINESS_RIGHTS.find((right) => right !== method.businessRight)!;
        const answer = await client.rpc(method.name, {}, { token: lacking.get(other)!.accessToken, customerId: northwindId });
        if (answer.body?.responseCode === '13' && /Access denied/.test(answer.body.responseDescription)) passed.push(method.name);
      }
      expect(passed).toEqual([]);
    });
  });
}
