import type { FastifyInstance, FastifyReply } from 'fastify';
import { jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { HelpDeskTicket } from './helpdesk.ts';
import { sandboxHelpDesk } from './sandbox-helpdesk.ts';

/** Where the sandbox desk's REST API answers: point HELPDESK_URL of a test's `restHelpDesk` here. */
export const SANDBOX_DESK_API_PATH = '/sandbox/helpdesk/api/v1';

/**
 * The secret the sandbox desk verifies JWTs with (HELPDESK_TOKEN of an adapter talking to it). A sandbox
 * value, public on purpose: the sandbox holds test tickets only.
 */
export const SANDBOX_DESK_SECRET = 'sandbox-help-desk-jwt-secret';

/** A refusal a tester asked for: the next `times` calls answer `status` (401 or 429). */
interface Refusal {
  status: 401 | 429;
  times: number;
  retryAfterSeconds: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A ticket in the desk's JSON, as `restHelpDesk` reads it (Zoho-style names). */
const ticketJson = (ticket: HelpDeskTicket) => ({
  id: ticket.id,
  ticketNumber: ticket.ticketNumber,
  contactId: ticket.contactId,
  subject: ticket.subject,
  status: ticket.status,
  createdTime: ticket.createdAt.toISOString(),
  modifiedTime: ticket.updatedAt.toISOString(),
  lastThread: ticket.lastThread
    ? { createdTime: ticket.lastThread.createdAt.toISOString(), direction: ticket.lastThread.to === 'customer' ? 'out' : 'in' }
    : null,
  cf: { cf_customer_read_at: ticket.customerReadAt?.toISOString() ?? null },
});

const refuse = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send({ errorCode: status === 429 ? 'TOO_MANY_REQUESTS' : 'UNAUTHORIZED', message });

/**
 * The sandbox help desk's REST face (document 002 section 7: GET /tickets and GET /ticketsFields of the
 * third-party desk, authenticated by the contact's JWT), so `restHelpDesk` and its error rules of section 8
 * can be proved against a desk that answers like the real one. A tester makes it refuse on demand:
 * `POST /sandbox/helpdesk/api/v1/sandbox/refuse {"status": 401, "times": 1}` answers the next call 401
 * (an expired JWT), `{"status": 429, "times": 1, "retryAfterSeconds": 1}` 429 with Retry-After;
 * `GET …/sandbox/requests` counts the calls that reached the desk. Registered only while sandboxes are on.
 *
 * @example
 * const desk = restHelpDesk({ url: `${baseUrl}${SANDBOX_DESK_API_PATH}`, token: SANDBOX_DESK_SECRET });
 */
export async function sandboxHelpDeskApi(app: FastifyInstance, options: { db: Kysely<Database> }): Promise<void> {
  const desk = sandboxHelpDesk(options.db);
  const secret = new TextEncoder().encode(SANDBOX_DESK_SECRET);
  let refusal: Refusal | undefined;
  let requests = 0;

  await app.register(
    async (scope) => {
      scope.post('/sandbox/refuse', async (request, reply) => {
        const body = request.body;
        if (!isObject(body) || (body.status !== 401 && body.status !== 429) || !Number.isSafeInteger(body.times) || Number(body.times) < 0) {
          return reply.code(400).send({ message: 'Send {"status": 401 or 429, "times": n, "retryAfterSeconds": s}.' });
        }
        const retryAfterSeconds = Number.isSafeInteger(body.retryAfterSeconds) ? Number(body.retryAfterSeconds) : 60;
        refusal = { status: body.status, times: Number(body.times), retryAfterSeconds };
        return { refusing: refusal };
      });
      scope.get('/sandbox/requests', async () => ({ requests }));

      scope.register(async (api) => {
        api.addHook('preHandler', async (request, reply) => {
          requests += 1;
          if (refusal && refusal.times > 0) {
            refusal.times -= 1;
            if (refusal.status === 429) {
              return refuse(reply.header('Retry-After', String(refusal.retryAfterSeconds)), 429, 'Too many requests: try again after Retry-After seconds.');
            }
            return refuse(reply, 401, 'The token has expired: ask for a new one.');
          }
          const jwt = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
          const payload = jwt
            ? await jwtVerify(jwt, secret).then(
                (verified) => verified.payload,
                () => undefined,
              )
            : undefined;
          if (!payload?.sub || typeof payload.email !== 'string') return refuse(reply, 401, 'Send a valid contact JWT as the Bearer token.');
          request.helpDeskContact = { id: payload.sub, email: payload.email, name: typeof payload.name === 'string' ? payload.name : payload.email };
          return undefined;
        });

        api.get<{ Querystring: { from?: string; limit?: string } }>('/tickets', async (request) => {
          const from = Math.max(1, Number(request.query.from) || 1);
          const limit = Math.min(100, Math.max(1, Number(request.query.limit) || 20));
          const page = await desk.listTickets(request.helpDeskContact, { from, limit });
          return { data: page.tickets.map(ticketJson), count: page.total };
        });

        api.get('/ticketsFields', async (request) => ({
          data: (await desk.ticketFields(request.helpDeskContact)).map((field) => ({
            apiName: field.name,
            isMandatory: field.required,
            type: field.choices.length > 0 ? 'Picklist' : 'Text',
            allowedValues: field.choices.map((choice) => choice.value),
          })),
        }));
      });
    },
    { prefix: SANDBOX_DESK_API_PATH },
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The contact a sandbox desk API request's JWT names. */
    helpDeskContact: { id: string; email: string; name: string };
  }
}
