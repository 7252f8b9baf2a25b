import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config/config.ts';
import type { Database } from '../db/schema.ts';
import type { HelpDesk } from './helpdesk.ts';
import { restHelpDesk } from './rest-helpdesk.ts';
import { sandboxHelpDesk } from './sandbox-helpdesk.ts';

/**
 * The help desk the configuration asks for: the sandbox (our database, answered on /sandbox/helpdesk)
 * while sandboxes are on, else the real desk at HELPDESK_URL with HELPDESK_TOKEN; without them the
 * server refuses to start and names what to set.
 */
export function helpDeskAdapter(config: ServerConfig, db: Kysely<Database>): HelpDesk {
  if (config.sandboxes) return sandboxHelpDesk(db);
  const gateway = config.gateways.helpDesk;
  if (!gateway?.url || gateway.token.length < 16) {
    throw new Error(
      'HELPDESK_URL or HELPDESK_TOKEN is not set: with sandboxes off, set HELPDESK_URL to the help desk API and HELPDESK_TOKEN (16+ characters) to the secret it verifies our JWTs with.',
    );
  }
  return restHelpDesk(gateway);
}
