import websocket from '@fastify/websocket';
import type { SchemaObject } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from '../auth/access-tokens.ts';
import { redeemWithSecondFactor } from '../auth/authorization-codes.ts';
import { bearerToken } from '../auth/bearer.ts';
import { claimAttempt, clearFailedAttempts } from '../auth/login-throttle.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { tellSecondFactorLocked } from '../auth/second-factor-lock.ts';
import { requestTexts } from '../i18n/request-language.ts';
import { requestLanguage, type TextValues } from '../i18n/texts.ts';
import { endSession, rotateRefreshToken, startSession, type SessionTokens } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import { deviceBySecret } from '../devices/devices.ts';
import { deviceRoutes } from '../devices/routes.ts';
import { documentBodyChecks, type CheckedBody } from '../http/json-schema.ts';
import { describeRefusedBody, type RequestError } from '../http/refused-body.ts';
import { decidePushChallenge, resendPush } from '../push/challenges.ts';
import { customerLiveChannel } from '../push/customer-live.ts';
import { livePushChannel } from '../push/live.ts';
import { browserName, browserToken, ensureBrowserToken } from './browser-cookie.ts';
import { approveMethods, confirmDeviceCode, deviceChallenge, rememberBrowser, sendDeviceCode } from './device-approval.ts';
import { chooseLoginFlow, migrationRequirement, secondFactorCheck } from './login-flow.ts';
import { announceLogin, checkLoginPolicies } from './login-policies.ts';
import { openSession } from './open-session.ts';
import { twoStepRoutes } from './two-step-routes.ts';

/** The part of the API bundle the token service reads: its OpenAPI document (schemas/api/rest.openapi.json, bundled by codegen). */
export interface TokenServiceBundle {
  rest: SchemaObject;
}

/** What the token service needs. */
export interface TokenServiceOptions {
  db: Kysely<Database>;
  bundle: TokenServiceBundle;
  tokenKey: Uint8Array;
  adapters: Adapters;
  /** With sandboxes on, the push QR link opens the sandbox device page; otherwise the phone app's link. */
  sandboxes?: boolean;
  /** The brand's project name, which authenticator apps show next to its codes. */
  projectName?: string;
}

interface LoginRequest {
  client: string;
  username: string;
  password: string;
  codeChallenge: string;
  secret?: string;
  pushToken?: string;
}
interface TokenRequest {
  code: string;
  codeVerifier: string;
  otp?: string;
}
interface RefreshRequest {
  refreshToken: string;
}
interface PushKeyRequest {
  key: string;
}
interface ConfirmRequest {
  result: boolean;
}
interface CodeRequestBody {
  code: string;
}

/** A refusal's words in the request's language (locales/<language>/server.json `server.signin`). */
const said = (key: string, values?: TextValues) => requestTexts()(`server.signin.${key}`, values);
/** The wrong-code message with the attempts left. */
const wrongCode = (left: number) => (left === 1 ? said('wrongCodeOneLeft') : said('wrongCodeLeft', { left }));

/**
 * Body checks for the token service, compiled from the component schemas of its OpenAPI document
 * (`rest` in the bundle), so the browser and the server check the same rules.
 */
export function bodyChecks(bundle: TokenServiceBundle) {
  const check = documentBodyChecks(bundle.rest, 'token-service');
  return { check, login: check<LoginRequest>('LoginRequest'), token: check<TokenRequest>('TokenRequest'), refresh: check<RefreshRequest>('RefreshRequest') };
}

/** Answers 400 with the first problem of a body, or hands back the checked body. */
export function checkedBody<T>(reply: FastifyReply, checked: CheckedBody<T>): T | undefined {
  if ('refusal' in checked) {
    void reply.code(400).send(checked.refusal);
    return undefined;
  }
  return checked.body;
}

/**
 * The token service (document 000 section 7). /auth/login checks the password and answers the
 * login flow the user's settings ask for (simple, otp, sms, push, verifyDevice, or direct for a
 * linked phone presenting its secret); /auth/token exchanges code and verifier (and the otp or SMS
 * code) for tokens; /auth/refresh rotates the refresh token; /auth/logout ends the session. Push
 * sign-ins are confirmed by a phone (PUT /auth/login/{key}/confirm) and reported to the browser on a
 * WebSocket (/auth/push/live); new browsers are approved with a code (/auth/devices/.../approve).
 * Also mounts the linked devices (/auth/devices, /device-api/device) and the two-step settings
 * (/customer/two-step-verification). Refusals carry a `message` written for the user.
 *
 * @example
 * await app.register(tokenService, { db, bundle, tokenKey, adapters });
 */
