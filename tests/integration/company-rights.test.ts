/**
 * Company edits and the business rights of document 002 section 6 (issue 17, "What it must show"): each
 * edit of the company (its info, an address, the phone, an e-mail, a document upload, a representative
 * deleted, a user's access) is refused 13 to a user of Northwind holding every right but the one it
 * needs, changing nothing, and goes through for a user holding that right. The rights matrix
 * (rights-matrix.test.ts) proves the refusal for every method with empty params; this proves it with
 * params that would succeed, and that holding the right is enough.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_BUSINESS_RIGHTS, type BusinessRight } from '../../server/db/schema.ts';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { createPersonalCustomer, TEST_PASSWORD } from './ledger-support.ts';

const pdf = (name: string) => `data:application/pdf;name=${name};base64,${Buffer.from('%PDF-1.7 company document').toString('base64')}`;

for (const backend of BACKENDS) {
  describe(`company edits and business rights on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let northwindId: number;

    /** A user of Northwind holding exactly `rights`, signed in. */
    const businessUser = async (name: string, rights: BusinessRight[]) => {
      const { userId, email } = await createPersonalCustomer(test.server.db, name);
      await test.server.db.insertInto('customer_access').values({ user_id: userId, customer_id: northwindId, rights }).execute();
      return { userId, tokens: await client.signIn(email, TEST_PASSWORD) };
    };
    const call = async (method: string, params: object, tokens: Tokens) =>
      (await client.rpc(method, params, { token: tokens.accessToken, customerId: northwindId })).body as {
        responseCode: string;
        responseDescription: string;
      } & Record<string, unknown>;

    /** A digest of every table's rows, but the audit log and the sessions, which any call writes. */
    const snapshot = async () => {
      const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('audit_log', 'sessions') order by table_name`.execute(db());
      const digests: Record<string, string | null> = {};
      for (const { name } of tables.rows) {
        const { rows } = await sql<{
          digest: string | null;
        }>`select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(name)} t`.execute(db());
        digests[name] = rows[0]!.digest;
      }
      return digests;
    };

    /** Refused to a user lacking `right` (the database unchanged), then done by one holding it (`changed` reads what it changed). */
    const refusedThenAllowed = async (right: BusinessRight, method: string, params: object, changed: () => Promise<unknown>) => {
      const lacking = await businessUser(`no-${right}-${method}`, [...ALL_BUSINESS_RIGHTS.filter((held) => held !== right)]);
      const holding = await businessUser(`with-${right}-${method}`, ['balanceInfo', right]);
      const before = await snapshot();
      const read = await changed();
      const refused = await call(method, params, lacking.tokens);
      expect(refused.responseCode, `${method} without ${right}: ${JSON.stringify(refused)}`).toBe('13');
      expect(await snapshot()).toEqual(before);
      const allowed = await call(method, params, holding.tokens);
      expect(allowed.responseCode, `${method} with ${right}: ${JSON.stringify(allowed)}`).toBe('00');
      expect(await changed()).not.toEqual(read);
    };

    const db = () => test.server.db;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      northwindId = (await db().selectFrom('users').select('customer_id').where('email', '=', DEMO_LOGINS.business).executeTakeFirstOrThrow()).customer_id!;
    });
    afterAll(() => test?.close());

    it('company info, address, phone and e-mail need companySettings', async () => {
      await refusedThenAllowed(
        'companySettings',
        'companyInfoUpdate',
        {
          name: 'Northwind Studio Ltd',
          registrationCountryCode: 'GB',
          tradingName: 'Northwind Rights',
          email: 'studio@northwind.example',
          registrationNumber: '09876543',
          registrationDate: '2014-05-20',
          businessTaxId: 'GB123456789',
          website: 'https://northwind.example',
          description: 'Illustration and animation.',
        },
        async () => (await db().selectFrom('business_profiles').select('trading_name').where('customer_id', '=', northwindId).executeTakeFirst())?.trading_name,
      );
      await refusedThenAllowed(
        'companySettings',
        'companyAddressCreate',
        { address1: '2 Quay', city: 'Bristol', countryCode: 'GB', addressType: 2 },
        async () => (await db().selectFrom('addresses').select('address1').where('customer_id', '=', northwindId).execute()).map((row) => row.address1).sort(),
      );
      await refusedThenAllowed('companySettings', 'companyPhoneUpdate', { phoneCountryCode: '44', phone: '2079460111' }, async () => (await snapshot()).phones);
      await refusedThenAllowed('companySettings', 'companyEmailAdd', { email: 'rights@northwind.example' }, async () =>
        (await db().selectFrom('customer_emails').select('email').where('customer_id', '=', northwindId).execute()).map((row) => row.email).sort(),
      );
    });

    it('a document upload needs documents, and a representative deleted needs companySettings', async () => {
      await refusedThenAllowed(
        'documents',
        'documentUpload',
        { documentType: 1, files: { main: pdf('passport.pdf') } },
        async () => (await db().selectFrom('documents').select('id').where('customer_id', '=', northwindId).execute()).length,
      );
      const representative = await db()
        .selectFrom('business_representatives')
        .select('id')
        .where('customer_id', '=', northwindId)
        .where('user_id', 'is', null)
        .executeTakeFirstOrThrow();
      const representativeIds = async () => (await snapshot()).business_representatives;
      // The demo representative (documents only) may upload, but not change who the company names.
      const documentsOnly = await client.signIn('representative@example.com');
      const before = await representativeIds();
      expect((await call('businessRepresentativeDelete', { businessRepresentativeId: representative.id }, documentsOnly)).responseCode).toBe('13');
      expect(await representativeIds()).toEqual(before);
      await refusedThenAllowed('companySettings', 'businessRepresentativeDelete', { businessRepresentativeId: representative.id }, representativeIds);
    });

    it("removing a representative user's access also needs the users right", async () => {
      const signsIn = await db()
        .selectFrom('business_representatives')
        .select(['id', 'user_id'])
        .where('customer_id', '=', northwindId)
        .where('user_id', 'is not', null)
        .executeTakeFirstOrThrow();
      const access = async () =>
        (
          await db()
            .selectFrom('customer_access')
            .select('rights')
            .where('customer_id', '=', northwindId)
            .where('user_id', '=', signsIn.user_id)
            .executeTakeFirst()
        )?.rights ?? null;
      const settingsOnly = await businessUser('settings-only', ['balanceInfo', 'companySettings']);
      const before = await access();
      expect(before).not.toBeNull();
      const refused = await call('businessRepresentativeDelete', { businessRepresentativeId: signsIn.id, choice: 'removeUserAccess' }, settingsOnly.tokens);
      expect(refused.responseCode).toBe('13');
      expect(await access()).toEqual(before);
      const both = await businessUser('settings-and-users', ['balanceInfo', 'companySettings', 'users']);
      expect((await call('businessRepresentativeDelete', { businessRepresentativeId: signsIn.id, choice: 'removeUserAccess' }, both.tokens)).responseCode).toBe(
        '00',
      );
      expect(await access()).toBeNull();
    });

    it("a user's access changes need the users right with top rights, which a user holding every right has", async () => {
      const clerk = await businessUser('access-clerk', ['balanceInfo']);
      const rightsOf = async () =>
        (
          await db()
            .selectFrom('customer_access')
            .select('rights')
            .where('customer_id', '=', northwindId)
            .where('user_id', '=', clerk.userId)
            .executeTakeFirstOrThrow()
        ).rights;
      const levels = {
        balanceInfo: 'read',
        transfers: 'noAccess',
        transfersApprove: 'noAccess',
        documents: 'uploading',
        companySettings: 'noAccess',
        users: 'noAccess',
      };
      const lacking = await businessUser(
        'no-users-access',
        ALL_BUSINESS_RIGHTS.filter((right) => right !== 'users'),
      );
      expect((await call('accessRightsUpdate', { userId: clerk.userId, ...levels }, lacking.tokens)).responseCode).toBe('13');
      const usersOnly = await businessUser('users-only', ['balanceInfo', 'users']);
      expect((await call('accessRightsUpdate', { userId: clerk.userId, ...levels }, usersOnly.tokens)).responseCode).toBe('13');
      expect(await rightsOf()).toEqual(['balanceInfo']);
      const top = await businessUser('top-rights', [...ALL_BUSINESS_RIGHTS]);
      expect(await call('accessRightsUpdate', { userId: clerk.userId, ...levels }, top.tokens)).toMatchObject({ responseCode: '00' });
      expect([...(await rightsOf())].sort()).toEqual(['balanceInfo', 'documents']);
    });
  });
}
