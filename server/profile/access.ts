import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { blockingFlags, type IpPrivacyCheck } from './ip-lookup.ts';

/**
 * An id from a request (a number, or digits from a route parameter) as a number. The request schema
 * already checked its form.
 */
export const recordId = (id: number | string): number => Number(id);

/** The refusal for an object that is not the acting customer's: '13', with nothing changed. */
export const notYours = (): RpcRefusal => new RpcRefusal('13');

/**
 * The acting customer's phone row, or a '13' refusal when the id names another customer's phone or
 * none: the answer never tells which.
 *
 * @example
 * const phone = await ownPhone(db, customerId, params.phoneId);
 */
export async function ownPhone(db: Kysely<Database>, customerId: number, phoneId: number | string) {
  const phone = await db.selectFrom('phones').selectAll().where('id', '=', recordId(phoneId)).where('customer_id', '=', customerId).executeTakeFirst();
  if (!phone) throw notYours();
  return phone;
}

/** The acting customer's address row, else '13'. */
export async function ownAddress(db: Kysely<Database>, customerId: number, addressId: number | string) {
  const address = await db.selectFrom('addresses').selectAll().where('id', '=', recordId(addressId)).where('customer_id', '=', customerId).executeTakeFirst();
  if (!address) throw notYours();
  return address;
}

/** The acting customer's e-mail row, else '13'. */
export async function ownEmail(db: Kysely<Database>, customerId: number, emailId: number | string) {
  const email = await db.selectFrom('customer_emails').selectAll().where('id', '=', recordId(emailId)).where('customer_id', '=', customerId).executeTakeFirst();
  if (!email) throw notYours();
  return email;
}

/** The acting customer's document row, else '13'. */
export async function ownDocument(db: Kysely<Database>, customerId: number, documentId: number | string) {
  const document = await db.selectFrom('documents').selectAll().where('id', '=', recordId(documentId)).where('customer_id', '=', customerId).executeTakeFirst();
  if (!document) throw notYours();
  return document;
}

/** The acting business customer's representative row (not deleted), else '13'. */
export async function ownRepresentativeRow(db: Kysely<Database>, customerId: number, representativeId: number | string) {
  const row = await db
    .selectFrom('business_representatives')
    .selectAll()
    .where('id', '=', recordId(representativeId))
    .where('customer_id', '=', customerId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notYours();
  return row;
}

/** Why an address may not change the profile, for the message and the log. */
export class PrivacyBlock extends Error {
  override name = 'PrivacyBlock';
  constructor(readonly flags: string[]) {
    super(
      `Changes to your profile cannot be made through a VPN, proxy or anonymising network (detected: ${flags.join(', ')}). ` +
        'Turn it off, reconnect and try again.',
    );
  }
}

/**
 * The IP privacy check of document 000 section 7 where this product applies it: before any change
 * to the profile (phones, e-mails, addresses, documents, tax number). Throws {@link PrivacyBlock}
 * when any flag other than `service` is set for the caller's address.
 *
 * @example
 * await checkIpPrivacy(ctx.adapters, ctx.ip);
 */
export async function checkIpPrivacy(adapters: { ipPrivacy: IpPrivacyCheck }, ip: string | undefined): Promise<void> {
  if (!ip) return;
  const flags = blockingFlags(await adapters.ipPrivacy.flagsOf(ip));
  if (flags.length > 0) throw new PrivacyBlock(flags);
}

/** {@link checkIpPrivacy} for RPC handlers: a block is an ENOA refusal carrying the message. */
export async function refuseHiddenIp(adapters: { ipPrivacy: IpPrivacyCheck }, ip: string | undefined): Promise<void> {
  try {
    await checkIpPrivacy(adapters, ip);
  } catch (error) {
    if (error instanceof PrivacyBlock)
      throw new RpcRefusal('ENOA', { key: 'server.profile.privacyBlock', values: { flags: error.flags.join(', ') }, extra: { privacyFlags: error.flags } });
    throw error;
  }
}
