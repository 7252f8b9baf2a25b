import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { gatewayMessages, sandboxMessages, type MessageSender } from '../messaging/messages.ts';

/**
 * Everything the server reaches outside itself, each behind an interface with a sandbox that behaves
 * like the real service. Handlers receive this bag and never build an adapter themselves, so tests
 * and production differ only in configuration.
 */
export interface Adapters {
  /** SMS gateway and mail relay. */
  messages: MessageSender;
}

/**
 * Builds the adapters the configuration asks for: sandboxes unless production, else the real
 * services at the configured URLs.
 *
 * @example
 * const adapters = createAdapters(config, db);
 * await adapters.messages.sendEmail({ to, subject, text, purpose: 'activation' });
 */
export function createAdapters(config: ServerConfig, db: Kysely<Database>): Adapters {
  return {
    messages: config.sandboxes ? sandboxMessages(db) : gatewayMessages(config.gateways.messages),
  };
}
