import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A representative reached through the auth secret of their link. */
export interface InvitedRepresentative {
  invitationId: number;
  businessCustomerId: number;
  businessName: string;
  representative: { firstName: string; lastName: string; phone?: string; address?: string };
  email: string;
}

/**
 * The representative an auth secret belongs to; an unknown or expired secret is refused with 13
 * (the browser then sends the visitor to sign in).
 *
 * @example
 * const invited = await representativeBySecret(db, authSecret, new Date());
 */
export async function representativeBySecret(db: Kysely<Database>, authSecret: string, now: Date): Promise<InvitedRepresentative> {
  const row = await db
    .selectFrom('representative_invitations as invitation')
    .innerJoin('customers as business', 'business.id', 'invitation.business_customer_id')
    .select([
      'invitation.id',
      'invitation.business_customer_id',
      'invitation.first_name',
      'invitation.last_name',
      'invitation.phone',
      'invitation.address',
      'invitation.email',
      'invitation.expires_at',
      'business.business_name',
    ])
    .where('invitation.secret_hash', '=', hashSecret(authSecret))
    .executeTakeFirst();
  if (!row || row.expires_at.getTime() <= now.getTime()) {
    throw new RpcRefusal('13', { key: 'server.fatca.linkInvalid' });
  }
  return {
    invitationId: row.id,
    businessCustomerId: row.business_customer_id,
    businessName: row.business_name ?? '',
    email: row.email,
    representative: {
      firstName: row.first_name,
      lastName: row.last_name,
      ...(row.phone ? { phone: row.phone } : {}),
      ...(row.address ? { address: row.address } : {}),
    },
  };
}

/**
 * Invites a representative of a business to self-certify: answers the auth secret for their link
 * (/self-certification-representative?authSecret=...), kept only as a hash, valid for 30 days.
 *
 * @example
 * const secret = await inviteRepresentative(db, { businessCustomerId, firstName: 'Liam', lastName: 'Hart', email: 'liam@example.com' });
 */
export async function inviteRepresentative(
  db: Kysely<Database>,
  invitation: { businessCustomerId: number; firstName: string; lastName: string; email: string; phone?: string; address?: string; secret?: string },
  now: Date = new Date(),
): Promise<string> {
  const secret = invitation.secret ?? randomBytes(24).toString('base64url');
  await db
    .insertInto('representative_invitations')
    .values({
      business_customer_id: invitation.businessCustomerId,
      first_name: invitation.firstName,
      last_name: invitation.lastName,
      email: invitation.email,
      phone: invitation.phone ?? null,
      address: invitation.address ?? null,
      secret_hash: hashSecret(secret),
      expires_at: new Date(now.getTime() + 30 * 86_400_000),
      completed_at: null,
    })
    .execute();
  return secret;
}
