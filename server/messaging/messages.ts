import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A text message to a phone: `to` is the full number with its country code, digits only. */
export interface OutgoingSms {
  to: string;
  text: string;
  /** Why it is sent ('loginSms', 'phoneVerification'...); the outbox filters by it. */
  purpose: string;
}

/** An e-mail to one address. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  purpose: string;
}

/**
 * The way out to the SMS gateway and the mail relay. Callers never know which implementation they
 * hold: the sandbox keeps every message in the outbox for testers, the gateway posts it onwards.
 */
export interface MessageSender {
  sendSms(message: OutgoingSms): Promise<void>;
  sendEmail(message: OutgoingEmail): Promise<void>;
}

/**
 * The sandbox: every message lands in `outbox_messages`, where the outbox page (/sandbox/outbox)
 * and tests read it. Nothing leaves the machine.
 *
 * @example
 * await sandboxMessages(db).sendSms({ to: '37369123456', text: 'Code 123456', purpose: 'loginSms' });
 */
export function sandboxMessages(db: Kysely<Database>): MessageSender {
  return {
    async sendSms({ to, text, purpose }) {
      await db.insertInto('outbox_messages').values({ channel: 'sms', recipient: to, subject: null, body: text, purpose, delivered_by: 'sandbox' }).execute();
    },
    async sendEmail({ to, subject, text, purpose }) {
      await db
        .insertInto('outbox_messages')
        .values({ channel: 'email', recipient: to.toLowerCase(), subject, body: text, purpose, delivered_by: 'sandbox' })
        .execute();
    },
  };
}

/** Where the gateway adapter posts messages. */
export interface GatewayUrls {
  sms: string;
  email: string;
}

/**
 * The real adapter: posts each message as JSON to an HTTP gateway (the SMS provider's or the mail
 * relay's), which answers 2xx when it accepted it. Message bodies carry codes, so they are never
 * stored here; the gateway keeps its own delivery log.
 *
 * @example
 * const messages = gatewayMessages({ sms: 'https://sms.example/send', email: 'https://mail.example/send' });
 */
export function gatewayMessages(urls: GatewayUrls, send: typeof fetch = fetch): MessageSender {
  async function post(url: string, body: object): Promise<void> {
    const response = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`The message gateway at ${url} answered ${response.status}; check the gateway and its credentials.`);
  }
  return {
    sendSms: (message) => post(urls.sms, message),
    sendEmail: (message) => post(urls.email, message),
  };
}
