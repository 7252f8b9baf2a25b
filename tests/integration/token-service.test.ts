import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, pkcePair } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

const WRONG = { message: 'Wrong e-mail or password.' };
const EXPIRED = { message: 'Session expired.' };

for (const backend of BACKENDS) {
  describe(`token service on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
    });
    afterAll(() => test?.close());

    it('signs in with code and verifier, and the access token opens RPC calls', async () => {
      const login = await client.login(DEMO_LOGINS.personal);
      expect(login.status).toBe(200);
      expect(login.body).toEqual({ authFlow: 'simple', code: expect.any(String) });

      const tokens = await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier });
      expect(tokens.status).toBe(200);
      expect(tokens.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 300 });
      expect(tokens.headers.get('cache-control')).toBe('no-store');

      const profile = await client.rpc('profileInquiry', {}, { token: tokens.body.accessToken });
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ responseCode: '00', customer: { login: DEMO_LOGINS.personal, firstName: 'Anna', lastName: 'Novak' } });
    });

    it('accepts the e-mail in any letter case', async () => {
      expect((await client.login('Personal@Example.COM')).status).toBe(200);
    });

    it('refuses a wrong password and an unknown e-mail with the same 403 message and no code', async () => {
      const wrong = await client.login(DEMO_LOGINS.personal, 'not-the-password');
      expect(wrong.status).toBe(403);
      expect(wrong.body).toEqual(WRONG);
      const unknown = await client.login('nobody@example.com');
      expect(unknown.status).toBe(403);
      expect(unknown.body).toEqual(WRONG);
    });

    it('answers an invalid body with 400, a message and the field', async () => {
      const { challenge } = pkcePair();
      const badEmail = await client.post('/auth/login', { client: 'spa', username: 'not-an-email', password: 'x', codeChallenge: challenge });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body).toEqual({ field: 'username', message: 'username must be a valid e-mail address.' });

      const shortChallenge = await client.post('/auth/login', { client: 'spa', username: DEMO_LOGINS.personal, password: 'x', codeChallenge: 'abc' });
      expect(shortChallenge.status).toBe(400);
      expect(shortChallenge.body.field).toBe('codeChallenge');

      const missing = await client.post('/auth/token', { code: 'abc' });
      expect(missing.status).toBe(400);
      expect(missing.body.field).toBe('codeVerifier');
    });

    it('refuses a verifier that does not match the challenge, and the code is spent', async () => {
      const login = await client.login(DEMO_LOGINS.personal);
      const wrong = await client.post('/auth/token', { code: login.body.code, codeVerifier: pkcePair().verifier });
      expect(wrong.status).toBe(403);
      expect(wrong.body.message).toMatch(/Sign in again/);
      const right = await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier });
      expect(right.status).toBe(403);
    });

    it('refuses a code used twice and ends the session it opened', async () => {
      const login = await client.login(DEMO_LOGINS.personal);
      const first = await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier });
      expect(first.status).toBe(200);
      const second = await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier });
      expect(second.status).toBe(403);
      expect((await client.rpc('profileInquiry', {}, { token: first.body.accessToken })).status).toBe(401);
    });

    it('refuses an expired code', async () => {
      const login = await client.login(DEMO_LOGINS.personal);
      await test.server.db
        .updateTable('authorization_codes')
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where('used_at', 'is', null)
        .execute();
      expect((await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier })).status).toBe(403);
    });

    it('rotates refresh tokens, and reuse of a rotated one revokes the whole family', async () => {
      const tokens = await client.signIn(DEMO_LOGINS.personal);
      const rotated = await client.post('/auth/refresh', { refreshToken: tokens.refreshToken });
      expect(rotated.status).toBe(200);
      expect(rotated.body.refreshToken).not.toBe(tokens.refreshToken);
      expect((await client.rpc('balanceInquiry', {}, { token: rotated.body.accessToken })).body.responseCode).toBe('00');

      const reuse = await client.post('/auth/refresh', { refreshToken: tokens.refreshToken });
      expect(reuse.status).toBe(403);
      expect(reuse.body).toEqual(EXPIRED);
      // The newest token of the family and its access token die with it.
      expect((await client.post('/auth/refresh', { refreshToken: rotated.body.refreshToken })).status).toBe(403);
      const afterRevoke = await client.rpc('balanceInquiry', {}, { token: rotated.body.accessToken });
      expect(afterRevoke.status).toBe(401);
      expect(afterRevoke.body.responseCode).toBe('AU');
    });

    it('refuses an unknown refresh token', async () => {
      const answer = await client.post('/auth/refresh', { refreshToken: 'never-issued' });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(EXPIRED);
    });

    it('logs out: the refresh token and the access token stop working', async () => {
      const tokens = await client.signIn(DEMO_LOGINS.personal);
      const logout = await client.post('/auth/logout', { refreshToken: tokens.refreshToken });
      expect(logout).toMatchObject({ status: 200, body: { success: true } });
      expect((await client.post('/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(403);
      expect((await client.rpc('profileInquiry', {}, { token: tokens.accessToken })).status).toBe(401);
    });

    it('expires a session idle for 15 minutes, on RPC and on refresh; activity keeps it alive', async () => {
      const tokens = await client.signIn(DEMO_LOGINS.personal);
      const { sessionId } = await test.server.db.selectFrom('refresh_tokens').select('session_id as sessionId').orderBy('id', 'desc').executeTakeFirstOrThrow();
      const idleFor = (minutes: number) =>
        test.server.db
          .updateTable('sessions')
          .set({ last_activity_at: sql`now() - ${minutes} * interval '1 minute'` })
          .where('id', '=', sessionId)
          .execute();

      await idleFor(14);
      expect((await client.rpc('profileInquiry', {}, { token: tokens.accessToken })).body.responseCode).toBe('00');
      await idleFor(16);
      const rpc = await client.rpc('profileInquiry', {}, { token: tokens.accessToken });
      expect(rpc.status).toBe(401);
      expect(rpc.body).toEqual({ responseCode: 'AU', responseDescription: 'Authorization required. Please sign in again.' });
      expect((await client.post('/auth/refresh', { refreshToken: tokens.refreshToken })).body).toEqual(EXPIRED);
    });

    it('keeps sessions valid across a restart (the signing secret lives in the database)', async () => {
      const tokens = await client.signIn(DEMO_LOGINS.personal);
      await test.restart();
      client = new ApiClient(test.url);
      expect((await client.rpc('profileInquiry', {}, { token: tokens.accessToken })).body.responseCode).toBe('00');
      expect((await client.post('/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(200);
      // The demo is seeded once: the restart found customers and added none.
      const count = async () =>
        Number(
          (
            await test.server.db
              .selectFrom('customers')
              .select((eb) => eb.fn.countAll<bigint>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const seeded = await count();
      expect(seeded).toBeGreaterThanOrEqual(3);
      await test.restart();
      client = new ApiClient(test.url);
      expect(await count()).toBe(seeded);
    });

    it('slows down after five wrong passwords in a row, known e-mail or not', async () => {
      for (const username of [DEMO_LOGINS.admin, 'someone-else@example.com']) {
        for (let attempt = 1; attempt <= 5; attempt++) {
          expect((await client.login(username, 'wrong')).status).toBe(403);
        }
        const locked = await client.login(username);
        expect(locked.status).toBe(429);
        expect(locked.body.message).toMatch(/^Too many attempts\. Try again in (29|30) seconds\.$/);
        expect(locked.body.code).toBeUndefined();
      }
      // Another login name is not affected.
      expect((await client.login(DEMO_LOGINS.business)).status).toBe(200);
    });
  });
}
