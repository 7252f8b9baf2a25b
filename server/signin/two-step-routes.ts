import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Adapters } from '../adapters/index.ts';
import type { SessionTokens } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import { bearerUser } from '../auth/bearer.ts';
import { openSession } from './open-session.ts';
import { confirmTwoStepChange, requestTwoStepChange, TwoStepRefusal, twoStepState, type TwoStepChange } from './two-step.ts';
import { requestTexts } from '../i18n/request-language.ts';

type Check = <T>(name: string) => (body: unknown) => { body: T } | { refusal: { message: string; field: string } };

export interface TwoStepRoutesOptions {
  db: Kysely<Database>;
  tokenKey: Uint8Array;
  adapters: Adapters;
  check: Check;
  issueTokens(session: SessionTokens): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }>;
  /** The name authenticator apps show next to the code: the brand's project name. */
  totpIssuer: string;
}

interface ChangeRequest {
  mode?: 1 | 2 | 3 | 4;
  typeMode?: 'no' | 'otp' | 'sms' | 'push';
}

/**
 * The two-step settings (document 000 section 7, document 001 sections 3 and 7): read them, ask
 * for a change of the transaction approval mode (`mode`: 1 push, 2 sms, 3 otp, 4 approval code)
 * or of the sign-in second factor (`typeMode`: no, otp, sms, push), and confirm it with the code
 * sent through the method in use. A confirmed sign-in factor ends every session of the user and
 * answers tokens of a fresh one. Bearer access token; a request id of another user answers 404.
 *
 * @example
 * await app.register(twoStepRoutes, { db, tokenKey, adapters, check, issueTokens });
 */
export async function twoStepRoutes(app: FastifyInstance, options: TwoStepRoutesOptions): Promise<void> {
  const { db } = options;
  const changeBody = options.check<ChangeRequest>('TwoStepChangeRequest');
  const confirmBody = options.check<{ code: string }>('ApprovalCodeRequest');

  const caller = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await bearerUser(db, options.tokenKey, request);
    if (!user) void reply.code(401).send({ message: requestTexts()('server.signin.sessionExpired') });
    return user;
  };
  const refused = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof TwoStepRefusal)) throw error;
    return reply.code(error.status).send({
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
      ...(error.attemptsLeft !== undefined ? { attemptsLeft: error.attemptsLeft } : {}),
    });
  };

  app.get('/customer/two-step-verification', async (request, reply) => {
    const user = await caller(request, reply);
    if (!user) return reply;
    return twoStepState(db, user.userId);
  });

  app.post('/customer/two-step-verification', async (request, reply) => {
    const user = await caller(request, reply);
    if (!user) return reply;
    const checked = changeBody(request.body);
    if ('refusal' in checked) return reply.code(400).send(checked.refusal);
    const change: TwoStepChange =
      checked.body.mode !== undefined ? { setting: 'mode', value: checked.body.mode } : { setting: 'typeMode', value: checked.body.typeMode! };
    try {
      return await requestTwoStepChange(db, options.adapters, user.userId, change, options.totpIssuer);
    } catch (error) {
      return refused(reply, error);
    }
  });

  app.post<{ Params: { reqId: string } }>('/customer/two-step-verification/:reqId/confirm', async (request, reply) => {
    const user = await caller(request, reply);
    if (!user) return reply;
    const checked = confirmBody(request.body);
    if ('refusal' in checked) return reply.code(400).send(checked.refusal);
    if (!/^[0-9a-f-]{36}$/.test(request.params.reqId))
      return reply.code(404).send({ message: requestTexts()('server.signin.twoStepRequestOver'), field: 'code' });
    try {
      const change = await confirmTwoStepChange(db, user.userId, request.params.reqId, checked.body.code);
      request.log.info({ userId: user.userId, setting: change.setting, value: change.value }, 'two-step setting changed');
      const state = await twoStepState(db, user.userId);
      if (change.setting === 'mode') return { success: true, ...state };
      const session = await db.selectFrom('sessions').select('client').where('id', '=', user.sessionId).executeTakeFirstOrThrow();
      return { success: true, ...state, ...(await options.issueTokens(await openSession(db, user.userId, session.client))) };
    } catch (error) {
      return refused(reply, error);
    }
  });
}
