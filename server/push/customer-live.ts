import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import { verifyAccessToken } from '../auth/access-tokens.ts';
import { touchSession } from '../auth/sessions.ts';
import { resolveActingCustomer } from '../customers/acting-customer.ts';
import { listenForNotifications } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

/** What the server tells a customer's open pages: something of this topic changed (a payout's state, the notifications). */
export type LiveTopic = 'payouts' | 'notifications';

/** A socket that has not said who it is within this time is closed. */
const HELLO_MS = 10_000;

/** The PostgreSQL channel every server instance on a database listens on for customers' live events. */
export const CUSTOMER_LIVE_CHANNEL = 'customer_live';

const TOPICS: readonly LiveTopic[] = ['payouts', 'notifications'];

/** The open pages of each database's customers, by `customer:<id>`: the instances of tests share a process. */
const eventsByDatabase = new WeakMap<Kysely<Database>, EventEmitter>();

function customerEventsOf(db: Kysely<Database>): EventEmitter {
  let events = eventsByDatabase.get(db);
  if (!events) {
    events = new EventEmitter();
    // Every open page of a customer listens: many tabs must not look like a leak.
    events.setMaxListeners(0);
    eventsByDatabase.set(db, events);
  }
  return events;
}

const eventName = (customerId: number) => `customer:${customerId}`;

/**
 * Tells every page the customer has open, on any server instance using this database, that something of
 * `topic` changed; each page asks again for what it shows (the message carries no data, so nothing leaks
 * through it). It is a `NOTIFY` on CUSTOMER_LIVE_CHANNEL: run inside the transaction that makes the change,
 * it is delivered when that commits and never when it rolls back.
 *
 * @example
 * await announceToCustomer(trx, customerId, 'payouts'); // inside applyRailReport's transaction
 */
export async function announceToCustomer(db: Kysely<Database>, customerId: number, topic: LiveTopic): Promise<void> {
  await sql`select pg_notify(${CUSTOMER_LIVE_CHANNEL}, ${`${customerId}:${topic}`})`.execute(db);
}

/**
 * Hears the announcements of every instance on this database (LISTEN on CUSTOMER_LIVE_CHANNEL, see
 * listenForNotifications in server/db/connect.ts; PGlite's own listen on the embedded database) and tells
 * the pages open on this instance. Answers how to stop.
 *
 * @example
 * app.addHook('onClose', await hearCustomerAnnouncements(db));
 */
export async function hearCustomerAnnouncements(db: Kysely<Database>): Promise<() => Promise<void>> {
  const events = customerEventsOf(db);
  return listenForNotifications(db, CUSTOMER_LIVE_CHANNEL, (payload) => {
    const [id, topic] = payload.split(':');
    const customerId = Number(id);
    if (Number.isInteger(customerId) && customerId > 0 && TOPICS.includes(topic as LiveTopic)) events.emit(eventName(customerId), topic);
  });
}

/**
 * The customer's live channel: `GET /api/live` upgraded to a WebSocket. The browser's first message says
 * who listens, `{"token": "<access token>", "customerId"?: <the acting customer>}` (a message, never the
 * URL, so the token does not reach access logs); the server checks the session and that the user may act
 * for that customer, answers `{"topic": "ready"}`, then `{"topic": "payouts"}` or `{"topic": "notifications"}` at each change
 * announceToCustomer reports, until the page closes it. A token or customer refused closes it with 4001
 * or 4003. Events reach the pages connected to every instance on the database (hearCustomerAnnouncements),
 * whichever instance made the change.
 */
export async function customerLiveChannel(app: FastifyInstance, options: { db: Kysely<Database>; tokenKey: Uint8Array }): Promise<void> {
  app.get('/api/live', { websocket: true }, (socket: WebSocket, request) => {
    const customerEvents = customerEventsOf(options.db);
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
