import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiBundle } from '../api-bundle.ts';
import type { Database } from '../db/schema.ts';
import { createSchemaValidator, fieldErrors } from '../http/json-schema.ts';
import { describeRefusedBody, type RequestError } from '../http/refused-body.ts';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from './access-tokens.ts';
import { issueAuthorizationCode, redeemAuthorizationCode } from './authorization-codes.ts';
import { clearFailedAttempts, recordFailedAttempt, secondsUntilUnlocked } from './login-throttle.ts';
import type { Adapters } from '../adapters/index.ts';
import { announceLogin, checkLoginPolicies } from './login-policies.ts';
import { verifyPassword } from './passwords.ts';
import { endSession, rotateRefreshToken, startSession, type SessionTokens } from './sessions.ts';

/** What the token service needs. */
export interface TokenServiceOptions {
  db: Kysely<Database>;
  bundle: ApiBundle;
  tokenKey: Uint8Array;
  adapters: Adapters;
}

interface LoginRequest {
  client: string;
  username: string;
  password: string;
  codeChallenge: string;
}
interface TokenRequest {
  code: string;
  codeVerifier: string;
}
interface RefreshRequest {
  refreshToken: string;
}

const WRONG_CREDENTIALS = 'Wrong e-mail or password.';
const BAD_CODE = 'The sign-in code is invalid, used or expired. Sign in again.';
const SESSION_EXPIRED = 'Session expired.';

/** A checked request body, or the 400 answer that explains the first problem. */
type Checked<T> = { body: T } | { refusal: { message: string; field: string } };

/**
 * Body checks for the token service, compiled from the component schemas of its OpenAPI document
 * (`rest` in the bundle), so the browser and the server check the same rules.
 */
function bodyChecks(bundle: ApiBundle) {
  const ajv = createSchemaValidator();
  ajv.addSchema(bundle.rest, 'token-service');
  const check = <T>(name: string) => {
    const validate = ajv.compile<T>({ $ref: `token-service#/components/schemas/${name}` });
    return (body: unknown): Checked<T> => {
      if (validate(body)) return { body };
      const [first] = fieldErrors(validate.errors);
      const field = first?.field ?? '';
      const message = field ? `${field} ${first!.description}.` : `The request body ${first?.description ?? 'is not valid'}: send a JSON object.`;
      return { refusal: { message, field } };
    };
  };
  return {
    login: check<LoginRequest>('LoginRequest'),
    token: check<TokenRequest>('TokenRequest'),
    refresh: check<RefreshRequest>('RefreshRequest'),
  };
}

/**
 * The token service (document 000 section 7): /auth/login checks the password and answers a
 * single-use code bound to a PKCE challenge; /auth/token exchanges code and verifier for tokens;
 * /auth/refresh rotates the refresh token; /auth/logout ends the session. Refusals are HTTP 403
 * with a `message` written for the user.
 *
 * @example
 * await app.register(tokenService, { db, bundle, tokenKey });
 */
export async function tokenService(app: FastifyInstance, options: TokenServiceOptions): Promise<void> {
  const { db, tokenKey } = options;
  const checks = bodyChecks(options.bundle);

  // Bodies Fastify refuses before the handler runs (not JSON, too large) answer like any refusal here.
  app.setErrorHandler((error: RequestError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'token service request failed');
      return reply.code(500).send({ message: 'The sign-in service failed. Try again in a moment.' });
    }
    return reply.code(status).send({ message: describeRefusedBody(error) });
  });

  const tokensFor = async (session: SessionTokens) => ({
    accessToken: await signAccessToken(tokenKey, { userId: session.userId, sessionId: session.sessionId }),
    refreshToken: session.refreshToken,
    expiresIn: ACCESS_TOKEN_SECONDS,
  });

  app.post('/auth/login', async (request, reply) => {
    const checked = checks.login(request.body);
    if ('refusal' in checked) return reply.code(400).send(checked.refusal);
    const { username, password, client, codeChallenge } = checked.body;
    const login = username.toLowerCase();
    const wait = await secondsUntilUnlocked(db, login);
    if (wait > 0) return reply.code(429).send({ message: `Too many attempts. Try again in ${wait} seconds.` });

    const user = await db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', login).executeTakeFirst();
    const passwordMatches = await verifyPassword(user?.password_hash, password);
    const seen = { db, login, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
    if (!user || !passwordMatches) {
      await recordFailedAttempt(db, login);
      request.log.info({ event: 'login refused' }, 'wrong e-mail or password');
      await announceLogin({ ...seen, ...(user ? { userId: user.id } : {}), outcome: 'wrongPassword' }, request.log);
      return reply.code(403).send({ message: WRONG_CREDENTIALS });
    }
    await clearFailedAttempts(db, login);
    const refusal = await checkLoginPolicies({ ...seen, userId: user.id, client, body: request.body as Record<string, unknown> });
    if (refusal) {
      await announceLogin({ ...seen, userId: user.id, outcome: 'refused', reason: refusal.body.message }, request.log);
      return reply.code(refusal.status).send(refusal.body);
    }
    await announceLogin({ ...seen, userId: user.id, outcome: 'succeeded' }, request.log);
    const code = await issueAuthorizationCode(db, { userId: user.id, client, codeChallenge });
    return { authFlow: 'simple', code };
  });

  app.post('/auth/token', async (request, reply) => {
    const checked = checks.token(request.body);
    if ('refusal' in checked) return reply.code(400).send(checked.refusal);
    const redeemed = await redeemAuthorizationCode(db, checked.body.code, checked.body.codeVerifier);
    if (!redeemed) return reply.code(403).send({ message: BAD_CODE });
    return tokensFor(await startSession(db, redeemed));
  });

  app.post('/auth/refresh', async (request, reply) => {
    const checked = checks.refresh(request.body);
    if ('refusal' in checked) return reply.code(400).send(checked.refusal);
    const rotated = await rotateRefreshToken(db, checked.body.refreshToken);
    if (!rotated) return reply.code(403).send({ message: SESSION_EXPIRED });
    return tokensFor(rotated);
  });

  app.post('/auth/logout', async (request, reply) => {
    const checked = checks.refresh(request.body);
    if ('refusal' in checked) return reply.code(400).send(checked.refusal);
    await endSession(db, checked.body.refreshToken);
    return { success: true };
  });
}
