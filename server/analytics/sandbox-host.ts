import { gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { projectOf, projectTokens } from './project-tokens.ts';
import { RecordingRefused, storeRecordingBatch, type RecordingBatch } from './recordings.ts';

/** The largest request body the sandbox host takes (compressed); above it answers 413 as the real host does. */
export const ANALYTICS_BODY_LIMIT_BYTES = 1024 * 1024;
/** The largest a gzip body may grow to when unpacked. */
const UNPACKED_LIMIT_BYTES = 16 * 1024 * 1024;
const EVENT_ROUTES = ['track', 'engage', 'groups'] as const;

export interface SandboxAnalyticsHostOptions {
  db: Kysely<Database>;
  /** Overrides the 1 MiB body limit (tests). */
  bodyLimit?: number;
}

type Refusal = { status: 0; error: string };
const refusal = (reply: FastifyReply, code: number, error: string) => reply.code(code).send({ status: 0, error } satisfies Refusal);

/** Reads a body sent as JSON, as `data=<base64 JSON>` (the form the host also takes), gzip or not. */
function parseBody(request: FastifyRequest, raw: Buffer): unknown {
  const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw, { maxOutputLength: UNPACKED_LIMIT_BYTES }) : raw;
  const text = body.toString('utf8');
  if (text.startsWith('data=')) return JSON.parse(Buffer.from(decodeURIComponent(text.slice(5)), 'base64').toString('utf8'));
  return JSON.parse(text);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function recordingBatch(body: unknown): RecordingBatch | string {
  if (!isObject(body)) return 'Send a JSON object with replayId, distinctId, sequence and events.';
  const { replayId, distinctId, sequence, events } = body;
  if (typeof replayId !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(replayId)) return 'replayId must be 8 to 64 letters, digits, _ or -.';
  if (typeof distinctId !== 'string' || distinctId.length === 0 || distinctId.length > 255) return 'distinctId must be 1 to 255 characters.';
  if (typeof sequence !== 'number' || !Number.isSafeInteger(sequence) || sequence < 0 || sequence > 1_000_000) return 'sequence must be a whole number from 0.';
  if (!Array.isArray(events) || events.length === 0 || events.length > 1000) return 'events must hold 1 to 1000 recorded events.';
  if (!events.every((event) => isObject(event) && typeof event.type === 'string' && typeof event.time === 'number' && Number.isFinite(event.time))) {
    return 'Each event needs a type and a time in milliseconds.';
  }
  return { replayId, distinctId, sequence, events: events as RecordingBatch['events'] };
}

/**
 * The sandbox analytics host (document 002 section 7): POST /analytics/{track,engage,groups,record,flags}
 * with Basic auth carrying a brand's project token, stored in PostgreSQL. Like the real host it answers 413
 * above its body limit and 429 with Retry-After when throttled; a tester throttles it with
 * POST /analytics/sandbox/throttle {"times": 2, "retryAfterSeconds": 1}. Registered only while sandboxes are on;
 * a brand points its browser at a real host with brand.json `analytics.host`.
 */
export async function sandboxAnalyticsHost(app: FastifyInstance, options: SandboxAnalyticsHostOptions): Promise<void> {
  const { db } = options;
  const tokens = projectTokens();
  const throttles = new Map<string, { times: number; retryAfterSeconds: number }>();

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: options.bodyLimit ?? ANALYTICS_BODY_LIMIT_BYTES }, (request, raw, done) => {
      try {
        done(null, parseBody(request, raw as Buffer));
      } catch {
        done(Object.assign(new Error('The body is not JSON (or base64 JSON after data=), gzip or plain.'), { statusCode: 400 }), undefined);
      }
    });

    scope.addHook('preHandler', async (request, reply) => {
      const project = projectOf(request.headers.authorization, tokens);
      if (!project)
        return refusal(reply.header('WWW-Authenticate', 'Basic realm="analytics"'), 401, 'Use Basic auth with the brand project token as the user name.');
      const throttle = throttles.get(project);
      if (throttle && throttle.times > 0 && !request.url.endsWith('/sandbox/throttle')) {
        throttle.times -= 1;
        return refusal(reply.header('Retry-After', String(throttle.retryAfterSeconds)), 429, 'Too many requests: try again after Retry-After seconds.');
      }
      request.analyticsProject = project;
      return undefined;
    });

    for (const route of EVENT_ROUTES) {
      scope.post(`/analytics/${route}`, async (request, reply) => {
        const items = Array.isArray(request.body) ? request.body : [request.body];
        if (items.length === 0 || items.length > 2000 || !items.every(isObject)) return refusal(reply, 400, 'Send one event object or an array of them.');
        const rows = items.map((item) => {
          const properties = isObject(item.properties) ? item.properties : {};
          const distinct = route === 'track' ? properties.distinct_id : item.$distinct_id;
          return {
            project: request.analyticsProject,
            route,
            distinct_id: typeof distinct === 'string' ? distinct.slice(0, 255) : null,
            event: typeof item.event === 'string' ? item.event.slice(0, 255) : null,
            body: JSON.stringify(item),
          };
        });
        if (route === 'engage' && rows.some((row) => !row.distinct_id || row.distinct_id.startsWith('$device:'))) {
          return refusal(reply, 400, 'A profile needs a person distinct id; ids starting with $device: are refused.');
        }
        await db.insertInto('analytics_events').values(rows).execute();
        return { status: 1 };
      });
    }

    scope.post('/analytics/record', async (request, reply) => {
      const batch = recordingBatch(request.body);
      if (typeof batch === 'string') return refusal(reply, 400, batch);
      try {
        await storeRecordingBatch(db, request.analyticsProject, batch);
      } catch (error) {
        if (error instanceof RecordingRefused) return refusal(reply, 400, error.message);
        throw error;
      }
      return { status: 1 };
    });

    // Feature flags: the sandbox project defines none.
    scope.post('/analytics/flags', async () => ({ flags: {} }));

    scope.post('/analytics/sandbox/throttle', async (request, reply) => {
      const body = request.body;
      if (!isObject(body) || !Number.isSafeInteger(body.times) || !Number.isSafeInteger(body.retryAfterSeconds)) {
        return refusal(reply, 400, 'Send {"times": n, "retryAfterSeconds": s}.');
      }
      throttles.set(request.analyticsProject, { times: Number(body.times), retryAfterSeconds: Number(body.retryAfterSeconds) });
      return { status: 1 };
    });
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The project token a sandbox analytics request authenticated with. */
    analyticsProject: string;
  }
}
