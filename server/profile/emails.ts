import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CustomerEmail } from '../../generated/entities.ts';
import type { Database } from '../db/schema.ts';
import type { MessageSender } from '../messaging/messages.ts';
import { RpcRefusal } from '../rpc/response-codes.ts';
import { ownEmail } from './access.ts';
import { messageTexts } from '../i18n/request-language.ts';
import { notifyCustomer } from '../notifications/notifications.ts';

/** How long a confirmation link works. */
export const EMAIL_LINK_TTL_MS = 48 * 60 * 60 * 1000;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

const toEmail = (row: { id: number; email: string; confirmed: boolean; is_primary: boolean }): CustomerEmail => ({
  emailId: row.id,
  email: row.email,
  confirmed: row.confirmed,
  primary: row.is_primary,
});

/**
 * Makes sure the sign-in e-mail of the customer's own user is among its e-mails, confirmed and
 * primary, the first time its e-mails are read (customers created before this table, or by
 * registration, have none yet).
 */
async function ensureLoginEmail(db: Kysely<Database>, customerId: number): Promise<void> {
  const any = await db.selectFrom('customer_emails').select('id').where('customer_id', '=', customerId).limit(1).executeTakeFirst();
  if (any) return;
  const user = await db.selectFrom('users').select('email').where('customer_id', '=', customerId).orderBy('id').limit(1).executeTakeFirst();
  if (!user) return;
  await db
    .insertInto('customer_emails')
    .values({ customer_id: customerId, email: user.email, confirmed: true, is_primary: true, confirmation_token_hash: null, confirmation_expires_at: null })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * A customer's e-mail addresses, the primary one first.
 *
 * @example
 * const emails = await customerEmails(db, customerId);
 */
export async function customerEmails(db: Kysely<Database>, customerId: number): Promise<CustomerEmail[]> {
  await ensureLoginEmail(db, customerId);
  const rows = await db
    .selectFrom('customer_emails')
    .select(['id', 'email', 'confirmed', 'is_primary'])
    .where('customer_id', '=', customerId)
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toEmail);
}

/** One of the customer's e-mails, else '13'. */
export async function customerEmail(db: Kysely<Database>, customerId: number, emailId: number | string): Promise<CustomerEmail> {
  return toEmail(await ownEmail(db, customerId, emailId));
}

/** Where links in e-mails point: PUBLIC_URL when set, else the origin the request came to. */
export interface LinkBase {
  origin: string;
}

async function sendConfirmationLink(db: Kysely<Database>, adapters: { messages: MessageSender }, emailId: number, email: string, base: LinkBase, now: Date) {
  const token = randomBytes(32).toString('base64url');
  await db
    .updateTable('customer_emails')
    .set({ confirmation_token_hash: tokenHash(token), confirmation_expires_at: new Date(now.getTime() + EMAIL_LINK_TTL_MS) })
    .where('id', '=', emailId)
    .execute();
  const link = new URL(`/customer/email-confirmation?token=${encodeURIComponent(token)}`, base.origin).toString();
  await adapters.messages.sendEmail({
    to: email,
    subject: messageTexts()('messages.emailConfirmation.subject'),
    text: messageTexts()('messages.emailConfirmation.text', { email, link }),
    purpose: 'emailConfirmation',
  });
}

/**
 * Adds an e-mail address, unconfirmed, and sends it a confirmation link.
 *
 * @example
 * const email = await addEmail(db, adapters, customerId, 'anna.work@example.com', { origin: 'https://bank.example' });
 */
