import { describe, expect, it, vi } from 'vitest';
import { createTokenService, TokenServiceError } from './token-service.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setUp(answer: (request: Request) => Response, language?: () => string) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    requests.push(request.clone());
    return answer(request);
  });
  return { tokens: createTokenService({ baseUrl: 'http://bank.test', fetch, ...(language ? { language } : {}) }), requests };
}

describe('token service client', () => {
  it('posts the login with the PKCE challenge and returns the flow', async () => {
    const { tokens, requests } = setUp(() => json({ authFlow: 'simple', code: 'c0de' }));
    const challenge = 'x'.repeat(43);
    await expect(tokens.login({ client: 'spa', username: 'personal@example.com', password: 'pw', codeChallenge: challenge })).resolves.toEqual({
      authFlow: 'simple',
      code: 'c0de',
    });
    expect(requests[0]!.method).toBe('POST');
    expect(new URL(requests[0]!.url).pathname).toBe('/auth/login');
    expect(await requests[0]!.json()).toMatchObject({ client: 'spa', codeChallenge: challenge });
  });

  it("throws the service's message on a 403", async () => {
    const { tokens } = setUp(() => json({ message: 'Wrong e-mail or password.' }, 403));
    const error = await tokens.login({ client: 'spa', username: 'a@b.example', password: 'no', codeChallenge: 'x'.repeat(43) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenServiceError);
    expect(error).toMatchObject({ status: 403, message: 'Wrong e-mail or password.' });
  });

  it("asks in the customer's language, Ukrainian as the ISO 'uk', read on every call", async () => {
    let language = 'ru';
    const { tokens, requests } = setUp(
      () => json({ message: 'Неверный адрес электронной почты или пароль.' }, 403),
      () => language,
    );
    await tokens.login({ client: 'spa', username: 'a@b.example', password: 'no', codeChallenge: 'x'.repeat(43) }).catch(() => undefined);
    language = 'ua';
    await tokens.login({ client: 'spa', username: 'a@b.example', password: 'no', codeChallenge: 'x'.repeat(43) }).catch(() => undefined);
    expect(requests.map((request) => request.headers.get('accept-language'))).toEqual(['ru', 'uk']);
  });

  it('exchanges the code and verifier for tokens', async () => {
    const { tokens, requests } = setUp(() => json({ accessToken: 'a', refreshToken: 'r', expiresIn: 300 }));
    await expect(tokens.exchange('c0de', 'v'.repeat(128))).resolves.toMatchObject({ accessToken: 'a', refreshToken: 'r' });
    expect(await requests[0]!.json()).toEqual({ code: 'c0de', codeVerifier: 'v'.repeat(128) });
  });

  it('rejects an exchange answer without tokens', async () => {
    const { tokens } = setUp(() => json({}));
    await expect(tokens.exchange('c0de', 'v'.repeat(128))).rejects.toMatchObject({
      message: '[get token error] strange error',
    });
  });

  it('refuses a refresh the service refuses', async () => {
    const { tokens } = setUp(() => json({ message: 'Session expired.' }, 403));
    await expect(tokens.refresh('r')).rejects.toMatchObject({ status: 403, message: 'Session expired.' });
  });

  it('logs out with the refresh token', async () => {
    const { tokens, requests } = setUp(() => json({ success: true }));
    await tokens.logout('r');
    expect(new URL(requests[0]!.url).pathname).toBe('/auth/logout');
    expect(await requests[0]!.json()).toEqual({ refreshToken: 'r' });
  });
});
