import { createHash, randomBytes } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { DEMO_PASSWORD } from '../../server/demo/seed.ts';

/**
 * JSON as a test reads it: the server has checked it against the API schemas, and the test asserts on
 * the fields it cares about without restating every response type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON loosely on purpose (above); only here.
export type Json = any;

/** An HTTP answer: status, parsed JSON body and headers. */
export interface Answer<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** A PKCE pair as the browser makes it: a 128-character verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(96).toString('base64url').slice(0, 128);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

function toHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/**
 * One HTTP exchange over node:http rather than the global fetch, so the same client works in test files
 * that run in a DOM environment (where fetch belongs to the simulated browser).
 */
function exchange(
  url: string,
  method: 'GET' | 'POST',
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: toHeaders(res.headers) }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * Talks to a test server the way the browser application does: token service over REST, methods
 * over `POST /api?method=<name>`.
 *
 * @example
 * const client = new ApiClient(server.url);
 * const tokens = await client.signIn('personal@example.com');
 * const { body } = await client.rpc('balanceInquiry', {}, { token: tokens.accessToken });
 */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async post<T = Json>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const answer = await exchange(`${this.baseUrl}${path}`, 'POST', body, headers);
    try {
      return { status: answer.status, body: answer.text ? JSON.parse(answer.text) : undefined, headers: answer.headers };
    } catch {
      throw new Error(`${path} answered ${answer.status} with non-JSON: ${answer.text.slice(0, 200)}`);
    }
  }

  get(path: string): Promise<{ status: number; text: string; headers: Headers }> {
    return exchange(`${this.baseUrl}${path}`, 'GET');
  }

  /** /auth/login with a fresh PKCE pair; the answer and the verifier that goes with it. */
  async login(username: string, password = DEMO_PASSWORD): Promise<Answer & { verifier: string }> {
    const { verifier, challenge } = pkcePair();
    const answer = await this.post('/auth/login', { client: 'spa', username, password, codeChallenge: challenge });
    return { ...answer, verifier };
  }

  /** The whole sign-in: login, then the code and verifier exchanged for tokens. */
  async signIn(username: string, password = DEMO_PASSWORD): Promise<Tokens> {
    const login = await this.login(username, password);
    if (login.status !== 200) throw new Error(`login of ${username} answered ${login.status}: ${JSON.stringify(login.body)}`);
    const tokens = await this.post<Tokens>('/auth/token', { code: login.body.code, codeVerifier: login.verifier });
    if (tokens.status !== 200) throw new Error(`token exchange answered ${tokens.status}: ${JSON.stringify(tokens.body)}`);
    return tokens.body;
  }

  /** One RPC call; `token` and `customerId` become the Authorization and Customer-Id headers. */
  rpc<T = Json>(method: string, params: object = {}, options: { token?: string; customerId?: number | string } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.customerId !== undefined) headers['customer-id'] = String(options.customerId);
    return this.post<T>(`/api?method=${encodeURIComponent(method)}`, { method, ...params }, headers);
  }
}

/**
 * Signs in and returns a caller of RPC methods for that session, answering with the whole body
 * (responseCode included). Used by tests to learn what the server holds.
 *
 * @example
 * const api = await signIn(server.url, 'personal@example.com');
 * const { accounts } = await api.call('balanceInquiry', {});
 */
export async function signIn(baseUrl: string, username: string, password = DEMO_PASSWORD) {
  const client = new ApiClient(baseUrl);
  const tokens = await client.signIn(username, password);
  return {
    ...tokens,
    call: async (method: string, params: Record<string, unknown>): Promise<Record<string, Json>> =>
      (await client.rpc(method, params, { token: tokens.accessToken })).body,
  };
}
