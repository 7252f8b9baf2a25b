import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../server/demo/seed.ts';
import { isBlacklisted } from '../../server/security/blacklist.ts';
import { ApiClient, pkcePair, type Json, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { inspectPdf } from '../support/pdf-tools.ts';

/** Retries until the check passes: audit rows are written just after the answer leaves. */
async function eventually<T>(check: () => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 500; attempt++) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  throw lastError;
}

for (const backend of BACKENDS) {
  describe(`security settings and admin on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let northwind: Tokens;
    let admin: Tokens;
    let annaId: number;
    let northwindId: number;

    const as =
      (tokens: Tokens, customerId?: number) =>
      async (method: string, params: object = {}) =>
        (await client.rpc(method, params, { token: tokens.accessToken, ...(customerId ? { customerId } : {}) })).body;

    /** A sign-in as if it came from `ip` (Fastify's inject sets the socket address). */
    const loginFrom = async (ip: string, username: string = DEMO_LOGINS.personal) => {
      const answer = await test.server.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: ip,
        headers: { 'user-agent': 'integration-test/1.0' },
        payload: { client: 'spa', username, password: DEMO_PASSWORD, codeChallenge: pkcePair().challenge },
      });
      return { status: answer.statusCode, body: answer.json() as Record<string, Json> };
    };

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      northwind = await client.signIn(DEMO_LOGINS.business);
      admin = await client.signIn(DEMO_LOGINS.admin);
      annaId = (await as(anna)('profileInquiry')).customer.customerId;
      northwindId = (await as(northwind)('profileInquiry')).customer.customerId;
    });
    afterAll(() => test?.close());

    it('keeps an IP allow-list, validates addresses and ranges, and enforces it at sign-in', async () => {
      const call = as(anna);
      expect(await call('ipAccessList')).toMatchObject({ responseCode: '00', enabled: false, entries: [] });
      expect(await call('ipAccessAdd', { ip: '999.1.1.1' })).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'ip' }] });
      expect(await call('ipAccessAdd', { ip: '192.0.2.0', toIp: '2001:db8::1' })).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'toIp' }] });
      expect(await call('ipAccessAdd', { ip: '192.0.2.9', toIp: '192.0.2.1' })).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'toIp' }] });
      const range = await call('ipAccessAdd', { ip: '192.0.2.0', toIp: '192.0.2.255' });
      expect(range).toMatchObject({ responseCode: '00', entry: { ip: '192.0.2.0', toIp: '192.0.2.255' } });
      const v6 = await call('ipAccessAdd', { ip: '2001:DB8:0:0::1' });
      expect(v6.entry).toMatchObject({ ip: '2001:db8::1' });
      expect(v6.entry.toIp).toBeUndefined();

      // Turning it on while this address (127.0.0.1) is not on the list would lock the customer out.
      const refused = await call('ipAccessModeSet', { enable: true });
      expect(refused).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'enable' }] });
      expect(refused.validationErrors[0].description).toContain('127.0.0.1');
      const local = await call('ipAccessAdd', { ip: '127.0.0.1' });
      expect(await call('ipAccessModeSet', { enable: true })).toMatchObject({ responseCode: '00', enabled: true });

      const outside = await loginFrom('203.0.113.9');
      expect(outside.status).toBe(403);
      expect(outside.body.message).toContain('allow-list');
      expect((await loginFrom('192.0.2.44')).status).toBe(200);
      expect((await loginFrom('2001:db8::1')).status).toBe(200);
      await client.signIn(DEMO_LOGINS.personal); // 127.0.0.1 over real HTTP
      // Other customers' sign-ins are not limited by Anna's list.
      expect((await loginFrom('203.0.113.9', DEMO_LOGINS.business)).status).toBe(200);

      // The entry that lets this address in cannot be deleted while the list is on.
      expect(await call('ipAccessDelete', { id: local.entry.id })).toMatchObject({ responseCode: 'TA1' });
      expect((await call('ipAccessDelete', { id: v6.entry.id })).entries.map((e: { id: number }) => e.id)).toEqual([range.entry.id, local.entry.id]);

      expect(await call('ipAccessModeSet', { enable: false })).toMatchObject({ responseCode: '00', enabled: false });
      expect((await loginFrom('203.0.113.9')).status).toBe(200);
      expect((await call('ipAccessDelete', { id: local.entry.id })).responseCode).toBe('00');
    });

    it("refuses 13 when a customer names another customer's IP entry or blacklist entry, and changes nothing", async () => {
      const entry = (await as(anna)('ipAccessAdd', { ip: '198.51.100.7' })).entry;
      expect(await as(northwind)('ipAccessDelete', { id: entry.id })).toMatchObject({ responseCode: '13' });
      expect((await as(anna)('ipAccessList')).entries.map((e: { id: number }) => e.id)).toContain(entry.id);
      expect((await as(northwind)('ipAccessList')).entries).toEqual([]);

      await as(northwind)('blacklistAdd', { email: 'supplier@example.com', blockType: 'all' });
      expect(await as(anna)('blacklistDelete', { email: 'supplier@example.com' })).toMatchObject({ responseCode: '13' });
      expect((await as(northwind)('blacklistList')).entries.map((e: { email: string }) => e.email)).toContain('supplier@example.com');
      // Acting for another customer through the header is refused too.
      expect(await as(anna, northwindId)('blacklistList')).toMatchObject({ responseCode: '13' });
      expect(await as(anna, northwindId)('ipAccessDelete', { id: entry.id })).toMatchObject({ responseCode: '13' });
      expect((await as(anna)('ipAccessList')).entries.map((e: { id: number }) => e.id)).toContain(entry.id);
    });

    it('adds, lists and deletes blacklist entries that other areas can consult', async () => {
      const call = as(anna);
      const added = await call('blacklistAdd', { email: 'Fraudster@Example.com', blockType: 'p2p' });
      expect(added).toMatchObject({ responseCode: '00', entry: { email: 'fraudster@example.com', blockType: 'p2p' } });
      expect(await call('blacklistAdd', { email: 'fraudster@example.com', blockType: 'all' })).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: 'email' }],
      });
      expect(await call('blacklistAdd', { email: 'x@example.com', blockType: 'everything' })).toMatchObject({ responseCode: 'TA1' });
      await call('blacklistAdd', { email: 'spam@example.com', blockType: 'all' });
      expect((await call('blacklistList')).entries.map((e: { email: string }) => e.email)).toEqual(['spam@example.com', 'fraudster@example.com']);

      const db = test.server.db;
      expect(await isBlacklisted(db, annaId, 'FRAUDSTER@example.com', 'p2p')).toBe(true);
      expect(await isBlacklisted(db, annaId, 'fraudster@example.com', 'invoices')).toBe(false);
      expect(await isBlacklisted(db, annaId, 'spam@example.com', 'invoices')).toBe(true);
      expect(await isBlacklisted(db, northwindId, 'spam@example.com', 'p2p')).toBe(false);

      expect(await call('blacklistDelete', { email: 'fraudster@example.com' })).toMatchObject({ responseCode: '00' });
      expect(await call('blacklistDelete', { email: 'fraudster@example.com' })).toMatchObject({ responseCode: '13' });
      expect((await call('blacklistList')).entries.map((e: { email: string }) => e.email)).toEqual(['spam@example.com']);
    });

    it('pages the login history by 20, newest first, between two dates', async () => {
      const db = test.server.db;
      const user = await db.selectFrom('users').select('id').where('email', '=', DEMO_LOGINS.personal).executeTakeFirstOrThrow();
      // 45 sign-ins, one a day from 2025-03-01 to 2025-04-14, at noon UTC.
      await db
        .insertInto('login_history')
        .values(
          Array.from({ length: 45 }, (_, day) => ({
            user_id: user.id,
            ip: `198.51.100.${day}`,
            user_agent: 'Mozilla/5.0 (test)',
            outcome: 'succeeded' as const,
            reason: null,
            created_at: new Date(Date.UTC(2025, 2, 1 + day, 12)),
          })),
        )
        .execute();
      const call = as(anna);
      const first = await call('loginHistory', {});
      expect(first.responseCode).toBe('00');
      expect(first.entries).toHaveLength(20);
      expect(first.results).toBeGreaterThan(45);
      // Today's sign-ins (from the tests above) come first, with their outcomes.
      expect(first.entries[0].date > '2026').toBe(true);
      expect(first.entries.map((e: { outcome: string }) => e.outcome)).toContain('refused');
      expect(first.entries.find((e: { outcome: string }) => e.outcome === 'refused')).toMatchObject({
        ip: '203.0.113.9',
        userAgent: 'integration-test/1.0',
        login: DEMO_LOGINS.personal,
      });

      const march = await call('loginHistory', { fromDate: '2025-03-01', toDate: '2025-03-31' });
      expect(march.results).toBe(31);
      expect(march.entries).toHaveLength(20);
      expect(march.entries[0].date).toBe('2025-03-31T12:00:00.000Z');
      const marchPage2 = await call('loginHistory', { fromDate: '2025-03-01', toDate: '2025-03-31', pageNumber: 2 });
      expect(marchPage2.entries).toHaveLength(11);
      expect(marchPage2.entries.at(-1).date).toBe('2025-03-01T12:00:00.000Z');
      expect((await call('loginHistory', { fromDate: '2025-04-10' })).entries.every((e: { date: string }) => e.date >= '2025-04-10')).toBe(true);
      expect(await call('loginHistory', { fromDate: 'yesterday' })).toMatchObject({ responseCode: 'TA1' });
      // Another customer's history holds none of Anna's sign-ins.
      expect((await as(northwind)('loginHistory', { fromDate: '2025-03-01', toDate: '2025-04-30' })).results).toBe(0);
    });

    it('keeps notification settings per customer', async () => {
      const before = await as(anna)('notificationSettingsGet');
      expect(before.settings).toContainEqual({ identified: 'news.email', value: false, group: 'marketing' });
      expect(before.settings).toContainEqual({ identified: 'signIn.email', value: true, group: 'security' });
      expect(await as(anna)('notificationSettingsSet', { identified: 'news.email', value: true })).toMatchObject({
        responseCode: '00',
        setting: { identified: 'news.email', value: true, group: 'marketing' },
      });
      expect(await as(anna)('notificationSettingsSet', { identified: 'signIn.push', value: false })).toMatchObject({ responseCode: '00' });
      expect(await as(anna)('notificationSettingsSet', { identified: 'lottery.email', value: true })).toMatchObject({ responseCode: 'TA1' });
      const again = await as(await client.signIn(DEMO_LOGINS.personal))('notificationSettingsGet');
      expect(again.settings).toContainEqual({ identified: 'news.email', value: true, group: 'marketing' });
      expect(again.settings).toContainEqual({ identified: 'signIn.push', value: false, group: 'security' });
      expect((await as(northwind)('notificationSettingsGet')).settings).toContainEqual({ identified: 'news.email', value: false, group: 'marketing' });
    });

    it('lists the agreements and downloads one as a real PDF', async () => {
      const { agreements } = await as(anna)('legalInfo');
      expect(agreements.map((a: { id: string }) => a.id)).toEqual(['terms-of-service', 'privacy-policy', 'account-agreement']);
      expect(agreements[0]).toMatchObject({ version: expect.any(String), acceptedAt: expect.any(String), acceptedVersion: agreements[0].version });
      const file = await as(anna)('agreementDownload', { id: 'terms-of-service', pdf: true });
      expect(file).toMatchObject({ responseCode: '00', mediaType: 'application/pdf', fileName: `terms-of-service-${agreements[0].version}.pdf` });
      // qpdf checks the file's structure; pdftotext reads it as a person would.
      const { text, info } = inspectPdf(Buffer.from(file.content, 'base64'));
      expect(info).toMatchObject({ Tagged: 'yes' });
      expect(text).toContain('Anna Novak');
      expect(text).toContain(agreements[0].version);
      expect(await as(anna)('agreementDownload', { id: 'secret-plans' })).toMatchObject({ responseCode: 'TA1' });
    });

    it('shows the current Terms of Service to anyone, signed in or not, in the version legal info names', async () => {
      const terms = (await client.rpc('termsOfService', {})).body;
      const { agreements } = await as(anna)('legalInfo');
      expect(terms).toMatchObject({ responseCode: '00', title: 'Terms of Service', version: agreements[0].version });
      expect(terms.sections.length).toBeGreaterThan(0);
    });

    it('lets admins, and nobody else, search customers and view one read-only, recording who acted for whom', async () => {
      expect(await as(anna)('adminCustomerSearch', { customerSearch: 'novak' })).toMatchObject({ responseCode: '13' });
      expect(await as(northwind)('adminAuditLog', {})).toMatchObject({ responseCode: '13' });
      expect(await as(anna, northwindId)('balanceInquiry')).toMatchObject({ responseCode: '13' });
      expect(await as(northwind, annaId)('balanceInquiry')).toMatchObject({ responseCode: '13' });

      const found = await as(admin)('adminCustomerSearch', { customerSearch: 'NOVAK' });
      expect(found).toMatchObject({ responseCode: '00', results: 1, customers: [{ customerId: annaId, name: 'Anna Novak', email: DEMO_LOGINS.personal }] });
      expect((await as(admin)('adminCustomerSearch', { customerSearch: String(northwindId) })).customers[0].name).toBe('Northwind Studio Ltd');
      expect((await as(admin)('adminCustomerSearch', { customerSearch: 'business@' })).customers[0].customerId).toBe(northwindId);
      expect((await as(admin)('adminCustomerSearch', { customerSearch: '%' })).results).toBe(0);
      const detail = await as(admin)('adminCustomerGet', { customerId: annaId });
      expect(detail).toMatchObject({ customer: { customerId: annaId }, users: [{ login: DEMO_LOGINS.personal, relation: 'own' }] });
      expect(await as(admin)('adminViewStart', { customerId: annaId })).toMatchObject({ responseCode: '00', name: 'Anna Novak' });

      const viewing = as(admin, annaId);
      const annasAccounts = (await as(anna)('balanceInquiry')).accounts;
      expect((await viewing('balanceInquiry')).accounts).toEqual(annasAccounts);
      expect((await viewing('profileInquiry')).customer).toMatchObject({ customerId: annaId, isAdmin: true });
      const blacklistBefore = (await as(anna)('blacklistList')).entries;
      const readOnly = await viewing('blacklistAdd', { email: 'admin-was-here@example.com', blockType: 'all' });
      expect(readOnly).toMatchObject({ responseCode: '13' });
      expect(readOnly.responseDescription).toContain('read-only');
      expect((await as(anna)('blacklistList')).entries).toEqual(blacklistBefore);
      expect(await viewing('notificationSettingsSet', { identified: 'news.sms', value: true })).toMatchObject({ responseCode: '13' });

      const audit = await eventually(async () => {
        const page = await as(admin)('adminAuditLog', { actingCustomerId: annaId, pageSize: 100 });
        expect(page.entries.some((e: { method: string; outcome: string }) => e.method === 'blacklistAdd' && e.outcome === '13')).toBe(true);
        return page;
      });
      expect(audit.entries.every((e: { actingCustomerId: number }) => e.actingCustomerId === annaId)).toBe(true);
      expect(audit.entries).toContainEqual(
        expect.objectContaining({ method: 'balanceInquiry', outcome: '00', viewing: true, actorLogin: DEMO_LOGINS.admin, ip: '127.0.0.1' }),
      );
      expect(audit.entries).toContainEqual(expect.objectContaining({ method: 'blacklistAdd', outcome: '13', viewing: true, actorLogin: DEMO_LOGINS.admin }));
      expect(audit.entries).toContainEqual(
        expect.objectContaining({
          method: 'blacklistAdd',
          outcome: '00',
          viewing: false,
          actorLogin: DEMO_LOGINS.personal,
          params: '{"email":"spam@example.com","blockType":"all"}',
        }),
      );
      // The admin's own calls are under the admin's customer, and refused callers are recorded too.
      const refusedAdmin = await eventually(async () => {
        const page = await as(admin)('adminAuditLog', { pageSize: 100 });
        const row = page.entries.find(
          (e: { method: string; actorLogin?: string }) => e.method === 'adminCustomerSearch' && e.actorLogin === DEMO_LOGINS.personal,
        );
        expect(row).toBeDefined();
        return row;
      });
      expect(refusedAdmin).toMatchObject({ outcome: '13' });
      const rows = await test.server.db.selectFrom('audit_log').select('params').execute();
      expect(JSON.stringify(rows)).not.toContain(DEMO_PASSWORD);
    });
  });
}
