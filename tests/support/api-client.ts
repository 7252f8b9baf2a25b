import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';

/**
 * POSTs JSON with node:http rather than the global fetch, so the same helper works in test files
 * that run in a DOM environment (where fetch belongs to the simulated browser).
 */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined });
        } catch (error) {
          reject(new Error(`${url} answered ${res.statusCode} with non-JSON: ${text.slice(0, 200)}`));
        }
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** A PKCE pair as the browser makes it: a 128-character verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(96).toString('base64url').slice(0, 128);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/**
 * Signs in through the token service the way the application does (login, then code exchange) and
 * returns a caller for RPC methods. Used by tests to learn what the server holds.
 *
 * @example
 * const api = await signIn(server.url, 'personal@example.com', 'Demo-pass-2026');
 * const { accounts } = await api.call('balanceInquiry', {});
 */
export async function signIn(baseUrl: string, username: string, password: string) {
  const { verifier, challenge } = pkcePair();
  const login = await postJson(`${baseUrl}/auth/login`, { client: 'spa', username, password, codeChallenge: challenge });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.json)}`);
  const token = await postJson(`${baseUrl}/auth/token`, { code: login.json.code, codeVerifier: verifier });
  if (token.status !== 200) throw new Error(`token answered ${token.status}: ${JSON.stringify(token.json)}`);
  const { accessToken, refreshToken } = token.json as { accessToken: string; refreshToken: string };
  return {
    accessToken,
    refreshToken,
    /** Calls one RPC method and returns the whole answer (responseCode included). */
    async call(method: string, params: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Record<string, any>> {
      const response = await postJson(`${baseUrl}/api?method=${method}`, { method, ...params }, { authorization: `Bearer ${accessToken}`, ...headers });
      return response.json as Record<string, any>;
    },
  };
}
