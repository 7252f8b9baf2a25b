import { DEMO_PASSWORD } from '../../server/demo/seed.ts';
import { pkcePair } from '../support/api-client.ts';

export { pkcePair };

/** An HTTP answer: status, parsed JSON body and headers. */
export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/**
 * Talks to a test server the way the browser application does: token service over REST, methods
 * over `POST /api?method=<name>`.
 *
 * @example
 * const client = new ApiClient(test.url);
 * const tokens = await client.signIn('personal@example.com');
 * const { body } = await client.rpc('balanceInquiry', {}, { token: tokens.accessToken });
 */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async post<T = any>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }

  async get(path: string): Promise<{ status: number; text: string; headers: Headers }> {
    const response = await fetch(`${this.baseUrl}${path}`);
    return { status: response.status, text: await response.text(), headers: response.headers };
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
  rpc<T = any>(method: string, params: object = {}, options: { token?: string; customerId?: number | string } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.customerId !== undefined) headers['customer-id'] = String(options.customerId);
    return this.post<T>(`/api?method=${encodeURIComponent(method)}`, { method, ...params }, headers);
  }
}
