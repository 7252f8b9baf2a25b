import createClient from 'openapi-fetch';
import type { components, paths } from '../../generated/rest.ts';
import { serverLanguage } from '../i18n/languages.ts';

export type LoginRequest = components['schemas']['LoginRequest'];
export type LoginResult = components['schemas']['LoginResult'];
export type Tokens = components['schemas']['TokenResponse'];

/**
 * A refusal by the token service: the HTTP status and the service's own `message`, which is written
 * for the user ('Wrong e-mail or password.') and is shown as it is.
 */
export class TokenServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The request field the message concerns, when the service names one. */
    readonly field?: string,
    /** For a wrong second-factor code: how many tries remain before the sign-in must start over. */
    readonly attemptsLeft?: number,
  ) {
    super(message);
    this.name = 'TokenServiceError';
  }
}

/** The token service calls the session makes (document 000 section 7). */
export interface TokenService {
  login(request: LoginRequest): Promise<LoginResult>;
  /** `otp`: the authenticator or SMS code of the otp and sms flows. */
  exchange(code: string, codeVerifier: string, otp?: string): Promise<Tokens>;
  refresh(refreshToken: string): Promise<Tokens>;
  logout(refreshToken: string): Promise<void>;
}

interface Failure {
  error?: { message?: string; field?: string; attemptsLeft?: number };
  response: Response;
}

const refusal = ({ error, response }: Failure, fallback: string) =>
  new TokenServiceError(response.status, error?.message || fallback, error?.field, error?.attemptsLeft);

/**
 * Makes the token service client, typed by the OpenAPI document through openapi-fetch. Refusals
 * throw a {@link TokenServiceError} carrying the service's message, or the document's fallback text.
 *
 * @example
 * const tokens = createTokenService({ language: () => i18n.language });
 * const { code } = await tokens.login({ client: 'spa', username, password, codeChallenge });
 * const { accessToken, refreshToken } = await tokens.exchange(code!, codeVerifier);
 */
export function createTokenService(options: { baseUrl?: string; fetch?: typeof fetch; language?: () => string } = {}): TokenService {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    // The browser cookie (new-device approval) goes with the call also to an environment's API on another origin.
    credentials: 'include',
    // Looked up on every call rather than captured once, so a replaced global fetch is honoured.
    // The service answers refusals in the customer's chosen language, as the RPC endpoint does.
    fetch: (request) => {
      if (options.language) request.headers.set('Accept-Language', serverLanguage(options.language()));
      return (options.fetch ?? globalThis.fetch)(request);
    },
  });

  const tokensFrom = (data: Tokens | undefined): Tokens => {
    if (!data?.accessToken || !data.refreshToken) {
      throw new TokenServiceError(200, '[get token error] strange error');
    }
    return data;
  };

  return {
    async login(request) {
      const answer = await client.POST('/auth/login', { body: request });
      if (!answer.data) throw refusal(answer, 'unknown error');
      return answer.data;
    },
    async exchange(code, codeVerifier, otp) {
      const answer = await client.POST('/auth/token', { body: { code, codeVerifier, ...(otp ? { otp } : {}) } });
      if (!answer.data) throw refusal(answer, '[get token error] bad status');
      return tokensFrom(answer.data);
    },
    async refresh(refreshToken) {
      const answer = await client.POST('/auth/refresh', { body: { refreshToken } });
      if (!answer.data) throw refusal(answer, 'sessionExpired');
      return tokensFrom(answer.data);
    },
    async logout(refreshToken) {
      const answer = await client.POST('/auth/logout', { body: { refreshToken } });
      if (answer.error) throw refusal(answer, 'unknown error');
    },
  };
}