export async function tokenService(app: FastifyInstance, options: TokenServiceOptions): Promise<void> {
  const { db, tokenKey, adapters } = options;
  const checks = bodyChecks(options.bundle);
  const pushKey = checks.check<PushKeyRequest>('PushKeyRequest');
  const confirm = checks.check<ConfirmRequest>('PushConfirmRequest');
  const approvalCode = checks.check<CodeRequestBody>('ApprovalCodeRequest');

  // Bodies Fastify refuses before the handler runs (not JSON, too large) answer like any refusal here.
  app.setErrorHandler((error: RequestError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'token service request failed');
      return reply.code(500).send({ message: said('serviceFailed') });
    }
    return reply.code(status).send({ message: describeRefusedBody(error, requestLanguage(request.headers['accept-language'])) });
  });

  const tokensFor = async (session: SessionTokens) => ({
    accessToken: await signAccessToken(tokenKey, { userId: session.userId, sessionId: session.sessionId }),
    refreshToken: session.refreshToken,
    expiresIn: ACCESS_TOKEN_SECONDS,
  });

  const seenFrom = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });

  /** Tokens for a user who passed every factor: recorded, announced, and this browser remembered. */
  const signedIn = async (request: FastifyRequest, session: SessionTokens) => {
    const user = await db.selectFrom('users').select('email').where('id', '=', session.userId).executeTakeFirstOrThrow();
    const browser = browserToken(request);
    if (browser) await rememberBrowser(db, session.userId, browser, browserName(request.headers['user-agent'] ?? ''));
    await announceLogin({ db, userId: session.userId, login: user.email, ...seenFrom(request), outcome: 'succeeded' }, request.log);
    return tokensFor(session);
  };

  const approvalLink = (request: FastifyRequest) => (confirmKey: string) =>
    options.sandboxes
      ? `${request.protocol}://${request.host}/sandbox/device?key=${encodeURIComponent(confirmKey)}`
      : `bankapp://login-approval?key=${encodeURIComponent(confirmKey)}`;

  app.post('/auth/login', async (request, reply) => {
    const body = checkedBody(reply, checks.login(request.body));
    if (!body) return reply;
    const { username, password, client, codeChallenge } = body;
    const login = username.toLowerCase();
    const throttled = await claimAttempt(db, login, request.ip);
    if (throttled) {
      const message =
        throttled.scope === 'address'
          ? said('tooManyFromNetwork', { minutes: Math.ceil(throttled.waitSeconds / 60) })
          : said('tooManyAttempts', { seconds: throttled.waitSeconds });
      return reply.code(429).send({ message });
    }

    const user = await db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', login).executeTakeFirst();
    const passwordMatches = await verifyPassword(user?.password_hash, password);
    const seen = { db, login, ...seenFrom(request) };
    if (!user || !passwordMatches) {
      request.log.info({ event: 'login refused' }, 'wrong e-mail or password');
      await announceLogin({ ...seen, ...(user ? { userId: user.id } : {}), outcome: 'wrongPassword' }, request.log);
      return reply.code(403).send({ message: said('wrongCredentials') });
    }
    await clearFailedAttempts(db, login, request.ip);
    const refusal = await checkLoginPolicies({ ...seen, userId: user.id, client, body: request.body as Record<string, unknown> });
    if (refusal) {
      await announceLogin({ ...seen, userId: user.id, outcome: 'refused', reason: refusal.body.message }, request.log);
      return reply.code(refusal.status).send(refusal.body);
    }
    const migration = await migrationRequirement(db, user.id);
    const withMigration = <T extends object>(answer: T) => (migration ? { ...answer, migrationRequirement: migration } : answer);

    // direct: the phone app signs in with the password and its linked device's secret; the device
    // is the second factor, so tokens are answered at once.
    if (body.secret) {
      const device = await deviceBySecret(db, user.id, body.secret, body.pushToken);
      if (!device) {
        await announceLogin({ ...seen, userId: user.id, outcome: 'refused', reason: 'unknown device secret' }, request.log);
        return reply.code(403).send({ message: said('deviceNotLinkedPassword'), field: 'secret' });
      }
      return withMigration({ authFlow: 'direct', ...(await signedIn(request, await openSession(db, user.id, client))) });
    }

    const flow = await chooseLoginFlow(db, {
      userId: user.id,
      client,
      codeChallenge,
      browserToken: ensureBrowserToken(request, reply),
      browserName: browserName(seen.userAgent),
      approvalLink: approvalLink(request),
      messages: adapters.messages,
      push: adapters.push,
    });
    if ('refused' in flow) {
      await announceLogin({ ...seen, userId: user.id, outcome: 'refused', reason: flow.refused }, request.log);
      return reply.code(403).send({ message: flow.refused });
    }
    return withMigration(flow);
  });

  app.post('/auth/token', async (request, reply) => {
    const body = checkedBody(reply, checks.token(request.body));
    if (!body) return reply;
    const result = await redeemWithSecondFactor(db, body.code, body.codeVerifier, {
      ...(body.otp ? { otp: body.otp } : {}),
      check: secondFactorCheck(body.code),
    });
    if ('refused' in result) {
      if (result.refused === 'locked') {
        if (result.justLocked) await tellSecondFactorLocked(db, adapters, result.userId, request.log);
        return reply.code(403).send({ message: said('secondFactorLocked'), field: 'otp', locked: true });
      }
      if (result.refused === 'otp') {
        const message = body.otp ? wrongCode(result.attemptsLeft) : said('enterCode');
        return reply.code(403).send({ message, field: 'otp', attemptsLeft: result.attemptsLeft });
      }
      return reply.code(403).send({ message: said('badCode') });
    }
    return signedIn(request, await startSession(db, result.redeemed));
  });

  app.post('/auth/refresh', async (request, reply) => {
    const body = checkedBody(reply, checks.refresh(request.body));
    if (!body) return reply;
    const rotated = await rotateRefreshToken(db, body.refreshToken);
    if (!rotated) return reply.code(403).send({ message: said('sessionExpired') });
    return tokensFor(rotated);
  });

  app.post('/auth/logout', async (request, reply) => {
    const body = checkedBody(reply, checks.refresh(request.body));
    if (!body) return reply;
    await endSession(db, body.refreshToken);
    return { success: true };
  });

  // ---- push sign-in ------------------------------------------------------------------------

  app.put<{ Params: { key: string } }>('/auth/login/:key/confirm', async (request, reply) => {
    const body = checkedBody(reply, confirm(request.body));
    if (!body) return reply;
    const secret = request.headers['x-device-secret'];
    const device = typeof secret === 'string' && secret ? await deviceBySecret(db, undefined, secret) : undefined;
    if (!device) return reply.code(401).send({ message: said('deviceNotLinked') });
    const outcome = await decidePushChallenge(db, request.params.key, device.id, body.result);
    if (outcome === 'notFound') return reply.code(404).send({ message: said('requestUnknown') });
    if (outcome === 'expired') return reply.code(410).send({ message: said('requestExpired') });
    return { success: true };
  });

  app.post('/auth/push/re-send', async (request, reply) => {
    const body = checkedBody(reply, pushKey(request.body));
    if (!body) return reply;
    const sent = await resendPush(db, adapters.push, body.key, browserName(request.headers['user-agent'] ?? ''));
    if (!sent) return reply.code(403).send({ message: said('signInOver') });
    return { success: true };
  });

  await app.register(websocket);
  await app.register(livePushChannel, { db });
  await app.register(customerLiveChannel, { db, tokenKey });

  // ---- new-device approval (verifyDevice) ----------------------------------------------------

  const challengeOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = bearerToken(request);
    const challenge = key ? await deviceChallenge(db, key) : undefined;
    if (!key || !challenge) {
      void reply.code(403).send({ message: said('signInOver') });
      return undefined;
    }
    return { key, challenge };
  };

  app.get('/auth/devices/approve-methods', async (request, reply) => {
    const found = await challengeOf(request, reply);
    if (!found) return reply;
    const methods = await approveMethods(db, found.challenge.user_id);
    return { methods: methods.map(({ id, type, destination }) => ({ id, type, destination })) };
  });

  app.patch<{ Params: { deviceId: string; methodId: string } }>('/auth/devices/:deviceId/approve/:methodId', async (request, reply) => {
    const found = await challengeOf(request, reply);
    if (!found) return reply;
    if (String(found.challenge.browser_id) !== request.params.deviceId) return reply.code(404).send({ message: said('deviceNotWaiting') });
    const destination = await sendDeviceCode(db, adapters.messages, found.challenge, request.params.methodId);
    if (!destination) return reply.code(404).send({ message: said('methodUnavailable'), field: 'methodId' });
    return { success: true, destination };
  });

  app.post<{ Params: { deviceId: string } }>('/auth/devices/:deviceId/approve', async (request, reply) => {
    const body = checkedBody(reply, approvalCode(request.body));
    if (!body) return reply;
    const found = await challengeOf(request, reply);
    if (!found) return reply;
    if (String(found.challenge.browser_id) !== request.params.deviceId) return reply.code(404).send({ message: said('deviceNotWaiting') });
    const result = await confirmDeviceCode(db, found.key, body.code);
    if ('code' in result) return { code: result.code };
    if (result.refused === 'locked') {
      if (result.justLocked) await tellSecondFactorLocked(db, adapters, result.userId, request.log);
      return reply.code(403).send({ message: said('secondFactorLocked'), field: 'code', locked: true });
    }
    if (result.refused === 'wrong') {
      return reply.code(403).send({
        message: wrongCode(result.attemptsLeft),
        field: 'code',
        attemptsLeft: result.attemptsLeft,
      });
    }
    if (result.refused === 'noCode') return reply.code(403).send({ message: said('approvalCodeExpired'), field: 'code' });
    return reply.code(403).send({ message: said('tooManyWrongCodes') });
  });

  // ---- linked devices and two-step settings (bearer access token) ----------------------------

  await app.register(deviceRoutes, { db, tokenKey, check: checks.check });
  await app.register(twoStepRoutes, {
    db,
    tokenKey,
    adapters,
    check: checks.check,
    issueTokens: tokensFor,
    totpIssuer: options.projectName ?? 'Online banking',
  });
}
