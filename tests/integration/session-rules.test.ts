import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { SANDBOX_SEI_CLIENT } from '../../server/sei/sandbox-client.ts';
import { SECOND_COMPANY, TERMS_DEMO_LOGIN } from '../../server/terms/demo.ts';
import { ApiClient, pkcePair, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const bearer = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.accessToken}` });

for (const backend of BACKENDS) {
  describe(`session rules on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let business: Tokens;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      business = await client.signIn(DEMO_LOGINS.business);
    });
    afterAll(() => test?.close());

    describe('terms (TE) before sign-in completes', () => {
      it('refuses the sign-in with the pending terms until they are accepted with the token, then lets it through', async () => {
        const refused = await client.login(TERMS_DEMO_LOGIN);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ responseCode: 'TE', message: expect.any(String) });
        expect(refused.body.terms.map((t: { title: string; version: number }) => [t.title, t.version])).toEqual([
          ['User Agreement', 2],
          ['Privacy Policy', 3],
        ]);
        expect(refused.body.code).toBeUndefined();

        const ids = refused.body.terms.map((t: { id: number }) => t.id);
        const bad = await client.post('/auth/terms/accept', { termsToken: 'x'.repeat(43), acceptedTerms: ids });
        expect(bad.status).toBe(403);
        const unknownTerms = await client.post('/auth/terms/accept', { termsToken: refused.body.termsToken, acceptedTerms: [999_999] });
        expect(unknownTerms.status).toBe(400);
        // The token was spent by the refused call: a new sign-in hands out another.
        const again = await client.login(TERMS_DEMO_LOGIN);
        expect(again.status).toBe(403);
        const accepted = await client.post('/auth/terms/accept', { termsToken: again.body.termsToken, acceptedTerms: ids });
        expect(accepted).toMatchObject({ status: 200, body: { accepted: ids } });
        const reused = await client.post('/auth/terms/accept', { termsToken: again.body.termsToken, acceptedTerms: ids });
        expect(reused.status).toBe(403);

        const tokens = await client.signIn(TERMS_DEMO_LOGIN);
        expect(tokens.accessToken).toBeTruthy();
      });

      it('does not ask users who joined after the terms were published', async () => {
        expect((await client.login(DEMO_LOGINS.personal)).status).toBe(200);
      });

      it('termsAccept records current terms for a signed-in user and refuses others, recording nothing', async () => {
        const { db } = test.server;
        const { id } = await db
          .insertInto('terms')
          .values({ key: 'cookiePolicy', version: 1, title: 'Cookie Policy', url: 'https://legal.bank.example/cookies/v1' })
          .returning('id')
          .executeTakeFirstOrThrow();
        const refusal = await client.rpc('termsAccept', { termsIds: [id, 999_999] }, { token: anna.accessToken });
        expect(refusal.body).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'termsIds' }] });
        expect(await db.selectFrom('terms_acceptances').select('user_id').where('terms_id', '=', id).execute()).toEqual([]);
        const answer = await client.rpc('termsAccept', { termsIds: [id] }, { token: anna.accessToken });
        expect(answer.body).toMatchObject({ responseCode: '00', accepted: [id] });
        await db.updateTable('terms').set({ retired_at: new Date() }).where('id', '=', id).execute();
      });
    });

    describe('company selection and business access info', () => {
      it('lists the two companies the business user acts for', async () => {
        const { body } = await client.rpc('customerAccessList', {}, { token: business.accessToken });
        expect(body.responseCode).toBe('00');
        expect(
          body.customers.map((c: { customerName: string; accessRights: string[]; authorised: boolean }) => [c.customerName, c.accessRights, c.authorised]),
        ).toEqual([
          [SECOND_COMPANY, ['balanceInfo', 'documents'], true],
          ['Northwind Studio Ltd', ['balanceInfo', 'transfers', 'transfersApprove', 'documents', 'companySettings', 'users'], true],
        ]);
      });

      it('answers the access info of the acting company, from the Customer-Id header', async () => {
        const { body: list } = await client.rpc('customerAccessList', {}, { token: business.accessToken });
        const byName = Object.fromEntries(list.customers.map((c: { customerName: string; customerId: number }) => [c.customerName, c.customerId]));
        const northwind = await client.rpc('businessAccessInfo', {}, { token: business.accessToken, customerId: byName['Northwind Studio Ltd'] });
        expect(northwind.body).toMatchObject({
          responseCode: '00',
          customerName: 'Northwind Studio Ltd',
          customerUsername: DEMO_LOGINS.business,
          accessList: { balanceInfo: true, transfers: true, documents: true, users: true },
          permissions: { sendMoneyUser: true, settlementAccount: false, addFundsWireThirdParty: false },
          isNeedKyc: false,
          taxResidencySelfCertificationDocumentStatus: 'validated',
        });
        const harbour = await client.rpc('businessAccessInfo', {}, { token: business.accessToken, customerId: byName[SECOND_COMPANY] });
        expect(harbour.body).toMatchObject({
          responseCode: '00',
          customerName: SECOND_COMPANY,
          accessList: { balanceInfo: true, transfers: false },
          permissions: { sendMoneyUser: false, requestMoney: false },
          taxResidencySelfCertificationDocumentStatus: 'none',
        });
      });

      it("refuses another customer's access info with 13", async () => {
        const { body: list } = await client.rpc('customerAccessList', {}, { token: business.accessToken });
        const answer = await client.rpc('businessAccessInfo', {}, { token: anna.accessToken, customerId: list.customers[0].customerId });
        expect(answer.body.responseCode).toBe('13');
        const own = await client.rpc('customerAccessList', {}, { token: anna.accessToken });
        expect(own.body).toMatchObject({ responseCode: '00', customers: [] });
      });
    });

    describe('third-party (SEI) authorization', () => {
      const verifier = randomBytes(96).toString('base64url').slice(0, 128);
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const authorizeUrl = (overrides: Record<string, string> = {}) =>
        `/auth/sei?${new URLSearchParams({
          client_id: SANDBOX_SEI_CLIENT.id,
          redirect_uri: `${test.url}${SANDBOX_SEI_CLIENT.redirectPath}`,
          state: 'st-1',
          code_challenge: challenge,
          code_challenge_method: 'S256',
          ...overrides,
        })}`;

      it('opens an authorization the user approves; the client exchanges the code with its verifier, once', async () => {
        const opened = await client.post('/auth/sei/authorize', { authorizeUrl: authorizeUrl() }, bearer(anna));
        expect(opened.status).toBe(200);
        expect(opened.body.client).toEqual({ clientId: SANDBOX_SEI_CLIENT.id, name: SANDBOX_SEI_CLIENT.name });
        const decided = await client.post(`/auth/sei/authorize/${opened.body.authorizationId}`, { approve: true }, bearer(anna));
        expect(decided.status).toBe(200);
        const redirect = new URL(decided.body.redirect_uri);
        expect(`${redirect.origin}${redirect.pathname}`).toBe(`${test.url}${SANDBOX_SEI_CLIENT.redirectPath}`);
        expect(redirect.searchParams.get('state')).toBe('st-1');
        const code = redirect.searchParams.get('code')!;
        const wrongVerifier = await client.post('/auth/token', { code, codeVerifier: pkcePair().verifier });
        expect(wrongVerifier.status).toBe(403);

        const second = await client.post('/auth/sei/authorize', { authorizeUrl: authorizeUrl() }, bearer(anna));
        const approved = await client.post(`/auth/sei/authorize/${second.body.authorizationId}`, { approve: true }, bearer(anna));
        const tokens = await client.post('/auth/token', { code: new URL(approved.body.redirect_uri).searchParams.get('code'), codeVerifier: verifier });
        expect(tokens.status).toBe(200);
        const profile = await client.rpc('profileInquiry', {}, { token: tokens.body.accessToken });
        expect(profile.body.customer.login).toBe(DEMO_LOGINS.personal);
        const twice = await client.post(`/auth/sei/authorize/${second.body.authorizationId}`, { approve: true }, bearer(anna));
        expect(twice.status).toBe(404);
      });

      it('sends a declined authorization back with access_denied', async () => {
        const opened = await client.post('/auth/sei/authorize', { authorizeUrl: authorizeUrl() }, bearer(anna));
        const decided = await client.post(`/auth/sei/authorize/${opened.body.authorizationId}`, { approve: false }, bearer(anna));
        const redirect = new URL(decided.body.redirect_uri);
        expect(redirect.searchParams.get('error')).toBe('access_denied');
        expect(redirect.searchParams.get('code')).toBeNull();
      });

      it("answers 404 for an unknown client or an unregistered redirect, and for another user's authorization, changing nothing", async () => {
        expect((await client.post('/auth/sei/authorize', { authorizeUrl: authorizeUrl({ client_id: 'nobody' }) }, bearer(anna))).status).toBe(404);
        expect(
          (await client.post('/auth/sei/authorize', { authorizeUrl: authorizeUrl({ redirect_uri: 'https://evil.example/cb' }) }, bearer(anna))).status,
        ).toBe(404);
        expect((await client.post('/auth/sei/authorize', { authorizeUrl: authorizeUrl({ code_challenge: 'short' }) }, bearer(anna))).status).toBe(400);
        expect((await client.post('/auth/sei/authorize', { authorizeUrl: authorizeUrl() })).status).toBe(401);

        const opened = await client.post('/auth/sei/authorize', { authorizeUrl: authorizeUrl() }, bearer(anna));
        const stolen = await client.post(`/auth/sei/authorize/${opened.body.authorizationId}`, { approve: true }, bearer(business));
        expect(stolen.status).toBe(404);
        const row = await test.server.db
          .selectFrom('sei_authorizations')
          .select('status')
          .where('id', '=', opened.body.authorizationId)
          .executeTakeFirstOrThrow();
        expect(row.status).toBe('pending');
      });

      it('checks URLs against the registered clients', async () => {
        const answer = await client.post('/service/check-urls', {
          urls: [`${test.url}${SANDBOX_SEI_CLIENT.redirectPath}?x=1`, 'https://evil.example/', 'not a url'],
        });
        expect(answer.body.urls.map((u: { allowed: boolean }) => u.allowed)).toEqual([true, false, false]);
        expect((await client.post('/service/check-urls', { urls: [] })).status).toBe(400);
      });

      it('serves the sandbox client that signs in through the whole flow', async () => {
        const page = await client.get('/sandbox/sei-client');
        expect(page.text).toContain('/auth/sei?client_id=sandbox-ledgerly');
      });
    });

    describe('mobile app requests (/auth/scp/request)', () => {
      it("answers a deeplink for a device step and for an own card account; refuses another customer's account", async () => {
        const device = await client.post('/auth/scp/request', { purpose: 'device' }, bearer(anna));
        expect(device.status).toBe(200);
        expect(device.body.deeplink).toMatch(/^paxum:\/\/scp\?request=[0-9a-f-]{36}&purpose=device&secret=/);
        const { body: accounts } = await client.rpc('balanceInquiry', {}, { token: anna.accessToken });
        const own = await client.post('/auth/scp/request', { purpose: 'cardToWallet', accountId: accounts.accounts[0].accountId }, bearer(anna));
        expect(own.status).toBe(200);
        const before = await test.server.db.selectFrom('scp_requests').select('id').execute();
        const foreign = await client.post('/auth/scp/request', { purpose: 'cardToWallet', accountId: accounts.accounts[0].accountId }, bearer(business));
        expect(foreign.status).toBe(404);
        expect(await test.server.db.selectFrom('scp_requests').select('id').execute()).toHaveLength(before.length);
        expect((await client.post('/auth/scp/request', { purpose: 'device' })).status).toBe(401);
      });
    });
  });
}
