import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { totp } from '../../server/auth/totp.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../server/demo/seed.ts';
import { DEMO_DEVICE_SECRET, DEMO_TOTP_SECRET, SIGN_IN_DEMO_LOGINS as LOGINS } from '../../server/signin/demo-seed.ts';
import { ApiClient, pkcePair } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';

/** One REST call with any method; answers status and parsed body. */
async function call(base: string, method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${base}${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** The newest SMS code sent to a number. */
async function lastSmsCode(base: string, to: string, purpose = 'loginSms'): Promise<string> {
  const { body } = await call(base, 'GET', `/sandbox/outbox/messages?to=${to}&purpose=${purpose}`);
  const match = /\b(\d{6})\b/.exec(body.messages[0]?.body ?? '');
  if (!match) throw new Error(`no ${purpose} message to ${to}`);
  return match[1]!;
}

/** Waits on the push live channel until its final message. */
function waitForPush(base: string, key: string): Promise<{ status: string; code?: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/auth/push/live`);
    socket.on('open', () => socket.send(JSON.stringify({ key })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.status !== 'pending') {
        resolve(message);
        socket.close();
      }
    });
    socket.on('error', reject);
  });
}

/** A different TOTP code than the current one is valid for the step before or after only. */
const otpNow = () => totp(DEMO_TOTP_SECRET, new Date());

for (const backend of BACKENDS) {
  describe(`sign-in flows on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    const userId = async (email: string) => (await test.server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
    });
    afterAll(() => test?.close());

    describe('simple and code security', () => {
      it('keeps personal@ on the simple flow', async () => {
        const login = await client.login(DEMO_LOGINS.personal);
        expect(login.body).toEqual({ authFlow: 'simple', code: expect.any(String) });
      });

      it('refuses a wrong PKCE verifier and a reused authorization code', async () => {
        const login = await client.login(DEMO_LOGINS.personal);
        expect((await client.post('/auth/token', { code: login.body.code, codeVerifier: pkcePair().verifier })).status).toBe(403);
        expect((await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier })).status).toBe(403);

        const again = await client.login(DEMO_LOGINS.personal);
        const first = await client.post('/auth/token', { code: again.body.code, codeVerifier: again.verifier });
        expect(first.status).toBe(200);
        expect((await client.post('/auth/token', { code: again.body.code, codeVerifier: again.verifier })).status).toBe(403);
        expect((await client.post('/auth/refresh', { refreshToken: first.body.refreshToken })).status).toBe(403);
      });

      it('revokes the whole family when a refresh token is reused', async () => {
        const tokens = await client.signIn(DEMO_LOGINS.personal);
        const next = await client.post('/auth/refresh', { refreshToken: tokens.refreshToken });
        expect(next.status).toBe(200);
        expect((await client.post('/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(403);
        expect((await client.post('/auth/refresh', { refreshToken: next.body.refreshToken })).status).toBe(403);
        expect((await client.rpc('profileInquiry', {}, { token: next.body.accessToken })).status).toBe(401);
      });

      it('ends a session idle for 15 minutes: REST and RPC refuse it and it cannot be refreshed', async () => {
        const tokens = await client.signIn(DEMO_LOGINS.personal);
        expect((await call(test.url, 'GET', '/auth/devices', { token: tokens.accessToken })).status).toBe(200);
        const sessionId = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1]!, 'base64url').toString()).sid as string;
        await test.server.db
          .updateTable('sessions')
          .set({ last_activity_at: sql`now() - interval '16 minutes'` })
          .where('id', '=', sessionId)
          .execute();
        expect((await call(test.url, 'GET', '/auth/devices', { token: tokens.accessToken })).status).toBe(401);
        const rpc = await client.rpc('profileInquiry', {}, { token: tokens.accessToken });
        expect(rpc.body.responseCode).toBe('AU');
        expect((await client.post('/auth/refresh', { refreshToken: tokens.refreshToken })).status).toBe(403);
      });
    });

    describe('otp', () => {
      it('answers otp, needs the authenticator code, and refuses the same code twice', async () => {
        const login = await client.login(LOGINS.otp);
        expect(login.body).toEqual({ authFlow: 'otp', code: expect.any(String) });
        const missing = await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier });
        expect(missing.status).toBe(403);
        expect(missing.body.field).toBe('otp');
        const wrong = await client.post('/auth/token', {
          code: login.body.code,
          codeVerifier: login.verifier,
          otp: otpNow() === '000000' ? '111111' : '000000',
        });
        expect(wrong.body).toMatchObject({ field: 'otp', attemptsLeft: 3 });
        const otp = otpNow();
        const tokens = await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier, otp });
        expect(tokens.status).toBe(200);
        expect((await client.rpc('profileInquiry', {}, { token: tokens.body.accessToken })).body.customer.login).toBe(LOGINS.otp);

        const second = await client.login(LOGINS.otp);
        const reused = await client.post('/auth/token', { code: second.body.code, codeVerifier: second.verifier, otp });
        expect(reused.status).toBe(403);
        expect(reused.body.field).toBe('otp');
      });

      it('burns the code after five wrong authenticator codes', async () => {
        const login = await client.login(LOGINS.otp);
        const bad = otpNow() === '000000' ? '111111' : '000000';
        for (let attempt = 1; attempt <= 4; attempt += 1) {
          const answer = await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier, otp: bad });
          expect(answer.body.attemptsLeft).toBe(5 - attempt);
        }
        const fifth = await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier, otp: bad });
        expect(fifth.status).toBe(403);
        expect(fifth.body.field).toBeUndefined();
        await test.server.db.updateTable('users').set({ totp_last_step: null }).where('email', '=', LOGINS.otp).execute();
        const right = await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier, otp: otpNow() });
        expect(right.status).toBe(403);
      });
    });

    describe('sms', () => {
      it('sends a code to the primary phone, masked on the answer, single use', async () => {
        const login = await client.login(LOGINS.sms);
        expect(login.body).toEqual({ authFlow: 'sms', code: expect.any(String), phone: '+40 ••• ••• 111', smsId: expect.stringMatching(/^\d{2}$/) });
        const { body } = await call(test.url, 'GET', '/sandbox/outbox/messages?to=40721000111&purpose=loginSms');
        expect(body.messages[0].body).toContain(`ID ${login.body.smsId}`);
        const code = await lastSmsCode(test.url, '40721000111');
        const tokens = await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier, otp: code });
        expect(tokens.status).toBe(200);
        expect((await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier, otp: code })).status).toBe(403);
      });

      it('refuses an expired sms code', async () => {
        const login = await client.login(LOGINS.sms);
        const code = await lastSmsCode(test.url, '40721000111');
        await test.server.db
          .updateTable('authorization_codes')
          .set({ expires_at: sql`now() - interval '1 second'` })
          .where('user_id', '=', await userId(LOGINS.sms))
          .where('used_at', 'is', null)
          .execute();
        const answer = await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier, otp: code });
        expect(answer.status).toBe(403);
        expect(answer.body.message).toMatch(/Sign in again/);
      });

      it('burns the sms code after five wrong codes', async () => {
        const login = await client.login(LOGINS.sms);
        const code = await lastSmsCode(test.url, '40721000111');
        const wrongCode = code === '000000' ? '000001' : '000000';
        for (let attempt = 0; attempt < 5; attempt += 1)
          await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier, otp: wrongCode });
        expect((await client.post('/auth/token', { code: login.body.code, codeVerifier: login.verifier, otp: code })).status).toBe(403);
      });
    });

    describe('push', () => {
      it('answers the devices and a QR link, and the approval reaches the browser as a code', async () => {
        const login = await client.login(LOGINS.push);
        expect(login.body).toMatchObject({
          authFlow: 'push',
          key: expect.any(String),
          devices: [{ name: 'Demo Pixel', type: 'android' }],
          qrLink: expect.stringContaining('/sandbox/device?key='),
        });
        const outcome = waitForPush(test.url, login.body.key);
        const pending = await call(test.url, 'GET', `/sandbox/device/pending?login=${LOGINS.push}`);
        const { confirmKey } = pending.body.approvals[0];
        expect(
          (await call(test.url, 'PUT', `/auth/login/${confirmKey}/confirm`, { body: { result: true }, headers: { 'x-device-secret': 'not-a-device' } })).status,
        ).toBe(401);
        expect(
          (await call(test.url, 'PUT', `/auth/login/${confirmKey}/confirm`, { body: { result: true }, headers: { 'x-device-secret': DEMO_DEVICE_SECRET } }))
            .status,
        ).toBe(200);
        const final = await outcome;
        expect(final).toEqual({ status: 'approved', code: expect.any(String) });
        const tokens = await client.post('/auth/token', { code: final.code, codeVerifier: login.verifier });
        expect(tokens.status).toBe(200);
        // Answered once: the phone cannot answer again, the channel has nothing more to give.
        expect(
          (await call(test.url, 'PUT', `/auth/login/${confirmKey}/confirm`, { body: { result: true }, headers: { 'x-device-secret': DEMO_DEVICE_SECRET } }))
            .status,
        ).toBe(404);
        expect(await waitForPush(test.url, login.body.key)).toEqual({ status: 'unknown' });
      });

      it("reports a decline, re-sends with a new confirm key, and another user's phone cannot approve", async () => {
        const login = await client.login(LOGINS.push);
        const first = (await call(test.url, 'GET', `/sandbox/device/pending?login=${LOGINS.push}`)).body.approvals[0].confirmKey;
        expect((await call(test.url, 'POST', '/auth/push/re-send', { body: { key: login.body.key } })).status).toBe(200);
        const approvals = (await call(test.url, 'GET', `/sandbox/device/pending?login=${LOGINS.push}`)).body.approvals;
        expect(approvals.map((approval: { confirmKey: string }) => approval.confirmKey)).not.toContain(first);

        const other = await client.signIn(DEMO_LOGINS.personal);
        const linked = await call(test.url, 'POST', '/auth/devices', { token: other.accessToken, body: { name: 'Anna phone', code: 'anna-1', type: 'ios' } });
        expect(
          (
            await call(test.url, 'PUT', `/auth/login/${approvals[0].confirmKey}/confirm`, {
              body: { result: true },
              headers: { 'x-device-secret': linked.body.secret },
            })
          ).status,
        ).toBe(404);

        const outcome = waitForPush(test.url, login.body.key);
        expect(
          (
            await call(test.url, 'PUT', `/auth/login/${approvals[0].confirmKey}/confirm`, {
              body: { result: false },
              headers: { 'x-device-secret': DEMO_DEVICE_SECRET },
            })
          ).status,
        ).toBe(200);
        expect(await outcome).toEqual({ status: 'declined' });
        await call(test.url, 'DELETE', `/auth/devices/${linked.body.id}`, { token: other.accessToken });
      });

      it('signs the phone app in directly with its secret and the password', async () => {
        const { challenge } = pkcePair();
        const direct = await client.post('/auth/login', {
          client: 'spa',
          username: LOGINS.push,
          password: DEMO_PASSWORD,
          codeChallenge: challenge,
          secret: DEMO_DEVICE_SECRET,
          pushToken: 'fcm-token-1',
        });
        expect(direct.body).toMatchObject({ authFlow: 'direct', accessToken: expect.any(String), refreshToken: expect.any(String) });
        const wrong = await client.post('/auth/login', {
          client: 'spa',
          username: DEMO_LOGINS.personal,
          password: DEMO_PASSWORD,
          codeChallenge: challenge,
          secret: DEMO_DEVICE_SECRET,
        });
        expect(wrong.status).toBe(403);
      });
    });

    describe('verifyDevice', () => {
      it('asks a new browser to be approved by a code, then knows it', async () => {
        const { verifier, challenge } = pkcePair();
        const login = await call(test.url, 'POST', '/auth/login', {
          body: { client: 'spa', username: LOGINS.device, password: DEMO_PASSWORD, codeChallenge: challenge },
        });
        expect(login.body).toEqual({ authFlow: 'verifyDevice', key: expect.any(String), userId: await userId(LOGINS.device), deviceId: expect.any(Number) });
        const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
        const { key, deviceId } = login.body;
        const methods = await call(test.url, 'GET', '/auth/devices/approve-methods', { token: key });
        expect(methods.body.methods).toEqual([
          { id: 'sms', type: 'sms', destination: '+373 ••• ••• 456' },
          { id: 'email', type: 'email', destination: 'd•••e@example.com' },
        ]);
        expect((await call(test.url, 'PATCH', `/auth/devices/${deviceId + 1000}/approve/sms`, { token: key })).status).toBe(404);
        expect((await call(test.url, 'PATCH', `/auth/devices/${deviceId}/approve/sms`, { token: key })).body).toEqual({
          success: true,
          destination: '+373 ••• ••• 456',
        });
        const code = await lastSmsCode(test.url, '37369123456', 'deviceApproval');
        const wrong = await call(test.url, 'POST', `/auth/devices/${deviceId}/approve`, {
          token: key,
          body: { code: code === '000000' ? '000001' : '000000' },
        });
        expect(wrong.body).toMatchObject({ field: 'code', attemptsLeft: 4 });
        const approved = await call(test.url, 'POST', `/auth/devices/${deviceId}/approve`, { token: key, body: { code } });
        expect(approved.body).toEqual({ code: expect.any(String) });
        const tokens = await call(test.url, 'POST', '/auth/token', { body: { code: approved.body.code, codeVerifier: verifier }, headers: { cookie } });
        expect(tokens.status).toBe(200);

        const again = pkcePair();
        const known = await call(test.url, 'POST', '/auth/login', {
          body: { client: 'spa', username: LOGINS.device, password: DEMO_PASSWORD, codeChallenge: again.challenge },
          headers: { cookie },
        });
        expect(known.body.authFlow).toBe('simple');
      });

      it('ends the sign-in after five wrong approval codes', async () => {
        const login = await call(test.url, 'POST', '/auth/login', {
          body: { client: 'spa', username: LOGINS.device, password: DEMO_PASSWORD, codeChallenge: pkcePair().challenge },
        });
        const { key, deviceId } = login.body;
        await call(test.url, 'PATCH', `/auth/devices/${deviceId}/approve/email`, { token: key });
        const { body } = await call(test.url, 'GET', `/sandbox/outbox/messages?to=${LOGINS.device}&purpose=deviceApproval`);
        const code = /\b(\d{6})\b/.exec(body.messages[0].body)![1]!;
        for (let attempt = 0; attempt < 5; attempt += 1)
          await call(test.url, 'POST', `/auth/devices/${deviceId}/approve`, { token: key, body: { code: code === '000000' ? '000001' : '000000' } });
        expect((await call(test.url, 'POST', `/auth/devices/${deviceId}/approve`, { token: key, body: { code } })).status).toBe(403);
      });
    });

    describe('migration requirement', () => {
      it('accompanies the login of a user asked to migrate', async () => {
        const login = await client.login(LOGINS.migrate);
        expect(login.body).toMatchObject({ authFlow: 'simple', migrationRequirement: { type: 'soft', daysLeft: 14, strategy: 'enablePush' } });
        await test.server.db
          .updateTable('users')
          .set({ migration_deadline: sql`now() - interval '1 day'` })
          .where('email', '=', LOGINS.migrate)
          .execute();
        expect((await client.login(LOGINS.migrate)).body.migrationRequirement).toEqual({ type: 'strict', strategy: 'enablePush' });
      });
    });

    describe('devices', () => {
      it("lists, links, reads and removes only the caller's own devices", async () => {
        const anna = await client.signIn(DEMO_LOGINS.personal);
        const paul = await client.signIn(LOGINS.otp).catch(() => undefined);
        expect(paul).toBeUndefined(); // otp users cannot take the simple path
        const push = (
          await call(test.url, 'POST', '/auth/login', {
            body: { client: 'spa', username: LOGINS.push, password: DEMO_PASSWORD, codeChallenge: pkcePair().challenge, secret: DEMO_DEVICE_SECRET },
          })
        ).body;
        const paulDevices = await call(test.url, 'GET', '/device-api/device', { token: push.accessToken });
        const paulDevice = paulDevices.body.devices[0];
        expect(paulDevice).toMatchObject({ name: 'Demo Pixel', type: 'android', code: 'demo-pixel-0001' });

        const missingType = await call(test.url, 'POST', '/auth/devices', { token: anna.accessToken, body: { name: 'x', code: 'y' } });
        expect(missingType).toMatchObject({ status: 400, body: { field: 'type' } });
        const created = await call(test.url, 'POST', '/auth/devices', {
          token: anna.accessToken,
          body: { name: 'Anna iPhone', code: 'anna-iphone', type: 'ios' },
        });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ id: expect.any(Number), name: 'Anna iPhone', secret: expect.any(String) });
        expect((await call(test.url, 'GET', `/auth/devices/${created.body.id}`, { token: anna.accessToken })).body.name).toBe('Anna iPhone');

        const before = await test.server.db.selectFrom('devices').select('id').orderBy('id').execute();
        expect((await call(test.url, 'GET', `/auth/devices/${paulDevice.id}`, { token: anna.accessToken })).status).toBe(404);
        expect((await call(test.url, 'DELETE', `/auth/devices/${paulDevice.id}`, { token: anna.accessToken })).status).toBe(404);
        expect((await call(test.url, 'DELETE', `/device-api/device/${paulDevice.id}`, { token: anna.accessToken })).status).toBe(404);
        expect(await test.server.db.selectFrom('devices').select('id').orderBy('id').execute()).toEqual(before);
        expect((await call(test.url, 'GET', '/auth/devices')).status).toBe(401);

        // Paul's only device carries his push sign-in: it stays until he picks another method.
        expect((await call(test.url, 'DELETE', `/device-api/device/${paulDevice.id}`, { token: push.accessToken })).status).toBe(409);
        expect((await call(test.url, 'DELETE', `/device-api/device/${created.body.id}`, { token: anna.accessToken })).body).toEqual({ success: true });
        expect((await call(test.url, 'GET', '/auth/devices', { token: anna.accessToken })).body.devices).toEqual([]);
      });
    });

    describe('two-step verification settings', () => {
      it('enrols an authenticator for sign-in: QR code, confirmed by its first code, fresh tokens', async () => {
        const anna = await client.signIn(DEMO_LOGINS.personal);
        expect((await call(test.url, 'GET', '/customer/two-step-verification', { token: anna.accessToken })).body).toMatchObject({
          mode: 2,
          typeMode: 'no',
          otpEnrolled: false,
        });
        const started = await call(test.url, 'POST', '/customer/two-step-verification', { token: anna.accessToken, body: { typeMode: 'otp' } });
        expect(started.body).toMatchObject({
          reqId: expect.any(String),
          confirmBy: 'enrolOtp',
          enrolment: { secret: expect.any(String), uri: expect.stringContaining('otpauth://totp/'), qrSvg: expect.stringContaining('<svg') },
        });
        // The authenticator app lists the code under the brand's name.
        expect(started.body.enrolment.uri).toMatch(/^otpauth:\/\/totp\/Paxum:.*[?&]issuer=Paxum(&|$)/);
        const { reqId, enrolment } = started.body;

        const bob = (
          await call(test.url, 'POST', '/auth/login', {
            body: { client: 'spa', username: LOGINS.push, password: DEMO_PASSWORD, codeChallenge: pkcePair().challenge, secret: DEMO_DEVICE_SECRET },
          })
        ).body;
        const stolen = await call(test.url, 'POST', `/customer/two-step-verification/${reqId}/confirm`, {
          token: bob.accessToken,
          body: { code: totp(enrolment.secret) },
        });
        expect(stolen.status).toBe(404);

        const confirmed = await call(test.url, 'POST', `/customer/two-step-verification/${reqId}/confirm`, {
          token: anna.accessToken,
          body: { code: totp(enrolment.secret) },
        });
        expect(confirmed.body).toMatchObject({
          success: true,
          typeMode: 'otp',
          otpEnrolled: true,
          accessToken: expect.any(String),
          refreshToken: expect.any(String),
        });
        expect((await client.post('/auth/refresh', { refreshToken: anna.refreshToken })).status).toBe(403);
        expect((await client.login(DEMO_LOGINS.personal)).body.authFlow).toBe('otp');

        // Back to no second factor: confirmed by the authenticator (the method in use now).
        const off = await call(test.url, 'POST', '/customer/two-step-verification', { token: confirmed.body.accessToken, body: { typeMode: 'no' } });
        expect(off.body.confirmBy).toBe('otp');
        await test.server.db.updateTable('users').set({ totp_last_step: null }).where('email', '=', DEMO_LOGINS.personal).execute();
        const offConfirmed = await call(test.url, 'POST', `/customer/two-step-verification/${off.body.reqId}/confirm`, {
          token: confirmed.body.accessToken,
          body: { code: totp(enrolment.secret) },
        });
        expect(offConfirmed.body.typeMode).toBe('no');
      });

      it('changes the transaction approval mode with an SMS code; five wrong codes burn the request', async () => {
        const sofia = await client.post('/auth/login', { client: 'spa', username: LOGINS.sms, password: DEMO_PASSWORD, codeChallenge: pkcePair().challenge });
        void sofia;
        const anna = await client.signIn(DEMO_LOGINS.personal);
        const push = await call(test.url, 'POST', '/customer/two-step-verification', { token: anna.accessToken, body: { mode: 1 } });
        expect(push).toMatchObject({ status: 400, body: { field: 'mode' } });
        const started = await call(test.url, 'POST', '/customer/two-step-verification', { token: anna.accessToken, body: { mode: 4 } });
        expect(started.body).toMatchObject({ confirmBy: 'sms', destination: '+44 ••• ••• 123' });
        const code = await lastSmsCode(test.url, '447700900123', 'twoStepChange');
        for (let attempt = 0; attempt < 5; attempt += 1) {
          await call(test.url, 'POST', `/customer/two-step-verification/${started.body.reqId}/confirm`, {
            token: anna.accessToken,
            body: { code: code === '000000' ? '000001' : '000000' },
          });
        }
        expect(
          (await call(test.url, 'POST', `/customer/two-step-verification/${started.body.reqId}/confirm`, { token: anna.accessToken, body: { code } })).status,
        ).toBe(404);

        const retry = await call(test.url, 'POST', '/customer/two-step-verification', { token: anna.accessToken, body: { mode: 4 } });
        const fresh = await lastSmsCode(test.url, '447700900123', 'twoStepChange');
        const done = await call(test.url, 'POST', `/customer/two-step-verification/${retry.body.reqId}/confirm`, {
          token: anna.accessToken,
          body: { code: fresh },
        });
        expect(done.body).toMatchObject({ success: true, mode: 4 });
        expect(done.body.accessToken).toBeUndefined();
        expect((await client.rpc('profileInquiry', {}, { token: anna.accessToken })).body.customer.transactionApproveMode).toBe(4);
      });
    });
  });
}
