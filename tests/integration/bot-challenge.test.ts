/**
 * The bot challenge on registration and account recovery (issue 19 item 5; document 002 section 3, the
 * brand's bot-challenge site key), against the real server on PGlite: each guarded call is refused with
 * TA1 on `challengeToken` without a token, with a made-up one, with one solved for another site key and
 * with one already spent, and runs with a fresh token from the sandbox provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.ts';
import { solvedChallenge } from '../support/bot-challenge.ts';
import { startTestServer, type TestServer } from './harness.ts';

const MISSING = { field: 'challengeToken', description: 'Tick "I am not a robot" before sending.' };
const REFUSED = { field: 'challengeToken', description: expect.stringMatching(/expired or was already used/) };

describe('bot challenge', () => {
  let test: TestServer;
  let client: ApiClient;
  let serial = 0;

  /** The three calls the challenge guards, each with valid data but the token. */
  const guarded: Record<string, () => Record<string, unknown>> = {
    accountCreate: () => ({
      firstName: 'Robo',
      lastName: 'Tester',
      username: `robo.${Date.now()}.${++serial}@example.com`,
      password: 'Register-2026',
      residenceCountryCode: 'RO',
      birthDay: '1990-05-17',
      registrationType: 'freelancers',
      acceptedTerms: ['privacyPolicy', 'userAgreement'],
    }),
    passwordChangeRequest: () => ({ email: `ghost.${++serial}@example.com` }),
    accountRecoveryRequest: () => ({ firstName: 'Nobody', lastName: 'Known', dob: '1970-01-01', recoveryEmail: `lost.${++serial}@example.com` }),
  };

  beforeAll(async () => {
    test = await startTestServer({ name: 'PGlite' });
    client = new ApiClient(test.url);
  });
  afterAll(() => test?.close());

  for (const [method, params] of Object.entries(guarded)) {
    it(`${method}: refused without a token, with a made-up or foreign or spent one; runs with a solved one`, async () => {
      const without = await client.rpc(method, params());
      expect(without.body.responseCode).toBe('TA1');
      expect(without.body.validationErrors).toEqual([MISSING]);

      const madeUp = await client.rpc(method, { ...params(), challengeToken: 'not-a-token' });
      expect(madeUp.body.responseCode).toBe('TA1');
      expect(madeUp.body.validationErrors).toEqual([REFUSED]);

      const foreign = await client.rpc(method, { ...params(), challengeToken: await solvedChallenge(test.url, 'aplus') });
      expect(foreign.body.validationErrors).toEqual([REFUSED]);

      const token = await solvedChallenge(test.url);
      const solved = await client.rpc(method, { ...params(), challengeToken: token });
      expect(solved.body.responseCode).toBe('00');

      const spent = await client.rpc(method, { ...params(), challengeToken: token });
      expect(spent.body.responseCode).toBe('TA1');
      expect(spent.body.validationErrors).toEqual([REFUSED]);
    });
  }

  it('the sandbox provider refuses a malformed site key', async () => {
    const answer = await client.post('/sandbox/bot-challenge/solve', { siteKey: 'no spaces allowed' });
    expect(answer.status).toBe(400);
  });
});
