/**
 * Getting in, against the real server on PGlite and PostgreSQL: registration with the brand's rules,
 * activation by the e-mailed code (read from the sandbox outbox), account recovery by e-mail and by
 * personal data, and the signed-in password change. Codes are refused when wrong, expired, reused
 * or tried too often; recovery answers alike for unknown e-mails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../../server/demo/seed.ts';
import { ApiClient } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { solvedChallenge } from '../support/bot-challenge.ts';

const NEW_PASSWORD = 'Fresh-pass-2027';

interface OutboxMessage {
  channel: string;
  to: string;
  subject: string | null;
  body: string;
  purpose: string;
}

let serial = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${++serial}@example.com`;

function registration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Mara',
    lastName: 'Ionescu',
    username: email,
    password: 'Register-2026',
    residenceCountryCode: 'RO',
    birthDay: '1990-05-17',
    phoneCountryCode: '+40',
    phone: '721 000 111',
    registrationType: 'freelancers',
    acceptedTerms: ['privacyPolicy', 'userAgreement'],
    ...overrides,
  };
}

for (const backend of BACKENDS) {
  describe(`getting in on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;

    const outbox = async (to: string, purpose?: string): Promise<OutboxMessage[]> => {
      const query = new URLSearchParams({ to, ...(purpose ? { purpose } : {}) });
      const answer = await client.get(`/sandbox/outbox/messages?${query}`);
      return JSON.parse(answer.text).messages;
    };
    const latestCode = async (to: string, purpose: string): Promise<string> => {
      const [message] = await outbox(to, purpose);
      const code = /\b([0-9]{6})\b/.exec(message?.body ?? '')?.[1];
      if (!code) throw new Error(`no ${purpose} code sent to ${to}`);
      return code;
    };
    /** A registration with the sandbox bot challenge solved, as the form sends it. */
    const solvedRegistration = async (email: string, overrides: Record<string, unknown> = {}) => ({
      ...registration(email, overrides),
      challengeToken: await solvedChallenge(client.baseUrl),
    });
    const register = async (email: string, overrides: Record<string, unknown> = {}) => {
      const answer = await client.rpc('accountCreate', await solvedRegistration(email, overrides));
      expect(answer.body).toMatchObject({ responseCode: '00', username: email.toLowerCase() });
    };
    const users = async (email: string) => test.server.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).execute();

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
    });
    afterAll(() => test?.close());

    it('registers, e-mails the code, refuses sign-in until activated, then activates into a working session', async () => {
      const email = uniqueEmail('Mara');
      expect((await client.rpc('checkEmail', { email })).body.status).toBe(0);
      await register(email);
      expect((await client.rpc('checkEmail', { email })).body.status).toBe(2);

      const [mail] = await outbox(email.toLowerCase(), 'activation');
      expect(mail?.subject).toBe('Paxum: activate your account');
      const code = await latestCode(email.toLowerCase(), 'activation');
      expect(mail?.body).toContain(`${test.url}/activate?username=${encodeURIComponent(email.toLowerCase())}&activationCode=${code}`);

      const early = await client.login(email, 'Register-2026');
      expect(early.status).toBe(403);
      expect(early.body.message).toMatch(/Activate your account first/);

      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await client.rpc('accountActivate', { username: email, activationCode: wrongCode });
      expect(wrong.body.responseCode).toBe('VF');
      expect(wrong.body.validationErrors).toEqual([{ field: 'activationCode', description: 'This code is wrong: 4 tries left.' }]);

      const activated = await client.rpc('accountActivate', { username: email, activationCode: code });
      expect(activated.body.responseCode).toBe('00');
      const profile = await client.rpc('profileInquiry', {}, { token: activated.body.accessToken });
      expect(profile.body.responseCode).toBe('00');
      expect(profile.body.profile).toMatchObject({ firstName: 'Mara', lastName: 'Ionescu', birthDay: '1990-05-17', residenceCountryCode: 'RO' });
      expect(profile.body.phones).toEqual([expect.objectContaining({ countryCode: '40', number: '721000111', confirmed: false })]);
      const refreshed = await client.post('/auth/refresh', { refreshToken: activated.body.refreshToken });
      expect(refreshed.status).toBe(200);

      const reused = await client.rpc('accountActivate', { username: email, activationCode: code });
      expect(reused.body.responseCode).toBe('VF');
      expect((await client.rpc('checkEmail', { email })).body.status).toBe(1);
      expect((await client.login(email, 'Register-2026')).status).toBe(200);
    });

    it('refuses a taken e-mail, a missing term, a minor and a weak password, creating nothing', async () => {
      const taken = await client.rpc('accountCreate', await solvedRegistration(DEMO_LOGINS.personal.toUpperCase()));
      expect(taken.body.responseCode).toBe('TA1');
      expect(taken.body.validationErrors).toEqual([{ field: 'username', description: expect.stringMatching(/already exists/) }]);

      const email = uniqueEmail('refused');
      const noTerms = await client.rpc('accountCreate', await solvedRegistration(email, { acceptedTerms: ['privacyPolicy'] }));
      expect(noTerms.body.validationErrors).toEqual([{ field: 'acceptedTerms', description: 'Accept User Agreement to register.' }]);
      const thisYear = new Date().getUTCFullYear();
      const minor = await client.rpc('accountCreate', await solvedRegistration(email, { birthDay: `${thisYear - 10}-01-01` }));
      expect(minor.body.validationErrors).toEqual([{ field: 'birthDay', description: expect.stringMatching(/at least 18/) }]);
      const weak = await client.rpc('accountCreate', await solvedRegistration(email, { password: 'password' }));
      expect(weak.body.responseCode).toBe('TA1');
      expect(weak.body.validationErrors.map((e: { field: string }) => e.field)).toEqual(['password']);
      expect(await users(email)).toEqual([]);
      expect(await outbox(email.toLowerCase())).toEqual([]);
    });

    it('refuses expired codes, spends a code after five wrong tries, and resends once a minute', async () => {
      const email = uniqueEmail('late');
      await register(email);
      const first = await latestCode(email.toLowerCase(), 'activation');
      const [{ id: userId }] = (await users(email)) as [{ id: number }];

      const tooSoon = await client.rpc('activationCodeResend', { username: email });
      expect(tooSoon.body.responseCode).toBe('VF');
      expect(tooSoon.body.responseDescription).toMatch(/Wait \d+ seconds/);

      await test.server.db
        .updateTable('registrations')
        .set({ code_expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', userId)
        .execute();
      const expired = await client.rpc('accountActivate', { username: email, activationCode: first });
      expect(expired.body.validationErrors[0].description).toMatch(/expired/);

      await test.server.db
        .updateTable('registrations')
        .set({ code_sent_at: new Date(Date.now() - 120_000) })
        .where('user_id', '=', userId)
        .execute();
      expect((await client.rpc('activationCodeResend', { username: email })).body).toMatchObject({ responseCode: '00', resendAfterSeconds: 60 });
      const second = await latestCode(email.toLowerCase(), 'activation');
      const wrong = second === '999999' ? '999998' : '999999';
      if (first !== second) expect((await client.rpc('accountActivate', { username: email, activationCode: first })).body.responseCode).toBe('VF');
      for (let i = 0; i < 5; i++) await client.rpc('accountActivate', { username: email, activationCode: wrong });
      const spent = await client.rpc('accountActivate', { username: email, activationCode: second });
      expect(spent.body.validationErrors[0].description).toMatch(/Too many wrong codes/);

      // Resending for an unknown e-mail answers alike and sends nothing.
      const unknown = uniqueEmail('nobody');
      expect((await client.rpc('activationCodeResend', { username: unknown })).body).toMatchObject({ responseCode: '00', resendAfterSeconds: 60 });
      expect(await outbox(unknown.toLowerCase())).toEqual([]);
    });

    it('recovers to a new password by e-mail: the old one stops working and every session ends', async () => {
      const email = uniqueEmail('recover');
      await register(email);
      const session = await client.rpc('accountActivate', { username: email, activationCode: await latestCode(email.toLowerCase(), 'activation') });
      expect(session.body.responseCode).toBe('00');

      const known = await client.rpc('passwordChangeRequest', { email, challengeToken: await solvedChallenge(client.baseUrl) });
      const unknown = await client.rpc('passwordChangeRequest', { email: uniqueEmail('ghost'), challengeToken: await solvedChallenge(client.baseUrl) });
      const shape = (body: Record<string, unknown>) => ({ ...body, taskId: typeof body.taskId, codeExpiresInSeconds: typeof body.codeExpiresInSeconds });
      expect(shape(unknown.body)).toEqual(shape(known.body));
      expect(known.body).toMatchObject({ responseCode: '00', verificationStatus: 'codeSent', channel: 'email' });

      const code = await latestCode(email.toLowerCase(), 'recovery');
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrongOnUnknown = await client.rpc('passwordChangeCodeCheck', { taskId: unknown.body.taskId, code: wrongCode });
      const wrongOnKnown = await client.rpc('passwordChangeCodeCheck', { taskId: known.body.taskId, code: wrongCode });
      expect(wrongOnUnknown.body).toEqual(wrongOnKnown.body);
      expect(wrongOnKnown.body.responseCode).toBe('VF');

      expect((await client.rpc('passwordChangeCodeCheck', { taskId: known.body.taskId, code })).body).toMatchObject({ responseCode: '00', valid: true });
      const weak = await client.rpc('passwordChangeWithCode', { taskId: known.body.taskId, code, password: 'short' });
      expect(weak.body.responseCode).toBe('TA1');
      const changed = await client.rpc('passwordChangeWithCode', { taskId: known.body.taskId, code, password: NEW_PASSWORD });
      expect(changed.body).toMatchObject({ responseCode: '00', success: true });

      expect((await client.rpc('profileInquiry', {}, { token: session.body.accessToken })).body.responseCode).toBe('AU');
      expect((await client.post('/auth/refresh', { refreshToken: session.body.refreshToken })).status).toBe(403);
      expect((await client.login(email, 'Register-2026')).status).toBe(403);
      expect((await client.login(email, NEW_PASSWORD)).status).toBe(200);
      expect((await outbox(email.toLowerCase(), 'passwordChanged')).length).toBe(1);

      const reused = await client.rpc('passwordChangeWithCode', { taskId: known.body.taskId, code, password: 'Another-pass-1' });
      expect(reused.body.responseCode).toBe('VF');
      expect((await client.login(email, NEW_PASSWORD)).status).toBe(200);
    });

    it('refuses an expired recovery code and a task id that does not exist', async () => {
      const task = await client.rpc('passwordChangeRequest', { email: DEMO_LOGINS.business, challengeToken: await solvedChallenge(client.baseUrl) });
      const code = await latestCode(DEMO_LOGINS.business, 'recovery');
      await test.server.db
        .updateTable('recovery_tasks')
        .set({ code_expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', task.body.taskId)
        .execute();
      const expired = await client.rpc('passwordChangeWithCode', { taskId: task.body.taskId, code, password: NEW_PASSWORD });
      expect(expired.body.validationErrors[0]).toEqual({ field: 'code', description: expect.stringMatching(/expired/) });
      expect((await client.login(DEMO_LOGINS.business, DEMO_PASSWORD)).status).toBe(200);
      const missing = await client.rpc('accountRecoveryStatus', { taskId: '00000000-0000-4000-8000-000000000000' });
      expect(missing.body.responseCode).toBe('13');
    });

    it('recovers by personal data with an SMS to the confirmed phone, and rejects details that match nobody', async () => {
      const recoveryEmail = uniqueEmail('lost');
      const nobody = await client.rpc('accountRecoveryRequest', {
        firstName: 'Nobody',
        lastName: 'Known',
        dob: '1970-01-01',
        recoveryEmail,
        challengeToken: await solvedChallenge(client.baseUrl),
      });
      expect(nobody.body).toMatchObject({ responseCode: '00', verificationStatus: 'rejected', rejectReason: 'detailsDoNotMatch', isRetryable: true });
      expect((await client.rpc('passwordChangeCodeCheck', { taskId: nobody.body.taskId, code: '123456' })).body.responseCode).toBe('VF');

      const anna = await client.rpc('accountRecoveryRequest', {
        firstName: 'anna',
        lastName: 'NOVAK',
        dob: '1991-04-12',
        recoveryEmail,
        challengeToken: await solvedChallenge(client.baseUrl),
      });
      expect(anna.body).toMatchObject({ verificationStatus: 'codeSent', isRetryable: false, maskedPhone: '+44 ••••••0123', channel: 'personalData' });
      expect((await client.rpc('accountRecoveryStatus', { taskId: anna.body.taskId })).body.verificationStatus).toBe('codeSent');
      expect((await outbox(recoveryEmail.toLowerCase(), 'recovery')).length).toBe(2);
      const code = await latestCode('447700900123', 'recovery');
      const changed = await client.rpc('passwordChangeWithCode', { taskId: anna.body.taskId, code, password: NEW_PASSWORD });
      expect(changed.body.responseCode).toBe('00');
      expect((await client.rpc('accountRecoveryStatus', { taskId: anna.body.taskId })).body.verificationStatus).toBe('completed');
      expect((await client.login(DEMO_LOGINS.personal, NEW_PASSWORD)).status).toBe(200);
    });

    it("changes a signed-in user's password with an e-mailed code, keeping this session and ending the others", async () => {
      const email = uniqueEmail('change');
      await register(email);
      const here = (await client.rpc('accountActivate', { username: email, activationCode: await latestCode(email.toLowerCase(), 'activation') })).body;
      const elsewhere = await client.signIn(email, 'Register-2026');

      const wrongCurrent = await client.rpc(
        'passwordChange',
        { password: 'Not-it-2026', passwordNew: NEW_PASSWORD, passwordNewRepeat: NEW_PASSWORD },
        { token: here.accessToken },
      );
      expect(wrongCurrent.body.validationErrors).toEqual([{ field: 'password', description: 'The current password is wrong.' }]);
      const mismatch = await client.rpc(
        'passwordChange',
        { password: 'Register-2026', passwordNew: NEW_PASSWORD, passwordNewRepeat: 'Fresh-pass-2028' },
        { token: here.accessToken },
      );
      expect(mismatch.body.validationErrors[0].field).toBe('passwordNewRepeat');

      const request = await client.rpc(
        'passwordChange',
        { password: 'Register-2026', passwordNew: NEW_PASSWORD, passwordNewRepeat: NEW_PASSWORD },
        { token: here.accessToken },
      );
      expect(request.body).toMatchObject({ responseCode: '00', channel: 'email' });
      const code = await latestCode(email.toLowerCase(), 'passwordChange');

      const stranger = await client.signIn(DEMO_LOGINS.business);
      const foreign = await client.rpc('passwordChangeConfirm', { code, requestKey: request.body.requestKey }, { token: stranger.accessToken });
      expect(foreign.body.responseCode).toBe('13');
      expect((await client.login(email, 'Register-2026')).status).toBe(200);

      const wrongCode = code === '000000' ? '111111' : '000000';
      expect(
        (await client.rpc('passwordChangeConfirm', { code: wrongCode, requestKey: request.body.requestKey }, { token: here.accessToken })).body.responseCode,
      ).toBe('VF');
      const confirmed = await client.rpc('passwordChangeConfirm', { code, requestKey: request.body.requestKey }, { token: here.accessToken });
      expect(confirmed.body).toMatchObject({ responseCode: '00', message: 'Your password has been successfully updated.' });
      expect((await client.rpc('profileInquiry', {}, { token: here.accessToken })).body.responseCode).toBe('00');
      expect((await client.rpc('profileInquiry', {}, { token: elsewhere.accessToken })).body.responseCode).toBe('AU');
      expect((await client.login(email, NEW_PASSWORD)).status).toBe(200);

      const again = await client.rpc(
        'passwordChange',
        { password: NEW_PASSWORD, passwordNew: 'Third-pass-2029', passwordNewRepeat: 'Third-pass-2029' },
        { token: here.accessToken },
      );
      const cancelled = await client.rpc('passwordChangeCancel', { requestKey: again.body.requestKey }, { token: here.accessToken });
      expect(cancelled.body).toMatchObject({ responseCode: '00', message: 'Confirmation canceled' });
      const late = await client.rpc(
        'passwordChangeConfirm',
        { code: await latestCode(email.toLowerCase(), 'passwordChange'), requestKey: again.body.requestKey },
        { token: here.accessToken },
      );
      expect(late.body.responseCode).toBe('VF');
      expect((await client.login(email, NEW_PASSWORD)).status).toBe(200);
    });
  });

  describe(`a brand without registration on ${backend.name}`, () => {
    let test: TestServer;
    beforeAll(async () => {
      test = await startTestServer(backend, { brand: 'paydek' });
    });
    afterAll(() => test?.close());

    it('refuses to register and creates nothing', async () => {
      const client = new ApiClient(test.url);
      const email = uniqueEmail('paydek');
      const answer = await client.rpc('accountCreate', { ...registration(email), challengeToken: await solvedChallenge(test.url, 'paydek') });
      expect(answer.body.responseCode).toBe('ENOA');
      expect(answer.body.responseDescription).toMatch(/Registration is not offered/);
      expect(await test.server.db.selectFrom('users').select('id').where('email', '=', email.toLowerCase()).execute()).toEqual([]);
    });
  });
}