export async function addEmail(
  db: Kysely<Database>,
  adapters: { messages: MessageSender },
  customerId: number,
  address: string,
  base: LinkBase,
  now: Date = new Date(),
): Promise<CustomerEmail> {
  await ensureLoginEmail(db, customerId);
  const email = address.trim().toLowerCase();
  const exists = await db.selectFrom('customer_emails').select('id').where('customer_id', '=', customerId).where('email', '=', email).executeTakeFirst();
  if (exists) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'email', key: 'server.profile.emailKnown' }] });
  const row = await db
    .insertInto('customer_emails')
    .values({ customer_id: customerId, email, confirmed: false, is_primary: false, confirmation_token_hash: null, confirmation_expires_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
  await sendConfirmationLink(db, adapters, row.id, email, base, now);
  return toEmail(row);
}

/** Sends a new confirmation link to an unconfirmed address (the old link stops working). */
export async function resendConfirmation(
  db: Kysely<Database>,
  adapters: { messages: MessageSender },
  customerId: number,
  emailId: number | string,
  base: LinkBase,
  now: Date = new Date(),
): Promise<CustomerEmail> {
  const row = await ownEmail(db, customerId, emailId);
  if (row.confirmed) throw new RpcRefusal('TA1', { key: 'server.profile.emailConfirmed' });
  await sendConfirmationLink(db, adapters, row.id, row.email, base, now);
  return toEmail(row);
}

/**
 * Confirms the address a link's token was sent to. Answers whether it did: an unknown, used or
 * expired token confirms nothing.
 *
 * @example
 * const confirmed = await confirmEmailByToken(db, request.query.token);
 */
export async function confirmEmailByToken(db: Kysely<Database>, token: string, now: Date = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const updated = await db
    .updateTable('customer_emails')
    .set({ confirmed: true, confirmation_token_hash: null, confirmation_expires_at: null })
    .where('confirmation_token_hash', '=', tokenHash(token))
    .where('confirmation_expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/**
 * Confirms one of the customer's addresses with the token of its confirmation link, typed or pasted in
 * (the link itself confirms through confirmEmailByToken). A wrong, used or expired token is refused on
 * the token field and confirms nothing.
 *
 * @example
 * const email = await confirmOwnEmail(db, customerId, emailId, token);
 */
export async function confirmOwnEmail(
  db: Kysely<Database>,
  customerId: number,
  emailId: number | string,
  token: string,
  now: Date = new Date(),
): Promise<CustomerEmail> {
  const row = await ownEmail(db, customerId, emailId);
  if (row.confirmed) return toEmail(row);
  const updated = await db
    .updateTable('customer_emails')
    .set({ confirmed: true, confirmation_token_hash: null, confirmation_expires_at: null })
    .where('id', '=', row.id)
    .where('confirmation_token_hash', '=', tokenHash(token))
    .where('confirmation_expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new RpcRefusal('TA1', { validationErrors: [{ field: 'token', key: 'server.profile.emailTokenWrong' }] });
  return toEmail(updated);
}

/**
 * Makes a confirmed address primary. For a customer whose own user signs in with the primary
 * address (a personal customer), the user's login changes to it too, in the same transaction; an
 * address that is another user's login is refused, since logins are unique.
 */
export async function setPrimaryEmail(db: Kysely<Database>, customerId: number, emailId: number | string): Promise<CustomerEmail[]> {
  const row = await ownEmail(db, customerId, emailId);
  if (!row.confirmed) throw new RpcRefusal('TA1', { key: 'server.profile.confirmBeforePrimary' });
  if (row.is_primary) return customerEmails(db, customerId);
  await db.transaction().execute(async (trx) => {
    const customer = await trx.selectFrom('customers').select('type').where('id', '=', customerId).forUpdate().executeTakeFirstOrThrow();
    const previous = await trx
      .selectFrom('customer_emails')
      .select('email')
      .where('customer_id', '=', customerId)
      .where('is_primary', '=', true)
      .executeTakeFirst();
    if (customer.type === 'personal' && previous) {
      const taken = await trx.selectFrom('users').select('id').where('email', '=', row.email).executeTakeFirst();
      if (taken) throw new RpcRefusal('TA1', { key: 'server.profile.emailTaken' });
      await trx.updateTable('users').set({ email: row.email }).where('customer_id', '=', customerId).where('email', '=', previous.email).execute();
      // The username-change request is done: told on every open page (a tap opens the profile).
      await notifyCustomer(trx, customerId, {
        type: 'usernameChanged',
        title: { key: 'server.notifications.usernameChanged.title' },
        body: { key: 'server.notifications.usernameChanged.body', values: { username: row.email } },
      });
    }
    await trx.updateTable('customer_emails').set({ is_primary: false }).where('customer_id', '=', customerId).where('is_primary', '=', true).execute();
    await trx.updateTable('customer_emails').set({ is_primary: true }).where('id', '=', row.id).execute();
  });
  return customerEmails(db, customerId);
}

/** Deletes an address other than the primary one. */
export async function deleteEmail(db: Kysely<Database>, customerId: number, emailId: number | string): Promise<CustomerEmail[]> {
  const row = await ownEmail(db, customerId, emailId);
  if (row.is_primary) throw new RpcRefusal('TA1', { key: 'server.profile.primaryEmailKept' });
  await db.deleteFrom('customer_emails').where('id', '=', row.id).where('customer_id', '=', customerId).execute();
  return customerEmails(db, customerId);
}
