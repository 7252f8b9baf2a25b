import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import { verifyAccessToken } from '../auth/access-tokens.ts';
import { touchSession } from '../auth/sessions.ts';
import { resolveActingCustomer } from '../customers/acting-customer.ts';
import type { Database } from '../db/schema.ts';

/** What the server tells a customer's open pages: something of this topic changed (a payout's state). */
export type LiveTopic = 'payouts';

/** A socket that has not said who it is within this time is closed. */
const HELLO_MS = 10_000;

const customerEvents = new EventEmitter();
// Every open page of a customer listens: many tabs must not look like a leak.
customerEvents.setMaxListeners(0);

const eventName = (customerId: number) => `customer:${customerId}`;

/**
 * Tells every page the customer has open on this server instance that something of `topic` changed;
 * each page asks again for what it shows (the message carries no data, so nothing leaks through it).
 * Call it after the change is committed.
 *
 * @example
 * if ((await applyRailReport(db, 'wire', report)) === 'applied') announceToCustomer(customerId, 'payouts');
 */
export function announceToCustomer(customerId: number, topic: LiveTopic): void {
  customerEvents.emit(eventName(customerId), topic);
}

/**
 * The customer's live channel: `GET /api/live` upgraded to a WebSocket. The browser's first message says
 * who listens, `{"token": "<access token>", "customerId"?: <the acting customer>}` (a message, never the
 * URL, so the token does not reach access logs); the server checks the session and that the user may act
 * for that customer, answers `{"topic": "ready"}`, then `{"topic": "payouts"}` at each change
 * announceToCustomer reports, until the page closes it. A token or customer refused closes it with 4001
 * or 4003. Events reach the pages connected to the instance that made the change.
 */
export async function customerLiveChannel(app: FastifyInstance, options: { db: Kysely<Database>; tokenKey: Uint8Array }): Promise<void> {
  app.get('/api/live', { websocket: true }, (socket: WebSocket, request) => {
    let listening: { name: string; listener: (topic: LiveTopic) => void } | undefined;
    let greeted = false;
    const hello = setTimeout(() => socket.close(4000, 'no token'), HELLO_MS);
    const stop = () => {
      clearTimeout(hello);
      if (listening) customerEvents.off(listening.name, listening.listener);
      listening = undefined;
    };
    const send = (message: { topic: LiveTopic | 'ready' }) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };

    async function listenFor(data: unknown) {
      const hello = typeof data === 'object' && data !== null ? (data as { token?: unknown; customerId?: unknown }) : {};
      const claims = typeof hello.token === 'string' && hello.token.length < 4096 ? await verifyAccessToken(options.tokenKey, hello.token) : undefined;
      const named =
        typeof hello.customerId === 'number' && Number.isInteger(hello.customerId) && hello.customerId > 0 && hello.customerId <= 2_147_483_647
          ? hello.customerId
          : undefined;
      const user = claims && (await touchSession(options.db, claims, named));
      if (!user) return socket.close(4001, 'signed out');
      const acting = await resolveActingCustomer(options.db, user, named === undefined ? undefined : String(named), undefined);
      if ('refused' in acting) return socket.close(4003, 'no access');
      if (socket.readyState !== socket.OPEN) return undefined;
      listening = { name: eventName(acting.customerId), listener: (topic) => send({ topic }) };
      customerEvents.on(listening.name, listening.listener);
      send({ topic: 'ready' });
      return undefined;
    }

    socket.on('message', (raw) => {
      if (greeted) return;
      greeted = true;
      clearTimeout(hello);
      let data: unknown;
      try {
        data = JSON.parse(String(raw));
      } catch {
        data = undefined;
      }
      listenFor(data).catch((error: unknown) => {
        request.log.error({ err: error }, 'customer live channel failed');
        socket.close(1011, 'failed');
      });
    });
    socket.on('close', stop);
  });
}
