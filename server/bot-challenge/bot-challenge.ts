import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

/** How long a solved token may wait for the call it guards, as the common providers allow (2 minutes). */
export const TOKEN_LIFETIME_SECONDS = 120;

/** The field of a guarded call's request that carries the solved token. */
export const CHALLENGE_FIELD = 'challengeToken';

/**
 * The bot-challenge provider (document 002 section 3: the brand's bot-challenge site key): the browser
 * solves a challenge for the brand's site key and gets a token; the server asks the provider whether the
 * token is good before a registration or a recovery runs. A token is good once.
 */
export interface BotChallenge {
  /** Whether `token` was solved for `siteKey` and not spent yet; spends it. */
  verify(token: string, siteKey: string, ip: string): Promise<boolean>;
}

/**
 * The sandbox provider: tokens are handed out by the sandbox widget (`issueSandboxToken`, served by
 * server/bot-challenge/sandbox-page.ts) and kept in bot_challenge_tokens; a token is good for its site
 * key, once, within {@link TOKEN_LIFETIME_SECONDS}.
 *
 * @example
 * const token = await issueSandboxToken(db, 'sandbox-paxum');
 * await sandboxBotChallenge(db).verify(token, 'sandbox-paxum', '127.0.0.1'); // true, then false
 */
export function sandboxBotChallenge(db: Kysely<Database>): BotChallenge {
  return {
    async verify(token, siteKey) {
      const spent = await db
        .updateTable('bot_challenge_tokens')
        .set({ spent_at: new Date() })
        .where('token', '=', token)
        .where('site_key', '=', siteKey)
        .where('spent_at', 'is', null)
        .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${TOKEN_LIFETIME_SECONDS})`)
        .executeTakeFirst();
      return spent.numUpdatedRows > 0n;
    },
  };
}

/**
 * Hands out a solved token for `siteKey`, as the sandbox widget does when the person ticks it; tokens
 * older than a day are forgotten on the way.
 */
export async function issueSandboxToken(db: Kysely<Database>, siteKey: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .deleteFrom('bot_challenge_tokens')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  await db.insertInto('bot_challenge_tokens').values({ token, site_key: siteKey, spent_at: null }).execute();
  return token;
}

/**
 * The real provider's verify endpoint (BOT_CHALLENGE_VERIFY_URL), asked as the common providers expect:
 * a form with the token, the site key and the person's address, answered `{ success: boolean }`. An
 * unreachable provider counts as not verified, so nothing passes unchecked.
 */
export function gatewayBotChallenge(verifyUrl: string, fetchImpl: typeof fetch = fetch): BotChallenge {
  return {
    async verify(token, siteKey, ip) {
      try {
        const response = await fetchImpl(verifyUrl, { method: 'POST', body: new URLSearchParams({ response: token, sitekey: siteKey, remoteip: ip }) });
        if (!response.ok) return false;
        const answer = (await response.json()) as { success?: unknown };
        return answer.success === true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * Refuses the call (TA1 on `challengeToken`) unless its token is good for the brand's site key. A brand
 * without a site key asks for no challenge.
 *
 * @example
 * await requireSolvedChallenge(ctx.adapters.botChallenge, rules().botChallengeSiteKey, params.challengeToken, ctx.ip);
 */
export async function requireSolvedChallenge(challenge: BotChallenge, siteKey: string | undefined, token: string | undefined, ip: string): Promise<void> {
  if (!siteKey) return;
  if (!token) throw new RpcRefusal('TA1', { validationErrors: [{ field: CHALLENGE_FIELD, key: 'server.botChallenge.missing' }] });
  if (!(await challenge.verify(token, siteKey, ip))) {
    throw new RpcRefusal('TA1', { validationErrors: [{ field: CHALLENGE_FIELD, key: 'server.botChallenge.refused' }] });
  }
}
