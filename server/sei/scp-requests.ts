import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaque-tokens.ts';
import type { SignedInUser } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';

/** The mobile app must pick a request up within 5 minutes. */
export const SCP_REQUEST_SECONDS = 5 * 60;

export interface ScpAnswer {
  requestId: string;
  deeplink: string;
  expiresAt: string;
}

/** Whether the user may name this account: their own customer's, or one they hold access to. */
async function mayUseAccount(db: Kysely<Database>, user: SignedInUser, accountId: number): Promise<boolean> {
  const account = await db.selectFrom('accounts').select('customer_id').where('id', '=', accountId).executeTakeFirst();
  if (!account?.customer_id) return false;
  if (account.customer_id === user.customerId) return true;
  const access = await db
    .selectFrom('customer_access')
    .select('rights')
    .where('user_id', '=', user.userId)
    .where('customer_id', '=', account.customer_id)
    .executeTakeFirst();
  return access?.rights.includes('transfers') ?? false;
}

/**
 * `POST /auth/scp/request`: records a card-to-wallet or device step for the mobile app and answers the
 * deeplink that opens it (`<brand>://scp?request=<id>&secret=<secret>`); only the secret's hash is kept.
 * Undefined when the account is not the user's to name.
 *
 * @example
 * const { deeplink } = await createScpRequest(db, user, { purpose: 'device' }, 'paxum');
 */
export async function createScpRequest(
  db: Kysely<Database>,
  user: SignedInUser,
  request: { purpose: 'cardToWallet' | 'device'; accountId?: number },
  scheme: string,
): Promise<ScpAnswer | undefined> {
  if (request.accountId !== undefined && !(await mayUseAccount(db, user, request.accountId))) return undefined;
  const id = randomUUID();
  const secret = newOpaqueToken();
  const row = await db
    .insertInto('scp_requests')
    .values({
      id,
      user_id: user.userId,
      purpose: request.purpose,
      account_id: request.accountId ?? null,
      secret_hash: hashOpaqueToken(secret),
      expires_at: sql<Date>`now() + ${SCP_REQUEST_SECONDS} * interval '1 second'`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  const deeplink = `${scheme}://scp?${new URLSearchParams({ request: id, purpose: request.purpose, secret })}`;
  return { requestId: id, deeplink, expiresAt: new Date(row.expires_at).toISOString() };
}
