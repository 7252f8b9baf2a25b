import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A push notification to one linked device. */
export interface OutgoingPush {
  device: { id: number; pushToken: string | null };
  title: string;
  body: string;
  /** What the phone app acts on, e.g. `{ type: 'loginApproval', confirmKey }`. */
  data: Record<string, unknown>;
}

/**
 * The way out to the push gateway (APNs/FCM behind it). Callers never know which implementation
 * they hold: the sandbox keeps each push for the sandbox device page, the gateway posts it onwards.
 */
export interface PushSender {
  send(push: OutgoingPush): Promise<void>;
}

/**
 * The sandbox: every push lands in `push_messages`, where the device page (/sandbox/device), which
 * plays the customer's phone app, shows it. Nothing leaves the machine.
 *
 * @example
 * await sandboxPush(db).send({ device: { id: 3, pushToken: null }, title: 'Sign-in', body: '…', data: {} });
 */
export function sandboxPush(db: Kysely<Database>): PushSender {
  return {
    async send({ device, title, body, data }) {
      await db
        .insertInto('push_messages')
        .values({ device_id: device.id, title, body, data: JSON.stringify(data) })
        .execute();
    },
  };
}

/**
 * The real adapter: posts `{ pushToken, title, body, data }` as JSON to PUSH_GATEWAY_URL, which
 * answers 2xx when it accepted the push. A device without a push token cannot be reached and is skipped.
 *
 * @example
 * const push = gatewayPush('https://push.example/send');
 */
export function gatewayPush(url: string, send: typeof fetch = fetch): PushSender {
  return {
    async send({ device, title, body, data }) {
      if (!device.pushToken) return;
      const response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pushToken: device.pushToken, title, body, data }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`The push gateway at ${url} answered ${response.status}; check the gateway and its credentials.`);
    },
  };
}
