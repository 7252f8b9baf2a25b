import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import { hashOpaqueToken } from '../auth/opaque-tokens.ts';
import type { Database } from '../db/schema.ts';
import { challengeEvents, pushOutcome, type ChallengeOutcome } from './challenges.ts';

/** How often a waiting socket looks at the database, for decisions taken on another server instance. */
const POLL_MS = 1_000;
/** A socket that has not said which sign-in it waits for within this time is closed. */
const HELLO_MS = 10_000;

/**
 * The live channel a browser waits on during a push sign-in: `GET /auth/push/live` upgraded to a
 * WebSocket. The browser's first message names its sign-in, `{"key": "<temporary token>"}` (sent as
 * a message, never in the URL, so it does not reach access logs). The server answers
 * `{"status": "pending"}` at once, then exactly one final message and closes:
 * `{"status": "approved", "code"}` (exchange the code at /auth/token with the PKCE verifier),
 * `{"status": "declined"}`, `{"status": "expired"}` or `{"status": "unknown"}`.
 * Decisions made on this instance answer at once; those of other instances within a second.
 */
export async function livePushChannel(app: FastifyInstance, options: { db: Kysely<Database> }): Promise<void> {
  app.get('/auth/push/live', { websocket: true }, (socket: WebSocket, request) => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let eventName: string | undefined;
    let checking = false;
    let finished = false;
    let currentKey: string | undefined;
    const onEvent = () => void check();
    const hello = setTimeout(() => socket.close(4000, 'no key'), HELLO_MS);

    const stop = () => {
      finished = true;
      clearTimeout(hello);
      clearInterval(timer);
      if (eventName) challengeEvents.off(eventName, onEvent);
    };
    const send = (outcome: ChallengeOutcome) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(outcome));
    };
    async function check() {
      if (finished || checking || !currentKey) return;
      checking = true;
      try {
        const outcome = await pushOutcome(options.db, currentKey);
        if (outcome.status !== 'pending' && !finished) {
          stop();
          send(outcome);
          socket.close(1000, outcome.status);
        }
      } catch (error) {
        request.log.error({ err: error }, 'push live channel check failed');
      } finally {
        checking = false;
      }
    }
    socket.on('message', (data) => {
      if (currentKey || finished) return;
      let key: unknown;
      try {
        key = (JSON.parse(String(data)) as { key?: unknown }).key;
      } catch {
        key = undefined;
      }
      if (typeof key !== 'string' || key.length < 20 || key.length > 200) {
        socket.close(4001, 'bad key');
        stop();
        return;
      }
      clearTimeout(hello);
      currentKey = key;
      eventName = hashOpaqueToken(key);
      challengeEvents.on(eventName, onEvent);
      send({ status: 'pending' });
      timer = setInterval(() => void check(), POLL_MS);
      void check();
    });
    socket.on('close', stop);
  });
}
